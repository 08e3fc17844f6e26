/**
 * The page caches of the server render (src/server/cache/pageCache.ts): a page whose queries got
 * the same answers is served again without a React render, and a visitor's page by its URL without
 * running its queries either; nothing else is: a write, a signed-in viewer (or a dead session
 * cookie) or another locale gets its own render. Views are still counted on a hit.
 */
import { pageKey } from '../../../src/server/cache/pageCache';
import { loggedInAgent, type TestApp, type TestTask, type TestUser } from '../../support/server';
import { buildRenderApp, createOwnedTask, STREET } from '../../support/serverRender';
import { rootOf } from '../../support/spaPage';

let t: TestApp;
let owner: TestUser;
let task: TestTask;

beforeAll(async () => {
  t = await buildRenderApp();
  ({ owner, task } = await createOwnedTask(t));
}, 60_000);
afterAll(() => t.close());

/** A visitor without cookies from their own address (a new view each). */
let visitors = 0;
function visitor(url: string) {
  visitors += 1;
  return t.app.inject({ method: 'GET', url, remoteAddress: `203.0.113.${visitors}` });
}
/** Which cache served the page: 'cache' (same answers), 'visitor' (same URL), or null (rendered). */
const servedFrom = (res: { headers: Record<string, unknown> }) =>
  /^render;desc="(\w+)"$/.exec(String(res.headers['server-timing']))?.[1] ?? null;

const viewsOf = async () =>
  (
    await t.db.query<{ views_count: number }>('SELECT views_count FROM tasks WHERE uuid = $1', [
      task.uuid,
    ])
  )[0].views_count;

describe('the page cache', () => {
  it('serves a second visitor the page rendered for the first, and still counts their view', async () => {
    const url = `/en/tasks/${task.identifier}`;
    const first = await visitor(url);
    expect(first.statusCode).toBe(200);
    expect(servedFrom(first)).toBeNull();
    await t.app.readModel.views.flush();
    const before = await viewsOf();

    const second = await visitor(url);
    expect(second.statusCode).toBe(200);
    expect(servedFrom(second)).toBe('visitor');
    expect(rootOf(second.body)).toBe(rootOf(first.body));
    // The view is counted through the API as on a render (and the visitor cookie set).
    expect(String(second.headers['set-cookie'])).toMatch(/talka_vid=/);
    await t.app.readModel.views.flush();
    expect(await viewsOf()).toBe(before + 1);
  });

  it('renders again after a write changes what the page shows', async () => {
    const url = `/en/tasks/${task.identifier}`;
    await visitor(url);
    await t.db.query('UPDATE tasks SET title = $1 WHERE uuid = $2', [
      'Paint the fence twice',
      task.uuid,
    ]);
    const after = await visitor(url);
    expect(servedFrom(after)).toBeNull();
    expect(rootOf(after.body)).toContain('Paint the fence twice');
    expect(servedFrom(await visitor(url))).toBe('visitor');
  });

  it('renders again for visitors after a write in another process (its notice)', async () => {
    const url = `/en/tasks/${task.identifier}`;
    await visitor(url);
    expect(servedFrom(await visitor(url))).toBe('visitor');
    // What another process's write arrives as (cache/invalidation.ts), for an unrelated user.
    t.app.readModel.bus.emit({ kind: 'user', key: owner.uuid });
    // The queries run again (their same answers may still reuse the render: 'cache').
    expect(servedFrom(await visitor(url))).not.toBe('visitor');
    expect(servedFrom(await visitor(url))).toBe('visitor');
    // A login elsewhere or a counted view changes nothing a visitor's page shows.
    t.app.readModel.bus.emit({ kind: 'session', key: null });
    t.app.readModel.bus.emit({ kind: 'views', key: task.uuid });
    t.app.readModel.bus.emit({ kind: 'counted', key: task.uuid });
    expect(servedFrom(await visitor(url))).toBe('visitor');
  });

  it('renders a page once for a crowd of visitors arriving together after a write', async () => {
    const url = `/en/tasks/${task.identifier}`;
    await t.db.query('UPDATE tasks SET title = $1 WHERE uuid = $2', ['Paint the gate', task.uuid]);
    const crowd = await Promise.all([1, 2, 3, 4, 5].map(() => visitor(url)));
    expect(crowd.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // One ran the queries (and rendered, or reused a render of the same answers); four waited.
    expect(crowd.filter((res) => servedFrom(res) === 'visitor')).toHaveLength(4);
    for (const res of crowd) expect(rootOf(res.body)).toContain('Paint the gate');
  });

  it("never serves a visitor's page to a request with a session cookie, even a dead one", async () => {
    const url = `/en/tasks/${task.identifier}`;
    await visitor(url);
    expect(servedFrom(await visitor(url))).toBe('visitor');
    const dead = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: 'talka_session=not-a-session-anymore' },
    });
    expect(dead.statusCode).toBe(200);
    expect(servedFrom(dead)).not.toBe('visitor');
    // The dead cookie is cleared by the same answer.
    expect(String(dead.headers['set-cookie'])).toMatch(/talka_session=;/);
  });

  it("never serves a signed-in owner's page to a visitor, nor a visitor's to the owner", async () => {
    const url = `/en/tasks/${task.identifier}`;
    const asOwner = await loggedInAgent(t.app, owner);
    const own = await asOwner.get(url);
    expect(own.statusCode).toBe(200);
    expect(rootOf(own.body)).toContain(STREET);

    const seen = await visitor(url);
    expect(rootOf(seen.body)).not.toContain(STREET);
    expect(rootOf(seen.body)).not.toContain('Owner Person');

    const ownAgain = await asOwner.get(url);
    expect(rootOf(ownAgain.body)).toContain(STREET);
    expect(servedFrom(ownAgain)).toBe('cache');
  });

  it('keeps each locale and each query string apart', async () => {
    const en = await visitor('/en/tasks');
    const ru = await visitor('/ru/tasks');
    expect(servedFrom(ru)).toBeNull();
    expect(ru.body).toContain('<html lang="ru"');
    expect(en.body).toContain('<html lang="en"');
    const sorted = await visitor('/en/tasks?sort=deadline');
    expect(servedFrom(sorted)).toBeNull();
  });

  it('never keeps a redirect: a visitor on the task form is sent to log in each time', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await visitor('/en/create-task');
      expect(res.statusCode).toBe(302);
      expect(String(res.headers.location)).toMatch(/^\/en\/login/);
    }
  });
});

describe('pageKey', () => {
  const answers = ['GET /api/me 401\n{}', 'GET /api/tasks/X 200\n{"title":"A","views_count":3}'];

  it('does not depend on the order the answers came in', () => {
    expect(pageKey('/en/tasks/X', 'en', answers)).toBe(
      pageKey('/en/tasks/X', 'en', [...answers].reverse()),
    );
  });

  it("leaves the task's running view count out, and nothing else", () => {
    const more = [answers[0], 'GET /api/tasks/X 200\n{"title":"A","views_count":4}'];
    expect(pageKey('/en/tasks/X', 'en', more)).toBe(pageKey('/en/tasks/X', 'en', answers));
    const renamed = [answers[0], 'GET /api/tasks/X 200\n{"title":"B","views_count":3}'];
    expect(pageKey('/en/tasks/X', 'en', renamed)).not.toBe(pageKey('/en/tasks/X', 'en', answers));
    expect(pageKey('/en/tasks/X', 'lv', answers)).not.toBe(pageKey('/en/tasks/X', 'en', answers));
    expect(pageKey('/en/tasks/X?a=1', 'en', answers)).not.toBe(
      pageKey('/en/tasks/X', 'en', answers),
    );
  });
});
