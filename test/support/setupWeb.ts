import '@testing-library/jest-dom';
// From dom, not react: loading react-dom here would come before test/support/renderCounter's hook.
import { configure } from '@testing-library/dom';
import { TextEncoder, TextDecoder } from 'node:util';

// jsdom lacks these; RTK Query uses them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in globalThis)) {
  Object.assign(globalThis, { ResizeObserver: ResizeObserverStub });
}

// Pages, modals and the chat panel are lazy chunks: on a busy 2-core CI machine a first
// dynamic import can take longer than Testing Library's default 1 s wait for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: its window.scrollTo only logs "Not implemented". react-router's scroll
// restoration calls it on each navigation; tests that care spy on it (test/web/app/router.test.tsx).
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// Drafts of forms (src/web/ui/draft.ts) live in sessionStorage: no test starts with another's.
if (typeof window !== 'undefined') afterEach(() => window.sessionStorage.clear());
