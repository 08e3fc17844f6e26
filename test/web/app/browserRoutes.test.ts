/**
 * The browser's router starts with the page's locale only (src/web/app/router.tsx browserRoutes,
 * issue 15's Total Blocking Time) and gains another locale's routes the first time a navigation
 * goes there: the language switcher's links, a typed URL, a path without a locale.
 */
import { createMemoryRouter } from 'react-router-dom';
import { appRoutes, browserRoutes } from '../../../src/web/app/router';

/** The router over the routes a browser at `path` starts with (no page modules: ids only). */
function routerAt(path: string) {
  const { initial, patchRoutesOnNavigation } = browserRoutes(appRoutes({ pages: [] }), path);
  const router = createMemoryRouter(initial, {
    initialEntries: [path],
    patchRoutesOnNavigation,
    hydrationData: {},
  });
  const ids = () => router.state.matches.map((m) => m.route.id);
  const topLevel = () => router.routes.map((r) => r.id);
  return { router, ids, topLevel };
}

describe('browserRoutes', () => {
  it("starts with the page's locale and the redirect of paths without one", () => {
    const { ids, topLevel } = routerAt('/lv/tasks/TKOPEN01');
    expect(topLevel()).toEqual(['lv', 'unprefixed']);
    expect(ids()).toEqual(['lv', 'lv:pages', 'lv:task']);
  });

  it("adds another locale's routes when a navigation first goes there, once", async () => {
    const { router, ids, topLevel } = routerAt('/lv/tasks');
    await router.navigate('/en/tasks/TKOPEN01');
    expect(ids()).toEqual(['en', 'en:pages', 'en:task']);
    expect(topLevel()).toEqual(['lv', 'unprefixed', 'en']);
    await router.navigate('/lv');
    await router.navigate('/en/tasks');
    expect(ids()).toEqual(['en', 'en:pages', 'en:tasks']);
    expect(topLevel()).toEqual(['lv', 'unprefixed', 'en']);
  });

  it("still answers a locale's unknown path with its 404 and a path without a locale with the redirect", async () => {
    const { router, ids } = routerAt('/ru');
    await router.navigate('/ru/no-such-page');
    expect(ids()).toEqual(['ru', 'ru:pages', 'ru:notFound']);
    await router.navigate('/no-such-locale/tasks');
    expect(ids()).toEqual(['unprefixed']);
  });
});
