/**
 * The server render of every page (GET /{locale}/...): the queries the page's first render reads,
 * run through the API in-process as this viewer (src/web/app/prefetch.ts, ./apiTransport.ts), the
 * React tree rendered from that store (renderApp.tsx) with the page's catalog parts, and the HTML:
 * <html lang>, the page's <title> and social meta, its CSS, #root, and #talka-data with the store's
 * state, from which the browser's store starts before hydrating (main.tsx).
 *
 * Status: 200; 404 for an unknown path or a missing task; 500 (the error page) when the render
 * failed. A path without one of our locales redirects to the visitor's best locale.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../shared/locales';
import type { HydrationPayload } from '../../web/api/hydration';
import { dehydrate, messagePartsOf, prefetchPage, prefetchedTask } from '../../web/app/prefetch';
import { setupStore, type AppStore } from '../../web/app/store';
import type { MessagePart } from '../../web/i18n/loadMessages';
import { localiseUnprefixedPath, matchRoute } from '../../web/i18n/routes';
import { sessionCookieName } from '../auth/csrf';
import {
  CACHEABLE_STATUS,
  PAGE_TTL_MS,
  pageKey,
  type RenderedPage,
  type VisitorPage,
  type VisitorRender,
} from '../cache/pageCache';
import { translate } from '../i18n';
import { escapeHtml, renderTaskHead } from '../tasks/head';
import { countView } from '../tasks/views';
import { renderIndexHtml } from '../spa';
import { apiTransport } from './apiTransport';
import { pageCatalog } from './catalog';
import { renderApp, type RenderedApp } from './renderApp';
import '../types';

/**
 * What every page embeds in <script id="talka-data">: the render's store state (only this viewer's
 * own answers of the API), which the browser's store starts from (setupStore, api/hydration.ts).
 */
export interface PageData {
  hydration: HydrationPayload;
  /** The catalog parts the page was rendered with: the browser hydrates with the same. */
  messageParts: readonly MessagePart[];
}

/**
 * <title>, description and social meta of a page that is not a task (a task has its own:
 * tasks/head.ts). The description, what a search result shows under the title, is the home page's
 * promise in the page's language.
 */
function pageHead(title: string, locale: Locale): string {
  const text = escapeHtml(title);
  const description = escapeHtml(translate(locale, 'home.hero.subtitle'));
  return [
    `<title>${text}</title>`,
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${text}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:site_name" content="Talka" />`,
    `<meta property="og:locale" content="${locale}" />`,
  ].join('\n    ');
}

/** The first <h1>'s text of the rendered page: the title of a page that sets none itself. */
function firstHeading(html: string): string | undefined {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html);
  const text = match?.[1]
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .trim();
  return text || undefined;
}

/** Renders the page at this request's URL for its viewer. */
export async function sendPage(
  app: FastifyInstance,
  template: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const url = request.raw.url ?? request.url;
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const search = queryAt === -1 ? '' : url.slice(queryAt);
  const first = pathname.split('/')[1];
  if (!isLocale(first)) {
    const accepted = String(request.headers['accept-language'] ?? '')
      .split(',')
      .map((part) => part.split(';')[0].trim())
      .filter(Boolean);
    return reply.redirect(localiseUnprefixedPath(url, accepted), 302);
  }
  const locale: Locale = first;

  // A visitor's page as another visitor got it a moment ago (or is getting it now), with no query
  // run and no render (cache/pageCache.ts VisitorPages); a task page still counts this view.
  const visitor = request.user === null && !request.cookies[sessionCookieName(app.config)];
  const visitorPages = app.readModel.visitorPages;
  if (visitor) {
    const kept = await visitorPages.get(url);
    if (kept) {
      if (kept.task) await countView(request, reply, kept.task, kept.task.authorUuid);
      return sendHtml(reply, kept, 'render;desc="visitor"');
    }
  }
  const visitorRender = visitor ? visitorPages.start(url) : null;
  try {
    return await renderPage(
      app,
      template,
      request,
      reply,
      { url, locale, pathname, search },
      visitorRender,
    );
  } finally {
    visitorRender?.done();
  }
}

/** The page a request asks for: its URL, locale, path and query string. */
interface PageTarget {
  url: string;
  locale: Locale;
  pathname: string;
  search: string;
}

/** The page's queries and, unless the same answers made a page a moment ago, its render. */
async function renderPage(
  app: FastifyInstance,
  template: string,
  request: FastifyRequest,
  reply: FastifyReply,
  target: PageTarget,
  visitorRender: VisitorRender | null,
): Promise<FastifyReply> {
  const { url, locale, pathname, search } = target;
  const match = matchRoute(pathname);
  const name = match?.name ?? null;

  // The page's queries, through the API in-process with this request's cookies: exactly what the
  // API answers this viewer (a task page load counts its view there).
  const api = apiTransport(app, request);
  const store = setupStore({ i18n: { locale } }, { transport: api.transport });
  await prefetchPage(store, { name, params: match?.params ?? {}, locale, search });

  for (const cookie of api.setCookies()) void reply.header('Set-Cookie', cookie);

  // A page made of the same answers as one rendered a moment ago is that page (cache/pageCache.ts).
  const key = pageKey(url, locale, api.answers());
  const pages = app.readModel.pages;
  let page = pages.get(key);
  let timing = 'render;desc="cache"';
  if (!page) {
    const started = performance.now();
    const messageParts = messagePartsOf(store, { name, params: match?.params ?? {}, locale });
    const rendered = await renderApp(url, locale, store, pageCatalog(locale, messageParts));
    // A page that redirects on render (ui/Redirect.tsx): a visitor on the task form goes to login,
    // a created task's /tasks/view/{uuid} to its page.
    if (rendered.redirect) {
      return reply.header('Cache-Control', 'private, no-cache').redirect(rendered.redirect, 302);
    }
    page = pageOf(app, template, store, rendered, {
      name,
      slug: match?.params.slug,
      locale,
      messageParts,
    });
    if (CACHEABLE_STATUS.has(page.status)) pages.set(key, page, PAGE_TTL_MS);
    timing = `render;dur=${(performance.now() - started).toFixed(1)}`;
  }
  if (visitorRender && CACHEABLE_STATUS.has(page.status) && !api.answers().some(refused)) {
    const task = name === 'task' ? prefetchedTask(store, match?.params.slug ?? '', locale) : null;
    const kept: VisitorPage = {
      ...page,
      task: task && { uuid: task.uuid, authorUuid: task.author?.uuid ?? '', views_count: 0 },
    };
    // Unless a write came while the queries ran (their answers may be older than it).
    visitorRender.keep(kept);
  }
  return sendHtml(reply, page, timing);
}

/** An answer no other visitor would get alike: rate limited, or the server failed. */
const refused = (answer: string): boolean => {
  const status = Number(/^\S+ \S+ (\d{3})/.exec(answer)?.[1]);
  return status === 429 || status >= 500;
};

function sendHtml(reply: FastifyReply, page: RenderedPage, timing: string): FastifyReply {
  return (
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      // Who is looking shapes the page (the user menu, places, offers): never a shared cache.
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Cookie')
      .header('Server-Timing', timing)
      .send(page.body)
  );
}

/** The whole HTML document of a rendered page, and its status. */
function pageOf(
  app: FastifyInstance,
  template: string,
  store: AppStore,
  rendered: RenderedApp,
  page: {
    name: string | null;
    slug: string | undefined;
    locale: Locale;
    messageParts: readonly MessagePart[];
  },
): RenderedPage {
  const { name, locale } = page;
  // The status of what the page shows: the error page (features/errors/ErrorPage.tsx, data-status)
  // for a missing task, profile or path, or a failed render.
  const shown = /<[a-z]+ [^>]*data-status="(\d{3})"/.exec(rendered.html);
  const errorStatus = shown ? Number(shown[1]) : undefined;
  const status = Math.max(rendered.status, errorStatus ?? 200);

  let head: string;
  const task =
    name === 'task' && !errorStatus ? prefetchedTask(store, page.slug ?? '', locale) : null;
  if (task) {
    // The first photo (the largest paint on a phone) starts loading with the HTML's head.
    const preload = task.images[0]?.thumbnail;
    head = [
      renderTaskHead(task, locale, app.config.public.publicUrl),
      preload ? `<link rel="preload" as="image" href="${escapeHtml(preload)}" />` : '',
    ]
      .filter(Boolean)
      .join('\n    ');
  } else {
    // An error page's heading says more than the title its page set before failing.
    const title = errorStatus
      ? (firstHeading(rendered.html) ?? rendered.head.title)
      : (rendered.head.title ?? firstHeading(rendered.html));
    const appName = translate(locale, 'common.app.name');
    head = pageHead(
      title && !title.includes(appName) ? `${title} · ${appName}` : (title ?? appName),
      locale,
    );
  }
  const data: PageData = { hydration: dehydrate(store), messageParts: page.messageParts };
  const html = renderIndexHtml(template, {
    config: app.config.public,
    head: `${head}\n    ${rendered.styles}`,
    data,
    lang: locale,
    root: rendered.html,
    noscript: translate(locale, 'app.noscript'),
  });
  return { status, body: Buffer.from(html) };
}
