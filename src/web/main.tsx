import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import type { CurrentUser } from '../shared/types';
import { App } from './app/App';
import { getBootData } from './app/config';
import { appRoutes, loadRouteModules, localeOfPath, syncLocaleWithRouter } from './app/router';
import { setupStore } from './app/store';
import { showErrorPage } from './features/errors/errorPageSlice';
import { sessionApi } from './features/session/sessionApi';
import { loadMessages } from './i18n/loadMessages';
import { DEFAULT_LOCALE } from '../shared/locales';

const routes = appRoutes();
const { pathname } = window.location;
const locale = localeOfPath(pathname);

// The page's chunk (with its catalog parts) and the shell's catalog, in parallel, before the
// router is created: its first render is then the page the server rendered (src/server/render),
// so React hydrates it instead of drawing a fallback over it.
const ready = Promise.all([
  loadRouteModules(routes, pathname),
  locale ? loadMessages(locale).catch(() => undefined) : undefined,
]);

void ready.then(() => {
  const router = createBrowserRouter(routes);
  // The store primes its cache from the data the server rendered with (#talka-data).
  const store = setupStore({ i18n: { locale: locale ?? DEFAULT_LOCALE } }, { router });
  syncLocaleWithRouter(store, router);

  // The server renders the current user into #talka-data: no /api/me round trip on load.
  const boot = getBootData<{ me?: CurrentUser | null; errorPage?: unknown }>();
  if (boot && boot.me !== undefined) {
    store.dispatch(
      sessionApi.util.upsertQueryEntries([{ endpointName: 'me', arg: undefined, value: boot.me }]),
    );
  }
  // The error page the server rendered in the page's place (a missing task), as it rendered it.
  if (typeof boot?.errorPage === 'number') store.dispatch(showErrorPage(boot.errorPage));

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>
  );
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
