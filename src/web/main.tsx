import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { appRoutes, loadRouteModules, localeOfPath, syncLocaleWithRouter } from './app/router';
import { setupStore } from './app/store';
import { loadPageMessages } from './i18n/pageMessages';
import { matchRoute } from './i18n/routes';
import { DEFAULT_LOCALE } from '../shared/locales';

const routes = appRoutes();
const { pathname } = window.location;
const locale = localeOfPath(pathname);

// The page's chunk (with its catalog parts) and the shell's catalog, in parallel, before the
// router is created: its first render is then the page the server rendered (src/server/render),
// so React hydrates it instead of drawing a fallback over it.
const ready = Promise.all([
  loadRouteModules(routes, pathname),
  // Exactly the catalog parts the server rendered with (pageMessages.ts).
  locale
    ? loadPageMessages(locale, matchRoute(pathname)?.name ?? null).catch(() => undefined)
    : undefined,
]);

void ready.then(() => {
  const router = createBrowserRouter(routes);
  // The store starts from the server render's state (#talka-data `hydration`: the queries it ran,
  // its error page and its clock), so hydration's first render equals the server's.
  const store = setupStore({ i18n: { locale: locale ?? DEFAULT_LOCALE } }, { router });
  syncLocaleWithRouter(store, router);

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
});
