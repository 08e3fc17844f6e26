/**
 * The page cache of the server render (src/server/cache/pageCache.ts): a page whose queries got
 * the same answers is served again without a React render, and nothing else is: a write, a
 * signed-in viewer or another locale gets its own render. Views are still counted on a hit.
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
const fromCache = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['server-timing']) === 'render;desc="cache"';

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
    expect(fromCache(first)).toBe(false);
    await t.app.readModel.views.flush();
    const before = await viewsOf();

    const second = await visitor(url);
    expect(second.statusCode).toBe(200);
    expect(fromCache(second)).toBe(true);
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
    expect(fromCache(after)).toBe(false);
    expect(rootOf(after.body)).toContain('Paint the fence twice');
    expect(fromCache(await visitor(url))).toBe(true);
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
    expect(fromCache(ownAgain)).toBe(true);
  });

  it('keeps each locale and each query string apart', async () => {
    const en = await visitor('/en/tasks');
    const ru = await visitor('/ru/tasks');
    expect(fromCache(ru)).toBe(false);
    expect(ru.body).toContain('<html lang="ru"');
    expect(en.body).toContain('<html lang="en"');
    const sorted = await visitor('/en/tasks?sort=deadline');
    expect(fromCache(sorted)).toBe(false);
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
