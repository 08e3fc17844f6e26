/**
 * Server rendering's data: the queries a page's components issue on their first render, run before
 * the render through the same RTK Query endpoints the browser uses (a server store's baseQuery
 * sends them to the API in-process: setupStore's `transport`), so the render finds them fulfilled
 * and the page's HTML shows the data. `dehydrate` then gives what the browser's store starts from
 * (api/hydration.ts): the same answers, so its first render issues no request and matches the HTML.
 *
 *   const { transport, setCookies } = apiTransport(app, request);        // src/server/render
 *   const store = setupStore({ i18n: { locale } }, { transport });
 *   await prefetchPage(store, { name, params, locale, search });
 *   ... render ...; embed dehydrate(store); reply.header('set-cookie', setCookies())
 *
 * Only what the API answers this viewer is fetched (it is the API's own answer, with the viewer's
 * cookies), so nothing beyond what the viewer may see gets embedded. A task load counts its view
 * here, once; the browser does not load it again.
 */
import type { Locale } from '../../shared/locales';
import type { Task } from '../../shared/types';
import { controlsFor } from '../../shared/taskLifecycle.controls';
import { lifecycleInput, viewerRole, type Viewer } from '../../shared/taskLifecycle';
import { filtersFromParams, requestArgs } from '../../shared/taskList';
import type { HydrationPayload } from '../api/hydration';
import { alertsApi, pageOf } from '../features/alerts/alertsApi';
import { categoriesApi } from '../features/categories/categoriesApi';
import { chatApi } from '../features/chat/chatApi';
import { freelancersApi, freelancersArgs } from '../features/freelancers/freelancersApi';
import { recentTasksArgs } from '../features/home/recentTasks';
import { offersApi } from '../features/offers/offersApi';
import { SEES_OFFERS, showsNoOffers } from '../features/offers/roles';
import { moderationApi } from '../features/moderation/moderationApi';
import { profileApi } from '../features/profile/profileApi';
import { questionsApi } from '../features/questions/questionsApi';
import { selectCurrentUser, sessionApi } from '../features/session/sessionApi';
import { taskListApi } from '../features/taskList/taskListApi';
import { taskApi } from '../features/tasks/taskApi';
import type { MessagePart } from '../i18n/loadMessages';
import { renderedMessageParts } from '../i18n/pageMessages';
import type { RouteName } from '../i18n/routes';
import { api } from '../api/api';
import { renderStarted, selectRenderedAt } from './clock';
import type { AppStore } from './store';

export interface PagePrefetch {
  /** The route (src/web/i18n/routes.ts ROUTES); null for a path no route matches (the 404 page). */
  name: RouteName | null;
  /** The route's parameters, e.g. { slug } of 'task', { uuid } of 'profile'. */
  params: Record<string, string>;
  locale: Locale;
  /** The URL's query string ('?a=1' or 'a=1'; the list's and freelancers' filters). */
  search?: string | URLSearchParams;
  /** The render's "now" (ms since the epoch), handed to the client; default Date.now(). */
  now?: number;
}

/** Routes whose page (or layout sidebar) shows the category tree on its first render. */
const WITH_CATEGORIES: ReadonlySet<RouteName> = new Set([
  'home',
  'tasks',
  'task',
  'freelancers',
  'becomeFreelancer',
  'tasksCreate',
]);

type Dispatch = AppStore['dispatch'];

/** The task page's second wave: what its offers section asks once the task says who is looking. */
async function prefetchTaskExtras(
  dispatch: Dispatch,
  slug: string,
  locale: Locale,
  now: Date,
): Promise<void> {
  const task = await dispatch(taskApi.endpoints.getTask.initiate({ slug, locale }));
  const me = await dispatch(sessionApi.endpoints.me.initiate());
  if (!task.data) return;
  const viewer: Viewer = me.data
    ? { uuid: me.data.uuid, is_freelancer: Boolean(me.data.is_freelancer) }
    : null;
  // The questions section (features/questions/QuestionsSection.tsx): the same for every viewer.
  void dispatch(questionsApi.endpoints.getQuestions.initiate(task.data.uuid));
  const role = viewerRole(task.data, viewer);
  const controls = controlsFor(lifecycleInput(task.data, viewer, now));
  // The same conditions as OffersSection's queries (features/offers/OffersSection.tsx).
  const noOffers = showsNoOffers(controls);
  if (SEES_OFFERS.has(role) && !noOffers) {
    void dispatch(offersApi.endpoints.getOffers.initiate(task.data.uuid));
  }
  if ((role === 'offerer' || role === 'chosen') && !noOffers && me.data) {
    void dispatch(chatApi.endpoints.listConversations.initiate({ task: task.data.uuid }));
  }
}

/** The alert pages: what a freelancer's first render asks (nothing more for anyone else). */
async function prefetchAlerts(
  dispatch: Dispatch,
  name: 'alerts' | 'alertMatches',
  locale: Locale,
  search: URLSearchParams,
): Promise<void> {
  const me = await dispatch(sessionApi.endpoints.me.initiate());
  if (!me.data?.is_freelancer) return;
  if (name === 'alerts') {
    void dispatch(alertsApi.endpoints.getAlerts.initiate());
    void dispatch(categoriesApi.endpoints.getCategories.initiate(locale));
  } else {
    void dispatch(
      alertsApi.endpoints.getAlertMatches.initiate({ page: pageOf(search.get('page')), locale }),
    );
  }
}

/**
 * Runs every query the page at this route issues on its first render (and the layout's: the current
 * user, the sidebar's categories) and resolves when all have settled. Failures stay in the cache
 * as the API's answer (a 404 task renders the 404 page); nothing throws.
 */
/** The moderation page's queries, for a moderator only (everyone else gets the 404 page). */
async function prefetchModeration(dispatch: Dispatch, search: URLSearchParams): Promise<void> {
  const me = await dispatch(sessionApi.endpoints.me.initiate());
  if (!me.data?.is_moderator) return;
  const status = search.get('status') === 'closed' ? 'closed' : 'open';
  void dispatch(moderationApi.endpoints.getModerationReports.initiate(status));
  void dispatch(moderationApi.endpoints.getModerationQuestionReports.initiate(status));
  void dispatch(moderationApi.endpoints.getModerationLog.initiate());
}

export async function prefetchPage(store: AppStore, page: PagePrefetch): Promise<void> {
  const { name, params, locale } = page;
  const { dispatch } = store;
  const now = page.now ?? Date.now();
  dispatch(renderStarted(now));
  const search = new URLSearchParams(page.search ?? '');
  // Each initiate keeps its subscription (the store lives for one render, so nothing expires
  // before the render reads it); getRunningQueriesThunk below waits for all of them.

  void dispatch(sessionApi.endpoints.me.initiate());
  if (name && WITH_CATEGORIES.has(name))
    void dispatch(categoriesApi.endpoints.getCategories.initiate(locale));
  const waits: Promise<void>[] = [];
  switch (name) {
    case 'home':
      void dispatch(taskListApi.endpoints.getTasks.initiate(recentTasksArgs(locale)));
      break;
    case 'tasks':
      void dispatch(
        taskListApi.endpoints.getTasks.initiate(requestArgs(filtersFromParams(search), locale)),
      );
      break;
    case 'task':
      waits.push(prefetchTaskExtras(dispatch, params.slug ?? '', locale, new Date(now)));
      break;
    case 'taskView':
      if (params.uuid)
        void dispatch(taskApi.endpoints.getTask.initiate({ slug: params.uuid, locale }));
      break;
    case 'freelancers':
      void dispatch(
        freelancersApi.endpoints.getFreelancers.initiate(freelancersArgs(search, locale)),
      );
      break;
    case 'profile':
      void dispatch(profileApi.endpoints.getProfile.initiate({ uuid: params.uuid ?? '', locale }));
      break;
    case 'moderation':
      waits.push(prefetchModeration(dispatch, search));
      break;
    case 'myReports':
      waits.push(
        dispatch(sessionApi.endpoints.me.initiate()).then((me) => {
          if (me.data) void dispatch(moderationApi.endpoints.getMyReports.initiate());
        }),
      );
      break;
    case 'alerts':
    case 'alertMatches':
      waits.push(prefetchAlerts(dispatch, name, locale, search));
      break;
    default:
      // login, register, confirmEmail, becomeFreelancer, tasksCreate, 404: the user (and categories).
      break;
  }
  await Promise.all(waits);
  await Promise.all(dispatch(api.util.getRunningQueriesThunk()));
}

/**
 * The catalog parts a render of a prefetched page uses (i18n/pageMessages.ts): a task page shows
 * the parties' parts to a signed-in viewer (whose role the page decides on render) and a finished
 * task's reviews to anyone.
 */
export function messagePartsOf(
  store: AppStore,
  { name, params, locale }: Pick<PagePrefetch, 'name' | 'params' | 'locale'>,
): readonly MessagePart[] {
  const task = name === 'task' && params.slug ? prefetchedTask(store, params.slug, locale) : null;
  return renderedMessageParts(
    name,
    selectCurrentUser(store.getState()) !== null || (task?.reviews.length ?? 0) > 0,
  );
}

/** The task a prefetched task page's store holds, if the API gave it. */
export function prefetchedTask(store: AppStore, slug: string, locale: Locale): Task | null {
  return taskApi.endpoints.getTask.select({ slug, locale })(store.getState()).data ?? null;
}

/**
 * What the browser's store starts from (embed it; setupStore reads it back): the settled queries
 * of the render, the error page it showed, and its "now". Pending or uninitialized entries are
 * left out (RTK Query would not take them either).
 */
export function dehydrate(store: AppStore): HydrationPayload {
  const state = store.getState();
  const queries = Object.fromEntries(
    Object.entries(state.api.queries).filter(
      ([, entry]) => entry?.status === 'fulfilled' || entry?.status === 'rejected',
    ),
  );
  return {
    api: { ...state.api, queries, mutations: {}, subscriptions: {} } as HydrationPayload['api'],
    errorPage: state.errorPage,
    renderedAt: selectRenderedAt(state) ?? Date.now(),
  };
}
