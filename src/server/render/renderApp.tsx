/**
 * Renders the web app's real React tree for one URL (the same route objects, components and styles
 * the browser hydrates): react-router's static handler and router, react-intl with the locale's
 * catalog, styled-components' ServerStyleSheet for the page's CSS, and a store primed by the caller.
 * Lazy parts inside pages are waited for (onAllReady), so the HTML is complete.
 */
import './webModules';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import type { Locale } from '../../shared/locales';
import { AppProviders } from '../../web/app/App';
import { appRoutes } from '../../web/app/router';
import type { AppStore } from '../../web/app/store';
import { routeIds } from '../../web/i18n/routes';
import { ServerRedirectContext } from '../../web/ui/Redirect';
import { DocumentHeadContext, type DocumentHead } from '../../web/ui/useDocumentTitle';
import type { Messages } from '../../web/i18n/loadMessages';

export interface RenderedApp {
  /** The markup of #root. */
  html: string;
  /** The page's <style> tags (styled-components). */
  styles: string;
  /** What the page asked for in <head>: its title (useDocumentTitle). */
  head: DocumentHead;
  /** 404 for the not-found route, 500 when the page failed and the error page was rendered. */
  status: number;
  /** Where the page redirected to (ui/Redirect.tsx): the server answers 302 with it. */
  redirect?: string;
}

/** Renders the tree to a string once everything in it (lazy parts too) is ready. */
function renderComplete(element: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, in place: no boundary is outlined to be revealed by an inline
      // script (the CSP allows none, and the page must read the same without JavaScript).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        if (failed) return;
        const sink = new PassThrough();
        let html = '';
        sink.setEncoding('utf8');
        sink.on('data', (chunk: string) => {
          html += chunk;
        });
        sink.on('end', () => resolve(html));
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        // A part that threw: the whole page is rendered as an error instead of a partial one.
        failed = error;
        reject(error);
      },
    });
  });
}

type StaticHandler = ReturnType<typeof createStaticHandler>;

/** What the render tells the server besides its markup: the page's <head>, a redirect. */
interface Collected {
  head: DocumentHead;
  redirect?: string;
}

function tree(
  handler: StaticHandler,
  context: StaticHandlerContext,
  store: AppStore,
  collected: Collected,
  sheet: ServerStyleSheet,
) {
  const router = createStaticRouter(handler.dataRoutes, context);
  return sheet.collectStyles(
    <DocumentHeadContext
      value={(title) => {
        collected.head.title = title;
      }}
    >
      <ServerRedirectContext
        value={(to) => {
          collected.redirect ??= to;
        }}
      >
        <AppProviders store={store}>
          {/* No hydration script (the CSP allows no inline script): pages load no route data. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </ServerRedirectContext>
    </DocumentHeadContext>,
  );
}

async function renderOnce(handler: StaticHandler, context: StaticHandlerContext, store: AppStore) {
  const sheet = new ServerStyleSheet();
  const collected: Collected = { head: {} };
  try {
    const html = await renderComplete(tree(handler, context, store, collected, sheet));
    return {
      html,
      styles: sheet.getStyleTags(),
      head: collected.head,
      redirect: collected.redirect,
    };
  } finally {
    sheet.seal();
  }
}

/**
 * The app at this URL (path and query) for a locale, with a store prefetched for the viewer and
 * the page's catalog parts (the pages' modules load once and are shared by every render).
 */
export async function renderApp(
  url: string,
  locale: Locale,
  store: AppStore,
  messages: Messages,
): Promise<RenderedApp> {
  const handler = createStaticHandler(appRoutes({ messages }));
  const context = await handler.query(new Request(new URL(url, 'http://talka.invalid')));
  if (context instanceof Response) {
    return {
      html: '',
      styles: '',
      head: {},
      status: context.status,
      redirect: context.headers.get('Location') ?? undefined,
    };
  }
  const leaf = context.matches[context.matches.length - 1]?.route;
  const notFound = leaf?.id === routeIds.notFound(locale);
  try {
    const rendered = await renderOnce(handler, context, store);
    if (rendered.redirect) return { ...rendered, html: '', styles: '', status: 302 };
    return { ...rendered, status: notFound ? 404 : context.statusCode };
  } catch (error) {
    // The error element of the locale's pages (inside the layout), as the browser would show it.
    const failed: StaticHandlerContext = {
      ...context,
      statusCode: 500,
      errors: { [routeIds.pages(locale)]: error },
    };
    const rendered = await renderOnce(handler, failed, store);
    return { ...rendered, status: 500 };
  }
}
