/**
 * Server rendering's data (src/web/app/prefetch.ts over src/server/render/apiTransport.ts): the
 * page's queries run through the real endpoints into the real API in-process, as this viewer, and
 * the browser's store starts from the hand-over with every query fulfilled and nothing to refetch.
 */
import type { Task } from '../../../src/shared/types';
import { apiTransport } from '../../../src/server/render/apiTransport';
import { VISITOR_COOKIE } from '../../../src/server/tasks/views';
import { dehydrate, prefetchPage, type PagePrefetch } from '../../../src/web/app/prefetch';
import { setupStore } from '../../../src/web/app/store';
import { categoriesApi } from '../../../src/web/features/categories/categoriesApi';
import { recentTasksArgs } from '../../../src/web/features/home/recentTasks';
import { offersApi } from '../../../src/web/features/offers/offersApi';
import { profileApi } from '../../../src/web/features/profile/profileApi';
import { sessionApi } from '../../../src/web/features/session/sessionApi';
import { requestArgs, filtersFromParams } from '../../../src/shared/taskList';
import { taskListApi } from '../../../src/web/features/taskList/taskListApi';
import { taskApi } from '../../../src/web/features/tasks/taskApi';
import {
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  loggedInAgent,
  type TestApp,
  type TestTask,
  type TestUser,
} from '../../support/server';

let t: TestApp;
let owner: TestUser;
let freelancer: TestUser;
let task: TestTask;
let categorySlug: string;
const STREET = 'Brīvības iela 77';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, { full_name: 'Owner Person' });
  freelancer = await createUser(t.db, { full_name: 'Offer Maker', is_freelancer: true });
  const category = await createCategory(t.db);
  categorySlug = category.slug;
  task = await createTask(t.db, {
    author_uuid: owner.uuid,
    category_id: category.id,
    title: 'Paint the fence',
    locations: [{ address: `${STREET}, Rīga, LV-1010`, city: 'Rīga', lat: 56.958, lng: 24.121 }],
  });
  await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancer.uuid });
});
afterAll(() => t.close());

/** A server render's store for a page request with these cookies, prefetched. */
async function render(page: Omit<PagePrefetch, 'locale'> & { locale?: 'en' | 'lv' }, cookie = '') {
  const locale = page.locale ?? 'en';
  const { transport, setCookies } = apiTransport(t.app, { headers: { cookie }, ip: '10.0.0.7' });
  const store = setupStore({ i18n: { locale } }, { transport });
  await prefetchPage(store, { ...page, locale });
  return { store, setCookies };
}

const sessionCookie = async (user: TestUser) =>
  [...(await loggedInAgent(t.app, user)).cookies].map(([k, v]) => `${k}=${v}`).join('; ');

const views = async () =>
  (
    await t.db.query<{ views_count: number }>('SELECT views_count FROM tasks WHERE uuid = $1', [
      task.uuid,
    ])
  )[0].views_count;

describe('prefetchPage', () => {
  it("loads a visitor's task page as the API answers a visitor, counting the view once", async () => {
    const before = await views();
    const { store, setCookies } = await render({ name: 'task', params: { slug: task.identifier } });
    const state = store.getState();
    const loaded = taskApi.endpoints.getTask.select({ slug: task.identifier, locale: 'en' })(state);
    expect(loaded.status).toBe('fulfilled');
    expect(loaded.data?.title).toBe('Paint the fence');
    expect(sessionApi.endpoints.me.select()(state).data).toBeNull();
    expect(categoriesApi.endpoints.getCategories.select('en')(state).status).toBe('fulfilled');
    // A visitor gets no offers request and no exact address (the API's privacy rules).
    expect(offersApi.endpoints.getOffers.select(task.uuid)(state).status).toBe('uninitialized');
    expect(JSON.stringify(dehydrate(store))).not.toContain(STREET);
    expect(await views()).toBe(before + 1);

    // The visitor cookie the API set comes back for the page's response; with it, no second view.
    const cookie = setCookies().find((c) => c.startsWith(`${VISITOR_COOKIE}=`));
    expect(cookie).toBeDefined();
    await render({ name: 'task', params: { slug: task.identifier } }, cookie!.split(';')[0]);
    expect(await views()).toBe(before + 1);
  });

  it("loads the owner's task page with the exact address, the offers and the user", async () => {
    const { store } = await render(
      { name: 'task', params: { slug: task.identifier } },
      await sessionCookie(owner),
    );
    const state = store.getState();
    expect(sessionApi.endpoints.me.select()(state).data?.uuid).toBe(owner.uuid);
    const loaded = taskApi.endpoints.getTask.select({ slug: task.identifier, locale: 'en' })(state);
    expect((loaded.data as Task).locations[0].address).toContain(STREET);
    const offers = offersApi.endpoints.getOffers.select(task.uuid)(state);
    expect(offers.status).toBe('fulfilled');
    expect(offers.data?.map((o) => o.freelancer?.uuid)).toEqual([freelancer.uuid]);
  });

  it("loads the list for its URL's filters and the home page's recent tasks", async () => {
    const search = `?categories=${categorySlug}&sort=newest`;
    const { store } = await render({ name: 'tasks', params: {}, search });
    const args = requestArgs(filtersFromParams(new URLSearchParams(search)), 'en');
    const list = taskListApi.endpoints.getTasks.select(args)(store.getState());
    expect(list.data?.data.map((s) => s.uuid)).toEqual([task.uuid]);

    const home = await render({ name: 'home', params: {} });
    const recent = taskListApi.endpoints.getTasks.select(recentTasksArgs('en'))(
      home.store.getState(),
    );
    expect(recent.status).toBe('fulfilled');
  });

  it("keeps a failure as the API's answer: an unknown profile is the 404 page", async () => {
    const { store } = await render({ name: 'profile', params: { uuid: crypto.randomUUID() } });
    const state = store.getState();
    expect(state.errorPage).toEqual({ status: 404 });
    expect(dehydrate(store).errorPage).toEqual({ status: 404 });
  });
});

describe('hand-over to the browser store', () => {
  it('starts with every query of the render fulfilled, so the first render requests nothing', async () => {
    const { store: server } = await render(
      { name: 'profile', params: { uuid: owner.uuid } },
      await sessionCookie(owner),
    );
    // Through JSON, as the page embeds it.
    const payload = JSON.parse(JSON.stringify(dehydrate(server)));
    const client = setupStore({ i18n: { locale: 'en' } }, { hydration: payload });
    const args = { uuid: owner.uuid, locale: 'en' as const };
    const before = profileApi.endpoints.getProfile.select(args)(client.getState());
    expect(before.status).toBe('fulfilled');
    expect(client.getState().clock.renderedAt).toBe(payload.renderedAt);

    // What the page's hook does on mount: served from the cache (this store has no transport and
    // no window, so a request would fail), with the server's timestamp.
    const result = await client.dispatch(profileApi.endpoints.getProfile.initiate(args));
    expect(result.status).toBe('fulfilled');
    expect(result.fulfilledTimeStamp).toBe(before.fulfilledTimeStamp);
    const me = await client.dispatch(sessionApi.endpoints.me.initiate());
    expect(me.data?.uuid).toBe(owner.uuid);
  });
});
