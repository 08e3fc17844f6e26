import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import type { CurrentUser } from '../shared/types';
import { App } from './app/App';
import { getBootData } from './app/config';
import { appRoutes, loadRouteModules, localeOfPath, syncLocaleWithRouter } from './app/router';
import { setupStore } from './app/store';
import { sessionApi } from './features/session/sessionApi';
import { loadMessages } from './i18n/loadMessages';
import { DEFAULT_LOCALE } from '../shared/locales';

const routes = appRoutes();
const { pathname } = window.location;
const locale = localeOfPath(pathname);

// The page's chunk (with its catalog parts) and the shell's catalog, in parallel, before the
// router is created: its first render is then the page itself, not a fallback.
const ready = Promise.all([
  loadRouteModules(routes, pathname),
  locale ? loadMessages(locale).catch(() => undefined) : undefined,
]);

void ready.then(() => {
  const router = createBrowserRouter(routes);
  const store = setupStore({ i18n: { locale: locale ?? DEFAULT_LOCALE } }, { router });
  syncLocaleWithRouter(store, router);

  // The server may render the current user into #talka-data: no /api/me round trip on load.
  const boot = getBootData<{ me?: CurrentUser | null }>();
  if (boot && boot.me !== undefined) {
    void store.dispatch(sessionApi.util.upsertQueryData('me', undefined, boot.me));
  }

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>,
  );
});
