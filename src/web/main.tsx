import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CurrentUser } from '../shared/types';
import { App } from './app/App';
import { getBootData } from './app/config';
import { createAppHistory, historyNavigation } from './app/history';
import { localeOfPath, preloadPage, syncLocaleWithRouter } from './app/router';
import { setupStore } from './app/store';
import { sessionApi } from './features/session/sessionApi';
import { loadMessages } from './i18n/loadMessages';
import { DEFAULT_LOCALE } from '../shared/locales';

const history = createAppHistory();
const router = historyNavigation(history);
// The page's chunk loads beside the locale's catalog, not after it.
const pageLoaded = preloadPage(window.location.pathname);
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

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <App store={store} history={history} />
    </StrictMode>,
  );

// A server-rendered first paint (src/server/firstPaint.ts) stays until the SPA can draw the page
// itself: with the catalog and the page's chunk in, its first commit is the page, not a blank
// layout waiting for them. createRoot then renders over the preview.
const locale = localeOfPath(window.location.pathname);
if (locale && container.querySelector('[data-first-paint]')) {
  void Promise.all([loadMessages(locale).catch(() => undefined), pageLoaded]).then(render);
} else {
  render();
}
