// Static imports of React, React DOM and the router only: they are the work of this bundle's own
// evaluation (its task is then long enough for Lighthouse's model to see that the script ran after
// the first paint: a script whose evaluation it cannot find, it counts as blocking the paint).
// Every other module is evaluated in a step of the boot below. Each `await import()` is
// destructured at once, which webpack tree-shakes as a static import.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { whenIdle, yieldToMain } from './app/yieldToMain';
import { DEFAULT_LOCALE } from '../shared/locales';

// The boot runs in steps, each in a task of its own (yieldToMain), so that no step blocks the main
// thread long (issue 15, Total Blocking Time: Lighthouse's phone model counts every task over
// 12.5 ms of this machine's time). The modules of each step are in this chunk and the shared vendor
// chunk as before (webpackMode "eager": no extra request); only their evaluation waits for its
// step, and the largest graphs are evaluated from their leaves up, a part per step: RTK Query, the
// app's API, the store, the shell, the routes (then the page's chunk and catalog requests start),
// ICU's data, the app's providers, then the router, the store and hydration.
async function boot(): Promise<void> {
  const { pathname } = window.location;
  // The bundles' own evaluation (React, React DOM, the router) was this task's work so far.
  await yieldToMain();
  // RTK Query's modules (with Redux, Immer and Reselect), then the app's API on them (its
  // endpoints; the routes' pages use it too), then the store's slices.
  await import(/* webpackMode: "eager" */ '@reduxjs/toolkit/query/react').then(
    ({ createApi }) => createApi,
  );
  await yieldToMain();
  await import(/* webpackMode: "eager" */ './api/api').then(({ api }) => api);
  await yieldToMain();
  const { setupStore } = await import(/* webpackMode: "eager" */ './app/store');
  await yieldToMain();
  // The shell (header, footer, the providers of a locale), then the route table on it.
  await import(/* webpackMode: "eager" */ './app/LocaleRoot').then(({ LocaleRoot }) => LocaleRoot);
  await yieldToMain();
  const { appRoutes, browserRoutes, loadRouteModules, localeOfPath, syncLocaleWithRouter } =
    await import(/* webpackMode: "eager" */ './app/router');
  await yieldToMain();
  const routes = appRoutes();
  await yieldToMain();
  const { matchRoute } = await import(/* webpackMode: "eager" */ './i18n/routes');
  const { loadPageMessages, renderedPartsFromBootData } = await import(
    /* webpackMode: "eager" */ './i18n/pageMessages'
  );
  const locale = localeOfPath(pathname);
  // The page's chunk (with its catalog parts) and the shell's catalog, in parallel, before the
  // router is created: its first render is then the page the server rendered (src/server/render),
  // so React hydrates it instead of drawing a fallback over it. Their requests start in two tasks.
  const pageLoaded = loadRouteModules(routes, pathname);
  await yieldToMain();
  // Exactly the catalog parts the server rendered with (pageMessages.ts).
  const messagesLoaded = locale
    ? loadPageMessages(
        locale,
        matchRoute(pathname)?.name ?? null,
        renderedPartsFromBootData(),
      ).catch(() => undefined)
    : undefined;
  const ready = Promise.all([pageLoaded, messagesLoaded]);
  await yieldToMain();
  // The page's first use of Intl sets up the browser's ICU locale data (40-150 ms in the bench's
  // Chromium, in react-intl's IntlProvider otherwise). The loader's warm-up worker has usually done
  // it by now (scripts/webpack/boot.js: ~0 ms here); where it has not, it is a task of its own, not
  // a part of hydration's.
  Intl.NumberFormat.supportedLocalesOf(locale ?? DEFAULT_LOCALE);
  await yieldToMain();
  const { App } = await import(/* webpackMode: "eager" */ './app/App');
  await yieldToMain();
  await ready;
  await yieldToMain();

  // The page's locale's routes; the others come when a navigation first needs them (router.tsx).
  // `hydrationData`: the page is the server's render of these routes (none has a loader), so the
  // router starts on it at once instead of asking patchRoutesOnNavigation about its path first.
  const { initial, patchRoutesOnNavigation } = browserRoutes(routes, pathname);
  const router = createBrowserRouter(initial, { patchRoutesOnNavigation, hydrationData: {} });
  await yieldToMain();
  // The store starts from the server render's state (#talka-data `hydration`: the queries it ran,
  // its error page and its clock), so hydration's first render equals the server's.
  let startSagas = (): void => undefined;
  const sagasMayStart = new Promise<void>((resolve) => {
    startSagas = resolve;
  });
  const store = setupStore(
    { i18n: { locale: locale ?? DEFAULT_LOCALE } },
    { router, startSagasAfter: sagasMayStart },
  );
  syncLocaleWithRouter(store, router);
  await yieldToMain();

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>
  );
  // Hydration as a transition: React yields to the browser every few milliseconds instead of one
  // long task (the page is already painted and, until hydrated, its controls are disabled).
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  // The sagas (session expiry, redirects, the push stream), once they have work (a signed-in user,
  // a task page: store.ts sagasHaveWork), and not before the browser is idle after hydration's
  // first work: their chunk's evaluation is not one more long task of the start.
  whenIdle(startSagas);
}

void boot();
