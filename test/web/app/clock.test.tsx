/**
 * The time "now" across a server render and its hydration (src/web/app/clock.ts): the browser's
 * first render draws the server's "now" (no mismatch), the next one the browser's clock: in a
 * deferred render after the one that opens the page's gate, not in it (issue 15: a list's cards
 * drawing again in one long task).
 */
import { act } from 'react';
import { render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { useNow } from '../../../src/web/app/clock';
import { setupStore } from '../../../src/web/app/store';
import { HydrationGate } from '../../../src/web/ui/HydrationGate';
import { useHydrated } from '../../../src/web/ui/useHydrated';

const SERVER_NOW = Date.parse('2026-11-25T10:00:00Z');
const CLIENT_NOW = Date.parse('2026-11-25T12:30:00Z');

function Clock() {
  const now = useNow();
  const hydrated = useHydrated();
  return (
    <p>
      {now.toISOString()} {hydrated ? 'hydrated' : 'server'}
    </p>
  );
}

const hydration = {
  api: { queries: {}, mutations: {}, provided: { tags: {}, keys: {} }, subscriptions: {} },
  errorPage: null,
  renderedAt: SERVER_NOW,
} as never;

afterEach(() => jest.useRealTimers());

it("hydrates with the server's now, then shows the browser's", async () => {
  jest.useFakeTimers({ now: SERVER_NOW });
  const server = setupStore(undefined, { hydration: null });
  server.dispatch({ type: 'clock/renderStarted', payload: SERVER_NOW });
  const html = renderToString(
    <Provider store={server}>
      <HydrationGate>
        <Clock />
      </HydrationGate>
    </Provider>,
  );
  expect(html).toContain('2026-11-25T10:00:00.000Z');
  expect(html).toContain('server');

  jest.setSystemTime(CLIENT_NOW);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const client = setupStore(undefined, { hydration });
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <Provider store={client}>
        <HydrationGate>
          <Clock />
        </HydrationGate>
      </Provider>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  // The first client render matched the server's HTML (its time): no mismatch to recover from.
  expect(mismatches).toEqual([]);
  expect(container.textContent).toBe('2026-11-25T12:30:00.000Z hydrated');

  // A minute on, the clock moves by itself.
  await act(async () => {
    jest.advanceTimersByTime(60_000);
  });
  expect(container.textContent).toBe('2026-11-25T12:31:00.000Z hydrated');
  container.remove();
});

it('is the browser clock at once on a page the browser rendered alone', () => {
  jest.useFakeTimers({ now: CLIENT_NOW });
  render(
    <Provider store={setupStore(undefined, { hydration: null })}>
      <Clock />
    </Provider>,
  );
  expect(screen.getByText('2026-11-25T12:30:00.000Z hydrated')).toBeInTheDocument();
});

it('moves to the browser clock in a render after the one that opens the gate', async () => {
  jest.useFakeTimers({ now: SERVER_NOW });
  const log: string[] = [];
  function Stamp() {
    const now = useNow();
    // What the page shows while this renders: the gate's render is committed before this one.
    const gate = document.querySelector('fieldset')?.disabled ? 'gate closed' : 'gate open';
    log.push(`${now.toISOString()} ${gate}`);
    return <time>{now.toISOString()}</time>;
  }
  const tree = (store: ReturnType<typeof setupStore>) => (
    <Provider store={store}>
      <HydrationGate>
        <Stamp />
      </HydrationGate>
    </Provider>
  );
  const server = setupStore(undefined, { hydration: null });
  server.dispatch({ type: 'clock/renderStarted', payload: SERVER_NOW });
  const html = renderToString(tree(server));
  jest.setSystemTime(CLIENT_NOW);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  log.length = 0;
  const mismatches: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree(setupStore(undefined, { hydration })), {
      onRecoverableError: (error) => mismatches.push(error),
    });
  });
  expect(mismatches).toEqual([]);
  // Hydration drew the server's time behind the closed gate; the browser's time came in a render
  // of its own once the open gate was on the page, not in the render that opened it.
  expect(log).toEqual([
    '2026-11-25T10:00:00.000Z gate closed',
    '2026-11-25T12:30:00.000Z gate open',
  ]);
  expect(container.textContent).toBe('2026-11-25T12:30:00.000Z');
  container.remove();
});
