/**
 * Serves the built SPA: hashed assets with a long cache, and index.html (with the public config
 * inlined) for every other GET outside the API, so deep links and unknown locales reach the router.
 *
 * Task pages (/{locale}/tasks/{slug}) are rendered per request: the head gets the task's title and
 * social meta tags (crawlers run no JavaScript), and <script id="talka-data"> carries
 * TaskPageData, so the SPA primes its cache and needs no second request. That load counts the view.
 * #root gets a first paint of the task (firstPaint.ts: title, status, budget, description, first
 * photo, with the photo preloaded), readable before the JavaScript arrives; the SPA renders over it.
 * The home page (/{locale}) gets its hero text the same way. The task list (/{locale}/tasks) gets the
 * cards of the page its URL asks for, loaded with the same request the SPA would make
 * (TaskListPageData), so the SPA primes its cache with them and neither refetches nor flashes.
 * Its filters are respected, read from the query string by the SPA's own mapping
 * (filtersFromParams in src/shared/taskList.ts); a request the API would refuse (an unknown
 * category, an inverted budget range, a too long search) gets no first paint: the SPA then shows
 * the API's answer itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicConfig, ServerConfig } from '../../config';
import { isLocale, type Locale } from '../shared/locales';
import {
  filtersFromParams,
  requestArgs,
  requestQuery,
  type TaskListArgs,
} from '../shared/taskList';
import type { CurrentUser, Paginated, Task, TaskSummary } from '../shared/types';
import { resolveSession } from './auth/session';
import { isSafeRelative } from './storage/storage';
import { notFound } from './errors';
import {
  firstPaintStyle,
  renderHomeFirstPaint,
  renderTaskFirstPaint,
  renderTaskListFirstPaint,
  taskImagePreload,
} from './firstPaint';
import type { RawQuery } from './routes/browseQuery';
import { listTasks, parseTaskListQuery } from './routes/taskList';
import { renderTaskHead } from './tasks/head';
import { loadTaskEntry } from './tasks/loadTask';
import { countView, knownViewerKey } from './tasks/views';
import { toCurrentUser } from './users';
import { isApiUrl } from './validate';
import './types';

/** What a task page embeds in <script id="talka-data">. */
export interface TaskPageData {
  /** The task exactly as GET /api/tasks/{slug}?locale={locale} returns it to this viewer (its
   * `data`), views_count included; null when there is no such task (the response is then 404). */
  task: Task | null;
  /** The slug from the URL (an identifier or a uuid). */
  slug: string;
  locale: Locale;
  /** The current user, as GET /api/me gives it; null for a visitor. */
  me: CurrentUser | null;
  /** The HTTP status of the page: 200, or 404 for a missing task. */
  status: 200 | 404;
}

/** What the task list page (/{locale}/tasks) embeds in <script id="talka-data">. */
export interface TaskListPageData {
  locale: Locale;
  /** The current user, as GET /api/me gives it; null for a visitor. */
  me: CurrentUser | null;
  /**
   * The SPA's request for this URL (requestArgs of its filters) and the page GET /api/tasks answers
   * to it; null when the server did not load it (the API would refuse the request).
   */
  taskList: { args: TaskListArgs; page: Paginated<TaskSummary> } | null;
}

/** JSON that is safe inside <script>: no '<' (so no </script> or <!--), no U+2028/2029. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface RenderIndexOptions {
  config: PublicConfig;
  /** Extra head tags, already escaped by the caller (e.g. title and social meta tags). */
  head?: string;
  /** Data the SPA reads at boot from <script id="talka-data">. */
  data?: unknown;
  /** Sets <html lang>. */
  lang?: string;
  /** A server-rendered first paint for <div id="root">, already escaped (see firstPaint.ts). */
  root?: string;
}

const TEMPLATE_TITLE = /<title>[\s\S]*?<\/title>[ \t]*\r?\n?/i;
const EMPTY_ROOT = /<div id="root"><\/div>/;

export function renderIndexHtml(template: string, opts: RenderIndexOptions): string {
  const configTag = `<script id="talka-config" type="application/json">${jsonForScript(opts.config)}</script>`;
  const dataTag =
    opts.data === undefined
      ? ''
      : `<script id="talka-data" type="application/json">${jsonForScript(opts.data)}</script>`;
  let html = template;
  // A head with its own title replaces the template's default one (one <title> per page).
  if (opts.head && /<title>/i.test(opts.head)) html = html.replace(TEMPLATE_TITLE, '');
  if (opts.root) {
    const root = opts.root;
    html = html.replace(EMPTY_ROOT, () => `<div id="root">${root}</div>`);
  }
  if (opts.lang) {
    const lang = opts.lang.replace(/[^A-Za-z-]/g, '');
    html = html.replace(
      /<html\b([^>]*?)\slang="[^"]*"/i,
      (_m, attrs: string) => `<html${attrs} lang="${lang}"`,
    );
  }
  // Replacer functions, so '$&' or '$1' in the inserted text is never read as a pattern.
  return html
    .replace('<!--talka-config-->', () => configTag)
    .replace('<!--talka-head-->', () => opts.head ?? '')
    .replace('<!--talka-data-->', () => dataTag);
}

/** Files with a content hash in the name never change, so browsers may keep them for a year. */
const HASHED_ASSET = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * Renders a task page for this request's viewer: the head tags, the embedded TaskPageData, and the
 * view count. A missing task gives the plain SPA page with status 404 (the SPA shows the error page).
 */
async function sendTaskPage(
  app: FastifyInstance,
  template: string,
  request: FastifyRequest,
  reply: FastifyReply,
  locale: Locale,
  slug: string,
): Promise<string> {
  const { config } = app;
  // Page routes skip the API's session hook; the embedded task depends on who is looking.
  await resolveSession(request, reply);
  const loaded = await loadTaskEntry(app.db, slug, request.user, locale, {
    viewerKey: knownViewerKey(request),
  });
  if (loaded && request.method === 'GET') {
    loaded.task.views_count = await countView(
      request,
      reply,
      loaded.task,
      loaded.authorUuid,
      loaded.viewedRecently,
    );
  }
  const data: TaskPageData = {
    task: loaded?.task ?? null,
    slug,
    locale,
    me: request.user ? toCurrentUser(request.user) : null,
    status: loaded ? 200 : 404,
  };
  const photoSrc = loaded ? await inlineThumbnail(config.uploadsDir, loaded.task) : undefined;
  const html = renderIndexHtml(template, {
    config: config.public,
    head: loaded
      ? [
          renderTaskHead(loaded.task, locale, config.public.publicUrl),
          photoSrc ? '' : taskImagePreload(loaded.task),
          firstPaintStyle(),
        ]
          .filter(Boolean)
          .join('\n    ')
      : undefined,
    data,
    lang: locale,
    // The task readable before the JavaScript arrives; the SPA renders over it.
    root: loaded ? renderTaskFirstPaint(loaded.task, locale, new Date(), photoSrc) : undefined,
  });
  reply
    .code(data.status)
    .type('text/html; charset=utf-8')
    // Who is looking shapes the page (places, offers, contacts): never a shared cache.
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Cookie');
  return html;
}

/** Thumbnails up to this size are inlined into the task page's first paint. */
export const INLINE_THUMBNAIL_MAX_BYTES = 12 * 1024;
const THUMBNAIL_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/**
 * The task's first thumbnail (the page's largest paint on a phone) as a data: URI, read from the
 * uploads folder, when it is at most INLINE_THUMBNAIL_MAX_BYTES (the seed's and sharp's thumbnails
 * are 4-8 KB): it then arrives with the HTML instead of as a request of its own that competes with
 * the bundles on a slow network. Anything else (a larger or missing file, a path outside /uploads)
 * keeps its URL and the preload.
 */
async function inlineThumbnail(
  uploadsDir: string,
  task: Pick<Task, 'images'>,
): Promise<string | undefined> {
  const url = task.images[0]?.thumbnail;
  if (!url?.startsWith('/uploads/')) return undefined;
  const relative = url.slice('/uploads/'.length);
  const type = THUMBNAIL_TYPES[path.extname(relative).toLowerCase()];
  if (!type || !isSafeRelative(relative)) return undefined;
  try {
    const file = path.join(path.resolve(uploadsDir), ...relative.split('/'));
    const stat = await fs.promises.stat(file);
    if (!stat.isFile() || stat.size > INLINE_THUMBNAIL_MAX_BYTES) return undefined;
    return `data:${type};base64,${(await fs.promises.readFile(file)).toString('base64')}`;
  } catch {
    return undefined;
  }
}

/** A query string as Fastify's parser gives it: repeated keys as arrays. */
function rawQueryOf(search: URLSearchParams): RawQuery {
  const query: RawQuery = {};
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    query[key] = values.length === 1 ? values[0] : values;
  }
  return query;
}

/**
 * Renders the task list for this URL: the page of tasks its filters ask for, as the SPA's first
 * request would get it, embedded and drawn into #root.
 */
async function sendTaskListPage(
  app: FastifyInstance,
  template: string,
  request: FastifyRequest,
  reply: FastifyReply,
  locale: Locale,
): Promise<string> {
  await resolveSession(request, reply);
  const url = request.raw.url ?? request.url;
  const search = new URLSearchParams(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '');
  const args = requestArgs(filtersFromParams(search), locale);
  let page: Paginated<TaskSummary> | null = null;
  try {
    // The API's own parsing of the SPA's request: what it refuses (422) gets no first paint.
    const filter = await parseTaskListQuery(rawQueryOf(new URLSearchParams(requestQuery(args))));
    page = await listTasks(app.db, filter, locale);
  } catch (err) {
    request.log.debug({ err }, 'task list: no first paint for this query');
  }
  const data: TaskListPageData = {
    locale,
    me: request.user ? toCurrentUser(request.user) : null,
    taskList: page ? { args, page } : null,
  };
  reply
    .type('text/html; charset=utf-8')
    // The current user is embedded: never a shared cache.
    .header('Cache-Control', 'private, no-cache')
    .header('Vary', 'Cookie');
  return renderIndexHtml(template, {
    config: app.config.public,
    head: page ? firstPaintStyle() : undefined,
    data,
    lang: locale,
    root: page ? renderTaskListFirstPaint(page, locale) : undefined,
  });
}

export async function registerSpa(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const indexFile = path.join(config.staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ staticDir: config.staticDir }, 'no built SPA found; serving the API only');
    return;
  }
  const template = fs.readFileSync(indexFile, 'utf8');
  const html = renderIndexHtml(template, { config: config.public });
  // preCompressed: the build writes name.js.br and name.js.gz beside each asset (webpack.config.ts).
  await app.register(fastifyStatic, {
    root: config.staticDir,
    serve: false,
    index: false,
    preCompressed: true,
  });

  const serve = async (rel: string, reply: FastifyReply) => {
    if (isApiUrl(`/${rel}`, config.public.apiBase)) throw notFound();
    const last = rel.split('/').pop() ?? '';
    if (last.includes('.') && last !== 'index.html') {
      const hashed = HASHED_ASSET.test(last);
      return reply.sendFile(rel, {
        maxAge: hashed ? 365 * 24 * 3600 * 1000 : 0,
        immutable: hashed,
        dotfiles: 'deny',
      });
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };

  // A page whose server render failed still boots; the SPA's own request then reports the failure.
  const sendPlain = (reply: FastifyReply) =>
    reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);

  app.get<{ Params: { '*': string } }>('/*', async (request, reply) =>
    serve(request.params['*'], reply),
  );

  // The home page of each locale, with its first paint (the same for everyone: rendered once).
  const homes = new Map<Locale, string>();
  app.get<{ Params: { locale: string } }>('/:locale', async (request, reply) => {
    const { locale } = request.params;
    if (!isLocale(locale)) return serve(locale, reply);
    let page = homes.get(locale);
    if (!page) {
      page = renderIndexHtml(template, {
        config: config.public,
        head: firstPaintStyle(),
        lang: locale,
        root: renderHomeFirstPaint(locale),
      });
      homes.set(locale, page);
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  });

  app.get<{ Params: { locale: string } }>('/:locale/tasks', async (request, reply) => {
    const { locale } = request.params;
    if (!isLocale(locale)) return serve(`${locale}/tasks`, reply);
    try {
      return await sendTaskListPage(app, template, request, reply, locale);
    } catch (err) {
      request.log.error({ err }, 'task list: server render failed');
      return sendPlain(reply);
    }
  });

  app.get<{ Params: { locale: string; slug: string } }>(
    '/:locale/tasks/:slug',
    async (request, reply) => {
      const { locale, slug } = request.params;
      if (!isLocale(locale) || slug.includes('.')) return serve(`${locale}/tasks/${slug}`, reply);
      try {
        return await sendTaskPage(app, template, request, reply, locale, slug);
      } catch (err) {
        request.log.error({ err }, 'task page: server render failed');
        return sendPlain(reply);
      }
    },
  );
}
