/**
 * The in-memory read model (issue 18, src/server/cache): every write is visible in the next read,
 * whoever made it (a route through the app's Db, or SQL straight to the database, caught by the
 * triggers of migration 007); sessions end at once; view counts are written in batches and a
 * clean close() loses none; ETag, 304 and Cache-Control per viewer.
 */
import { PUBLIC_CACHE_CONTROL } from '../../src/server/cache/httpCache';
import { writtenKinds } from '../../src/server/cache/invalidation';
import {
  agent,
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  loggedInAgent,
  type TestApp,
  type TestUser,
} from '../support/server';

let t: TestApp;
let owner: TestUser;
let freelancer: TestUser;
let categoryId: number;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, { full_name: 'Owner Person' });
  freelancer = await createUser(t.db, { full_name: 'Offer Maker', is_freelancer: true });
  categoryId = (await createCategory(t.db)).id;
});
afterAll(() => t.close());

const newTask = () => createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });

describe('task reads come from the read model and follow every write', () => {
  it('keeps a read task in memory (a second read is served from it)', async () => {
    const task = await newTask();
    const visitor = agent(t.app);
    await visitor.get(`/api/tasks/${task.identifier}?locale=en`);
    // The first view is counted (its batch written, which changes the row); the next is kept.
    await t.app.readModel.views.flush();
    await visitor.get(`/api/tasks/${task.identifier}?locale=en`);
    expect(t.app.readModel.tasks.get(`${task.uuid}|en`)).toBeDefined();
  });

  it('keeps one row for a task asked for by its identifier and by its uuid', async () => {
    const task = await newTask();
    const model = t.app.readModel;
    const bySlug = await model.taskAnswer(t.db, task.identifier, null, 'en');
    // Known by its uuid from now on: both ways of asking give the same kept answer.
    const again = await model.taskAnswer(t.db, task.identifier, null, 'en');
    const byUuid = await model.taskAnswer(t.db, task.uuid.toUpperCase(), null, 'en');
    expect(byUuid).toBe(again);
    expect(bySlug?.loaded.task.uuid).toBe(task.uuid);
    expect(model.tasks.get(`${task.uuid}|en`)).toBeDefined();
  });

  it('a write straight to the database (not through the app) is seen by the next read', async () => {
    const task = await newTask();
    const visitor = agent(t.app);
    expect((await visitor.get(`/api/tasks/${task.identifier}`)).json().data.title).not.toBe(
      'Changed in SQL',
    );
    await t.db.query("UPDATE tasks SET title = 'Changed in SQL' WHERE uuid = $1", [task.uuid]);
    expect((await visitor.get(`/api/tasks/${task.identifier}`)).json().data.title).toBe(
      'Changed in SQL',
    );
    // The list too.
    const list = (await visitor.get('/api/tasks?per_page=50')).json().data as { title: string }[];
    expect(list.map((s) => s.title)).toContain('Changed in SQL');
  });

  it('a new offer shows in the count and, for the owner, in the offers at once', async () => {
    const task = await newTask();
    const ownerAgent = await loggedInAgent(t.app, owner);
    expect((await ownerAgent.get(`/api/tasks/${task.identifier}`)).json().data.offers).toEqual([]);
    const list1 = await agent(t.app).get('/api/tasks?per_page=50');
    const count = (uuid: string, body: { data: { uuid: string; offers_count: number }[] }) =>
      body.data.find((s) => s.uuid === uuid)?.offers_count;
    expect(count(task.uuid, list1.json())).toBe(0);
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancer.uuid });
    const seen = (await ownerAgent.get(`/api/tasks/${task.identifier}`)).json().data;
    expect(seen.offers_count).toBe(1);
    expect(seen.offers).toHaveLength(1);
    // A visitor sees the count, never the offers (the same rule as before, on the cached row).
    const visitorSees = (await agent(t.app).get(`/api/tasks/${task.identifier}`)).json().data;
    expect(visitorSees.offers_count).toBe(1);
    expect(visitorSees.offers).toEqual([]);
    expect(count(task.uuid, (await agent(t.app).get('/api/tasks?per_page=50')).json())).toBe(1);
  });

  it("an offer's edit shows to its parties at once and keeps the list pages and visitors' pages", async () => {
    const task = await newTask();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
      price: 50,
    });
    const ownerAgent = await loggedInAgent(t.app, owner);
    const priceSeen = async () =>
      (
        (await ownerAgent.get(`/api/tasks/${task.identifier}`)).json().data.offers as {
          price: number;
        }[]
      )[0].price;
    expect(await priceSeen()).toBe(50);
    const model = t.app.readModel;
    await agent(t.app).get('/api/tasks?per_page=50');
    const lists = model.lists.size;
    expect(lists).toBeGreaterThan(0);
    const url = `/en/tasks/${task.identifier}`;
    model.visitorPages.start(url).keep({ status: 200, body: Buffer.from('page'), task: null });

    // Through the app (this process's report of the write) and straight in SQL (the trigger).
    const edited = await (
      await loggedInAgent(t.app, freelancer)
    ).put(`/api/tasks/${task.uuid}/offers/${offer.uuid}`, {
      description: 'Edited: I can come on Monday instead.',
      price: 70,
      notify_if_not_chosen: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.price).toBe(70);
    expect(await priceSeen()).toBe(70);
    await t.db.query('UPDATE offers SET price = 80 WHERE uuid = $1', [offer.uuid]);
    expect(await priceSeen()).toBe(80);
    // What a visitor or a list shows of offers is their count, which an edit does not move.
    expect(model.lists.size).toBe(lists);
    expect(model.visitorPages.get(url)).toBeDefined();

    // A choice is a task write: the lists and the visitors' pages go.
    await t.db.query('UPDATE offers SET chosen_at = now() WHERE uuid = $1', [offer.uuid]);
    expect(model.lists.size).toBe(0);
    expect(model.visitorPages.get(url)).toBeUndefined();
  });

  it('a deleted task is gone at once (through the API and through SQL)', async () => {
    const viaApi = await newTask();
    const viaSql = await newTask();
    const visitor = agent(t.app);
    expect((await visitor.get(`/api/tasks/${viaApi.identifier}`)).statusCode).toBe(200);
    expect((await visitor.get(`/api/tasks/${viaSql.uuid}`)).statusCode).toBe(200);
    const ownerAgent = await loggedInAgent(t.app, owner);
    expect((await ownerAgent.delete(`/api/tasks/${viaApi.uuid}`)).statusCode).toBe(204);
    await t.db.query('DELETE FROM tasks WHERE uuid = $1', [viaSql.uuid]);
    expect((await visitor.get(`/api/tasks/${viaApi.identifier}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/tasks/${viaSql.uuid}`)).statusCode).toBe(404);
    const list = (await visitor.get('/api/tasks?per_page=50')).json().data as { uuid: string }[];
    expect(list.map((s) => s.uuid)).not.toContain(viaApi.uuid);
    expect(list.map((s) => s.uuid)).not.toContain(viaSql.uuid);
  });

  it("an author's new name shows on their cached task", async () => {
    const author = await createUser(t.db, { display_name: 'Old Name' });
    const task = await createTask(t.db, { author_uuid: author.uuid, category_id: categoryId });
    const visitor = agent(t.app);
    expect(
      (await visitor.get(`/api/tasks/${task.identifier}`)).json().data.author.display_name,
    ).toBe('Old Name');
    await t.db.query("UPDATE users SET display_name = 'New Name' WHERE uuid = $1", [author.uuid]);
    expect(
      (await visitor.get(`/api/tasks/${task.identifier}`)).json().data.author.display_name,
    ).toBe('New Name');
  });
});

describe("a task's answer is kept per viewer with its row", () => {
  it('a repeated read reuses the serialized answer; each viewer keeps their own; a write starts over', async () => {
    const task = await newTask();
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancer.uuid });
    const model = t.app.readModel;
    const ownerViewer = { uuid: owner.uuid };
    // The first read by identifier learns the task's uuid (the row is kept by it from then on).
    await model.taskAnswer(t.db, task.identifier, null, 'en');
    const asVisitor = await model.taskAnswer(t.db, task.identifier, null, 'en');
    expect(await model.taskAnswer(t.db, task.identifier, null, 'en')).toBe(asVisitor);
    const asOwner = await model.taskAnswer(t.db, task.identifier, ownerViewer, 'en');
    expect(asOwner).not.toBe(asVisitor);
    expect(await model.taskAnswer(t.db, task.identifier, ownerViewer, 'en')).toBe(asOwner);
    // Through HTTP: the owner sees the offer, a visitor only its count, however often they ask.
    const ownerAgent = await loggedInAgent(t.app, owner);
    for (let i = 0; i < 2; i += 1) {
      expect(
        (await ownerAgent.get(`/api/tasks/${task.identifier}`)).json().data.offers,
      ).toHaveLength(1);
      const seen = (await agent(t.app).get(`/api/tasks/${task.identifier}`)).json().data;
      expect(seen.offers).toEqual([]);
      expect(seen.offers_count).toBe(1);
    }
    await t.db.query("UPDATE tasks SET title = 'Kept no more' WHERE uuid = $1", [task.uuid]);
    const fresh = await model.taskAnswer(t.db, task.identifier, null, 'en');
    expect(fresh).not.toBe(asVisitor);
    expect(fresh?.loaded.task.title).toBe('Kept no more');
  });

  it("a counted view reloads the task's row (its count) and keeps the lists", async () => {
    const task = await newTask();
    const events: string[] = [];
    t.app.readModel.bus.on((event) => events.push(`${event.kind}:${event.key ?? ''}`));
    const list = await agent(t.app).get('/api/tasks?per_page=50');
    expect(list.statusCode).toBe(200);
    const listKeys = () => t.app.readModel.lists.size;
    expect(listKeys()).toBeGreaterThan(0);
    const before = (await agent(t.app).get(`/api/tasks/${task.identifier}`)).json().data;
    await t.app.readModel.views.flush();
    // The trigger's notice (migration 012) comes back through LISTEN.
    for (let i = 0; i < 50 && !events.includes(`counted:${task.uuid}`); i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(events).toContain(`counted:${task.uuid}`);
    expect(events).not.toContain(`task:${task.uuid}`);
    expect(listKeys()).toBeGreaterThan(0);
    // Written, no longer pending: only the reloaded row can still show it.
    expect(t.app.readModel.views.pending(task.uuid)).toBe(0);
    const after = (await agent(t.app).get(`/api/tasks/${task.identifier}`)).json().data;
    expect(before.views_count).toBe(1);
    expect(after.views_count).toBe(1);
  });
});

describe('the category tree (its weekly counts) follows task writes', () => {
  const countOf = async () => {
    const tree = (await agent(t.app).get('/api/categories?locale=en')).json().data as {
      id: number;
      tasks_count: number;
    }[];
    return tree.find((c) => c.id === categoryId)?.tasks_count;
  };

  it('is kept in memory, and a new, a hidden or a deleted task changes the count at once', async () => {
    const before = await countOf();
    expect(t.app.readModel.categories.get('en')).toBeDefined();
    const task = await newTask();
    expect(await countOf()).toBe((before ?? 0) + 1);
    await t.db.query('UPDATE tasks SET hidden_at = now() WHERE uuid = $1', [task.uuid]);
    expect(await countOf()).toBe(before);
    await t.db.query('UPDATE tasks SET hidden_at = NULL WHERE uuid = $1', [task.uuid]);
    expect(await countOf()).toBe((before ?? 0) + 1);
    await t.db.query('DELETE FROM tasks WHERE uuid = $1', [task.uuid]);
    expect(await countOf()).toBe(before);
  });

  it('a renamed category shows at once', async () => {
    await countOf();
    await t.db.query(`UPDATE categories SET title = '{"en":"Renamed in SQL"}' WHERE id = $1`, [
      categoryId,
    ]);
    const tree = (await agent(t.app).get('/api/categories?locale=en')).json().data as {
      id: number;
      title: string;
    }[];
    expect(tree.find((c) => c.id === categoryId)?.title).toBe('Renamed in SQL');
  });
});

describe("a task's questions follow every write", () => {
  it('are kept in memory, and a question asked, answered or hidden (in SQL too) shows at once', async () => {
    const task = await newTask();
    const visitor = agent(t.app);
    const asker = await loggedInAgent(t.app, freelancer);
    const list = async () =>
      (await visitor.get(`/api/tasks/${task.uuid}/questions`)).json().data.questions as {
        id: number;
        message: string;
        answer: { message: string } | null;
      }[];
    expect(await list()).toEqual([]);
    expect(t.app.readModel.questions.get(task.uuid)).toBeDefined();

    const asked = await asker.post(`/api/tasks/${task.uuid}/questions`, {
      message: 'Is a ladder there?',
    });
    expect(asked.statusCode).toBe(201);
    const [question] = await list();
    expect(question.message).toBe('Is a ladder there?');

    const owns = await loggedInAgent(t.app, owner);
    await owns.post(`/api/tasks/${task.uuid}/questions/${question.id}/answer`, {
      message: 'Yes, a tall one.',
    });
    expect((await list())[0].answer?.message).toBe('Yes, a tall one.');

    await t.db.query('UPDATE task_questions SET hidden_at = now() WHERE id = $1', [question.id]);
    expect(await list()).toEqual([]);
  });

  it("an asker's new name shows on the questions at once", async () => {
    const task = await newTask();
    const asker = await loggedInAgent(t.app, freelancer);
    await asker.post(`/api/tasks/${task.uuid}/questions`, { message: 'Which floor is it?' });
    const name = async () =>
      (await agent(t.app).get(`/api/tasks/${task.uuid}/questions`)).json().data.questions[0].author
        .display_name as string;
    expect(await name()).not.toBe('Renamed Asker');
    await t.db.query("UPDATE users SET display_name = 'Renamed Asker' WHERE uuid = $1", [
      freelancer.uuid,
    ]);
    expect(await name()).toBe('Renamed Asker');
  });
});

describe("chat conversations follow their task's and participants' writes", () => {
  it('are kept in memory; a hidden task, a renamed participant or a withdrawn offer shows at once, an offer edit keeps them', async () => {
    const task = await newTask();
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
    });
    const ownerAgent = await loggedInAgent(t.app, owner);
    const opened = await ownerAgent.post(
      `/api/chat/conversations/task/${task.uuid}/${freelancer.uuid}`,
    );
    const conversation = opened.json().data as { uuid: string };
    const freelancerAgent = await loggedInAgent(t.app, freelancer);
    const read = () => freelancerAgent.get(`/api/chat/conversations/${conversation.uuid}`);
    expect((await read()).statusCode).toBe(200);
    const model = t.app.readModel;
    expect(model.conversations.get(conversation.uuid)).toBeDefined();

    await t.db.query('UPDATE offers SET price = 99 WHERE uuid = $1', [offer.uuid]);
    expect(model.conversations.get(conversation.uuid)).toBeDefined();

    await t.db.query("UPDATE users SET display_name = 'Renamed Owner' WHERE uuid = $1", [
      owner.uuid,
    ]);
    expect((await read()).json().data.conversation.customer.display_name).toBe('Renamed Owner');

    const write = (body: string) =>
      freelancerAgent.post(`/api/chat/conversations/${conversation.uuid}/messages`, { body });
    expect((await write('Still here.')).statusCode).toBe(201);
    await t.db.query('DELETE FROM offers WHERE uuid = $1', [offer.uuid]);
    const refused = await write('After withdrawing.');
    expect(refused.statusCode).toBe(403);

    await t.db.query("UPDATE tasks SET hidden_at = now(), hidden_reason = 'spam' WHERE uuid = $1", [
      task.uuid,
    ]);
    expect((await read()).statusCode).toBe(410);
  });
});

describe('sessions are kept in memory and end at once', () => {
  it('a logged-in request is served from the session cache', async () => {
    const a = await loggedInAgent(t.app, freelancer);
    expect((await a.get('/api/me')).statusCode).toBe(200);
    expect((await a.get('/api/me')).statusCode).toBe(200);
    expect(t.app.readModel.sessions.size).toBeGreaterThan(0);
  });

  it('logout, a deleted session row and a deleted user each end the session on the next request', async () => {
    const user = await createUser(t.db, { full_name: 'Short Lived' });
    const byLogout = await loggedInAgent(t.app, user);
    const copied = new Map(byLogout.cookies);
    expect((await byLogout.get('/api/me')).json().data.uuid).toBe(user.uuid);
    expect((await byLogout.post('/api/logout', {})).statusCode).toBeLessThan(300);
    // The cookie copied before logout is worthless at once.
    const replay = agent(t.app);
    for (const [k, v] of copied) replay.cookies.set(k, v);
    expect((await replay.get('/api/me')).statusCode).toBe(401);

    const bySql = await loggedInAgent(t.app, user);
    expect((await bySql.get('/api/me')).json().data.uuid).toBe(user.uuid);
    await t.db.query('DELETE FROM sessions WHERE user_uuid = $1', [user.uuid]);
    expect((await bySql.get('/api/me')).statusCode).toBe(401);

    const byDeletion = await loggedInAgent(t.app, user);
    expect((await byDeletion.get('/api/me')).json().data.uuid).toBe(user.uuid);
    await t.db.query('UPDATE users SET deleted_at = now() WHERE uuid = $1', [user.uuid]);
    expect((await byDeletion.get('/api/me')).statusCode).toBe(401);
  });

  it('an expired session (expires_at moved to the past) ends on the next request', async () => {
    const user = await createUser(t.db);
    const a = await loggedInAgent(t.app, user);
    expect((await a.get('/api/me')).json().data.uuid).toBe(user.uuid);
    await t.db.query(
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_uuid = $1",
      [user.uuid],
    );
    expect((await a.get('/api/me')).statusCode).toBe(401);
  });
});

describe('view counts in batches', () => {
  it('a clean close() writes every counted view (a fresh app on the same database)', async () => {
    const own = await buildTestApp();
    try {
      const author = await createUser(own.db);
      const task = await createTask(own.db, { author_uuid: author.uuid });
      const responses = [];
      for (let i = 0; i < 5; i += 1) {
        responses.push(
          own.app.inject({
            url: `/api/tasks/${task.identifier}`,
            remoteAddress: `198.51.100.${i + 1}`,
          }),
        );
      }
      const answers = await Promise.all(responses);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      // Closed at once, while views may still be queued.
      await own.app.close();
      const [row] = await own.db.query<{ views_count: number }>(
        'SELECT views_count FROM tasks WHERE uuid = $1',
        [task.uuid],
      );
      expect(row.views_count).toBe(5);
      const keys = await own.db.query('SELECT 1 FROM task_views WHERE task_uuid = $1', [task.uuid]);
      expect(keys).toHaveLength(10);
    } finally {
      await own.db.close();
    }
  });
});

describe('ETag, 304 and Cache-Control', () => {
  it("a visitor's task and list answers carry an ETag, may be kept by a shared cache, and revalidate to 304", async () => {
    const task = await newTask();
    const visitor = agent(t.app);
    // The first visit sets the visitor cookie: that answer is never shared.
    const first = await visitor.get(`/api/tasks/${task.identifier}`);
    expect(first.headers['cache-control']).toBe('no-store');
    for (const url of [`/api/tasks/${task.identifier}`, '/api/tasks?page=1']) {
      const res = await visitor.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      expect(res.headers.vary).toMatch(/Cookie/i);
      const etag = res.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      const again = await visitor.get(url, { headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const other = await visitor.get(url, { headers: { 'if-none-match': '"stale"' } });
      expect(other.statusCode).toBe(200);
    }
    // After a change the old tag no longer matches.
    const tag = (await visitor.get(`/api/tasks/${task.identifier}`)).headers.etag as string;
    await t.db.query("UPDATE tasks SET title = 'Retitled' WHERE uuid = $1", [task.uuid]);
    const changed = await visitor.get(`/api/tasks/${task.identifier}`, {
      headers: { 'if-none-match': tag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.title).toBe('Retitled');
  });

  it('a signed-in answer is never stored (no-store), still with an ETag and Vary: Cookie', async () => {
    const task = await newTask();
    const a = await loggedInAgent(t.app, owner);
    for (const url of [`/api/tasks/${task.identifier}`, '/api/tasks?page=1']) {
      const res = await a.get(url);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toMatch(/Cookie/i);
      const again = await a.get(url, { headers: { 'if-none-match': res.headers.etag as string } });
      expect(again.statusCode).toBe(304);
    }
  });
});

describe('writtenKinds (what a statement invalidates in this process)', () => {
  it('names the tables written, not those read', () => {
    expect([...writtenKinds('SELECT * FROM tasks')]).toEqual([]);
    expect([...writtenKinds('UPDATE tasks t SET title = $1 WHERE uuid = $2')]).toEqual(['task']);
    expect([...writtenKinds('DELETE FROM sessions WHERE id = $1')]).toEqual(['session']);
    expect([...writtenKinds('INSERT INTO offers (uuid) VALUES ($1)')]).toEqual(['task']);
    // An offer's own content: its parties' reads only (migration 013); a choice is a task write.
    expect([
      ...writtenKinds(
        'UPDATE offers SET description = $5, price = $6 WHERE uuid = $3 AND task_uuid = $1 AND chosen_at IS NULL',
      ),
    ]).toEqual(['offer']);
    expect([...writtenKinds('UPDATE offers SET chosen_at = now() WHERE uuid = $1')]).toEqual([
      'task',
    ]);
    expect([...writtenKinds('UPDATE offers SET task_uuid = $2 WHERE uuid = $1')]).toEqual(['task']);
    expect([
      ...writtenKinds('INSERT INTO task_views (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2'),
    ]).toEqual(['views']);
    expect([...writtenKinds('UPDATE users SET last_seen_at = now() WHERE uuid = $1')]).toEqual([]);
    expect([...writtenKinds("UPDATE users SET full_name = 'x' WHERE uuid = $1")]).toEqual(['user']);
  });
});
