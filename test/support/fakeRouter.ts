import type { AppRouter } from '../../src/web/app/navigation';

/**
 * The saga-context router (the `AppRouter` contract of src/web/app/navigation.ts) at a URL: its
 * location moves on navigate, as a data router's does; `navigate` is a mock to assert calls.
 */
export function fakeRouter(url: string) {
  const at = new URL(url, 'http://talka.test');
  const router = {
    navigate: jest.fn((to: string, _options?: { replace?: boolean }) => {
      const next = new URL(to, 'http://talka.test');
      router.state.location = { pathname: next.pathname, search: next.search };
    }),
    state: { location: { pathname: at.pathname, search: at.search } },
  } satisfies AppRouter;
  return router;
}

export type FakeRouter = ReturnType<typeof fakeRouter>;

/** The router's URL: path and query. */
export const routerUrl = (router: FakeRouter): string =>
  `${router.state.location.pathname}${router.state.location.search}`;
