/**
 * The bad inputs the property tests (api.test.ts) found answering 500, pinned as plain examples,
 * and a check that the harness's change log really sees a write.
 */
import {
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  type TestApp,
} from '../../support/server';
import {
  changeMark,
  changesSince,
  installChangeLog,
  laravelShapeProblem,
  logIn,
  send,
  visitor,
  type Client,
} from './support';

let t: TestApp;
let stranger: Client;
let owner: Client;
let assigned: string;

beforeAll(async () => {
  t = await buildTestApp();
  await installChangeLog(t.db);
  const category = await createCategory(t.db);
  const ownerUser = await createUser(t.db);
  const freelancer = await createUser(t.db, { is_freelancer: true });
  const task = await createTask(t.db, {
    author_uuid: ownerUser.uuid,
    category_id: category.id,
    status: 'in_progress',
    awaiting_action: true,
  });
  const offer = await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancer.uuid });
  await t.db.query('UPDATE offers SET chosen_at = now() WHERE uuid = $1', [offer.uuid]);
  assigned = task.uuid;
  stranger = await logIn(t.app, await createUser(t.db));
  owner = await logIn(t.app, ownerUser);
});
afterAll(() => t.close());

const json = (value: unknown) => ({ kind: 'json', value }) as const;

describe('the change log', () => {
  it('reports a write since the mark, and nothing after a new mark', async () => {
    const mark = await changeMark(t.db);
    expect(await changesSince(t.db, mark)).toBe('');
    await createCategory(t.db);
    expect(await changesSince(t.db, mark)).toBe('categories INSERT');
    expect(await changesSince(t.db, await changeMark(t.db))).toBe('');
  });

  it('does not count an update that changes only an ignored column', async () => {
    const mark = await changeMark(t.db);
    await t.db.query('UPDATE users SET last_seen_at = now()');
    expect(await changesSince(t.db, mark)).toBe('');
  });
});

describe('answers that were 500 before', () => {
  it('a path with broken percent-encoding: 400 { message }', async () => {
    for (const url of ['/api/tasks/%FF', '/api/users/%zz', '/uploads/%C0%AF']) {
      const res = await send(t.app, visitor(), { method: 'GET', url, body: { kind: 'none' } });
      expect(res.statusCode).toBe(400);
      expect(laravelShapeProblem(res)).toBeNull();
    }
  });

  it('a body key named like an Object.prototype member is ignored, not a TypeError', async () => {
    const res = await send(t.app, stranger, {
      method: 'PUT',
      url: '/api/me/profile',
      body: json({ constructor: 1, toString: 'x', display_name: 'Sandis S.' }),
    });
    expect(res.statusCode).toBe(200);
    const geo = await send(t.app, visitor(), {
      method: 'GET',
      url: '/api/geo/reverse?constructor=1&hasOwnProperty=2&lat=56.95&lng=24.1',
      body: { kind: 'none' },
    });
    expect(geo.statusCode).toBe(200);
  });

  it('an object or array where a trimmed string belongs: 422 on that field', async () => {
    const mark = await changeMark(t.db);
    const profile = await send(t.app, stranger, {
      method: 'PUT',
      url: '/api/me/profile',
      body: json({ display_name: ['Sandis'], phone_number: { a: 1 } }),
      acceptLanguage: 'en',
    });
    expect(profile.statusCode).toBe(422);
    expect(Object.keys(profile.json<{ errors: object }>().errors).sort()).toEqual([
      'display_name',
      'phone_number',
    ]);
    const complete = await send(t.app, owner, {
      method: 'POST',
      url: `/api/tasks/${assigned}/complete`,
      body: json({ status: 'completed', rate: 5, feedback: { text: 'Great work!' } }),
    });
    expect(complete.statusCode).toBe(422);
    expect(Object.keys(complete.json<{ errors: object }>().errors)).toEqual(['feedback']);
    expect(await changesSince(t.db, mark)).toBe('');
  });

  it('a NUL character: 404 in a path, 422 in a query value or a body field', async () => {
    const mark = await changeMark(t.db);
    const path = await send(t.app, owner, {
      method: 'GET',
      url: '/api/tasks/a%00b',
      body: { kind: 'none' },
    });
    expect(path.statusCode).toBe(404);
    const query = await send(t.app, visitor(), {
      method: 'GET',
      url: '/api/tasks?city=R%C4%ABga%00',
      body: { kind: 'none' },
    });
    expect(query.statusCode).toBe(422);
    expect(Object.keys(query.json<{ errors: object }>().errors)).toEqual(['city']);
    const body = await send(t.app, stranger, {
      method: 'PUT',
      url: '/api/me/profile',
      body: json({ display_name: 'San\u0000dis' }),
    });
    expect(body.statusCode).toBe(422);
    expect(Object.keys(body.json<{ errors: object }>().errors)).toEqual(['display_name']);
    const task = await send(t.app, owner, {
      method: 'POST',
      url: '/api/tasks',
      body: {
        kind: 'multipart',
        parts: [
          { name: 'title', value: 'Fix a leaking tap' },
          { name: 'locations[0][city]', value: 'R\u0000iga' },
        ],
      },
    });
    expect(task.statusCode).toBe(422);
    expect(task.json<{ errors: object }>().errors).toHaveProperty(['locations.0.city']);
    expect(await changesSince(t.db, mark)).toBe('');
  });

  it('a category id beyond int4 in the task form: 422 on category_id', async () => {
    const res = await send(t.app, owner, {
      method: 'POST',
      url: '/api/tasks',
      body: { kind: 'multipart', parts: [{ name: 'category_id', value: '2147483648' }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: object }>().errors).toHaveProperty(['category_id']);
  });

  it('a category id beyond int4 when becoming a freelancer: 422 on categories', async () => {
    const res = await send(t.app, stranger, {
      method: 'POST',
      url: '/api/become-freelancer',
      body: json({ categories: ['2147483648'], languages: ['lv'] }),
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['categories']);
  });

  it('a multipart body cut short: 400 { message }, nothing stored', async () => {
    const mark = await changeMark(t.db);
    const boundary = 'cut-short';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tasks',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': owner.cookies.get('XSRF-TOKEN')!,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nFix a tap`,
    });
    expect(res.statusCode).toBe(400);
    expect(laravelShapeProblem(res)).toBeNull();
    expect(await changesSince(t.db, mark)).toBe('');
  });

  it('arrays 5,000 deep (10 KB) on a JSON route without a login: 422, not a stack overflow', async () => {
    const mark = await changeMark(t.db);
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    for (const payload of [deep, `{"email":${deep},"password":"x"}`]) {
      const res = await send(t.app, visitor(), {
        method: 'POST',
        url: '/api/login',
        body: { kind: 'raw', contentType: 'application/json', payload },
      });
      expect(res.statusCode).toBe(422);
      expect(laravelShapeProblem(res)).toBeNull();
    }
    expect(await changesSince(t.db, mark)).toBe('');
  });

  it('an encoded /api prefix: the NUL guard answers (422), not PostgreSQL (500)', async () => {
    const res = await send(t.app, visitor(), {
      method: 'GET',
      url: '/%61pi/tasks?city=a%00b',
      body: { kind: 'none' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['city']);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
