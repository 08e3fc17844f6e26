import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CurrentUser } from '../shared/types';
import { App } from './app/App';
import { getBootData } from './app/config';
import { createAppRouter, localeOfPath, syncLocaleWithRouter } from './app/router';
import { setupStore } from './app/store';
import { sessionApi } from './features/session/sessionApi';
import { DEFAULT_LOCALE } from '../shared/locales';

const router = createAppRouter();
const store = setupStore(
  { i18n: { locale: localeOfPath(window.location.pathname) ?? DEFAULT_LOCALE } },
  { router },
);
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
