/**
 * The server render of every page (GET /{locale}/...): the viewer's session, the data the page's
 * first render reads from the RTK Query cache (loaded with the API's own functions, as the API
 * would answer this viewer), the React tree rendered from it (renderApp.tsx), and the HTML: <html
 * lang>, the page's <title> and social meta, its CSS, #root, and #talka-data, from which the
 * browser's store primes the same cache before hydrating (features/tasks/bootData.ts,
 * features/taskList/bootData.ts, main.tsx).
 *
 * Status: 200; 404 for an unknown path or a missing task; 500 (the error page) when the render
 * failed. A path without one of our locales redirects to the visitor's best locale.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '../../shared/locales';
import {
  filtersFromParams,
  requestArgs,
  requestQuery,
  type TaskListArgs,
} from '../../shared/taskList';
import type { CurrentUser, Paginated, Task, TaskSummary } from '../../shared/types';
import { setupStore } from '../../web/app/store';
import { showErrorPage } from '../../web/features/errors/errorPageSlice';
import { sessionApi } from '../../web/features/session/sessionApi';
import { taskListApi } from '../../web/features/taskList/taskListApi';
import { taskApi } from '../../web/features/tasks/taskApi';
import { localiseUnprefixedPath, matchRoute } from '../../web/i18n/routes';
import { resolveSession } from '../auth/session';
import { translate } from '../i18n';
import type { RawQuery } from '../routes/browseQuery';
import { listTasks, parseTaskListQuery } from '../routes/taskList';
import { escapeHtml, renderTaskHead } from '../tasks/head';
import { loadTaskEntry } from '../tasks/loadTask';
import { countView, knownViewerKey } from '../tasks/views';
import { toCurrentUser } from '../users';
import { renderIndexHtml } from '../spa';
import { renderApp } from './renderApp';
import '../types';

/** What every page embeds in <script id="talka-data"> (only this viewer's own data). */
export interface PageData {
  locale: Locale;
  /** The current user, as GET /api/me gives it; null for a visitor. */
  me: CurrentUser | null;
  /** The error page the server rendered in place of the page (a missing task: 404). */
  errorPage?: number;
}

/** What a task page (/{locale}/tasks/{slug}) embeds beside PageData. */
export interface TaskPageData extends PageData {
  /** The task exactly as GET /api/tasks/{slug}?locale={locale} returns it to this viewer (its
   * `data`), views_count included; null when there is no such task (the response is then 404). */
  task: Task | null;
  /** The slug from the URL (an identifier or a uuid). */
  slug: string;
  /** The HTTP status of the page: 200, or 404 for a missing task. */
  status: 200 | 404;
}

/** What the task list page (/{locale}/tasks) embeds beside PageData. */
export interface TaskListPageData extends PageData {
  /**
   * The page's request for this URL (requestArgs of its filters) and the page GET /api/tasks
   * answers to it; null when the API would refuse the request (the page then shows that answer).
   */
  taskList: { args: TaskListArgs; page: Paginated<TaskSummary> } | null;
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

type Store = ReturnType<typeof setupStore>;

/** The task page's data: the task as the API gives it to this viewer; the load counts the view. */
async function primeTask(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  store: Store,
  locale: Locale,
  slug: string,
) {
  const loaded = await loadTaskEntry(app.db, slug, request.user, locale, {
    viewerKey: knownViewerKey(request),
  });
  if (loaded) {
    loaded.task.views_count = await countView(
      request,
      reply,
      loaded.task,
      loaded.authorUuid,
      loaded.viewedRecently,
    );
    store.dispatch(
      taskApi.util.upsertQueryEntries([
        { endpointName: 'getTask', arg: { slug, locale }, value: loaded.task },
      ]),
    );
  }
  return loaded?.task ?? null;
}

/** The task list's data: the page of tasks its URL asks for, as its first request would get it. */
async function primeTaskList(app: FastifyInstance, store: Store, locale: Locale, search: string) {
  const args = requestArgs(filtersFromParams(new URLSearchParams(search)), locale);
  try {
    // The API's own parsing of the page's request: what it refuses (422) is not prefetched.
    const filter = await parseTaskListQuery(rawQueryOf(new URLSearchParams(requestQuery(args))));
    const page = await listTasks(app.db, filter, locale);
    store.dispatch(
      taskListApi.util.upsertQueryEntries([{ endpointName: 'getTasks', arg: args, value: page }]),
    );
    return { args, page };
  } catch {
    return null;
  }
}

/** <title> and social meta of a page that is not a task (a task has its own: tasks/head.ts). */
function pageHead(title: string, locale: Locale): string {
  const text = escapeHtml(title);
  return [
    `<title>${text}</title>`,
    `<meta property="og:title" content="${text}" />`,
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
  // Page routes skip the API's session hook; what the page shows depends on who is looking.
  await resolveSession(request, reply);
  const me = request.user ? toCurrentUser(request.user) : null;
  const store = setupStore({ i18n: { locale } }, { server: true });
  store.dispatch(
    sessionApi.util.upsertQueryEntries([{ endpointName: 'me', arg: undefined, value: me }]),
  );

  const match = matchRoute(pathname);
  let data: PageData | TaskPageData | TaskListPageData = { locale, me };
  let head = '';
  let status = 200;
  if (match?.name === 'task') {
    const slug = match.params.slug;
    const task = await primeTask(app, request, reply, store, locale, slug);
    data = {
      ...data,
      task,
      slug,
      status: task ? 200 : 404,
      ...(task ? {} : { errorPage: 404 }),
    } satisfies TaskPageData;
    // The 404 page in the layout, as the browser shows a missing task (its store gets errorPage).
    if (!task) store.dispatch(showErrorPage(404));
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
      status = 404;
    }
  } else if (match?.name === 'tasks') {
    const taskList = await primeTaskList(app, store, locale, search);
    data = { ...data, taskList } satisfies TaskListPageData;
  }

  const rendered = await renderApp(url, locale, store);
  if (rendered.redirect) return reply.redirect(rendered.redirect, 302);
  status = Math.max(status, rendered.status);
  if (!head) {
    const title = rendered.head.title ?? firstHeading(rendered.html);
    const appName = translate(locale, 'common.app.name');
    head = pageHead(
      title && !title.includes(appName) ? `${title} · ${appName}` : (title ?? appName),
      locale,
    );
  }
  const html = renderIndexHtml(template, {
    config: app.config.public,
    head: `${head}\n    ${rendered.styles}`,
    data,
    lang: locale,
    root: rendered.html,
  });
  return (
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      // Who is looking shapes the page (the user menu, places, offers): never a shared cache.
      .header('Cache-Control', 'private, no-cache')
      .header('Vary', 'Cookie')
      .send(html)
  );
}
