/**
 * Issue 14 item 3: JSON bodies are refused before validation when they nest deeper than
 * MAX_JSON_DEPTH (yup overflowed the stack on `[[[…]]]` 5,000 deep: a 500 on every JSON route), and
 * each route takes at most its own body size (a 400 KB body cost 330 ms before it was refused).
 */
import {
  makeTextWellFormed,
  jsonBodyLimit,
  JSON_BODY_LIMIT,
  MAX_JSON_DEPTH,
} from '../../../src/server/plugins/jsonBody';
import { REPORT_MESSAGE_MAX } from '../../../src/shared/validation/report';
import { agent, createTask, createUser, loggedInAgent, type TestApp } from '../../support/server';
import { buildSeededApp, fingerprint, MUTATING, routeKeys, seedFacts } from './support';

const nested = (depth: number, leaf: unknown = 1): unknown => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
};
/** `[[[…]]]` as text: JSON.stringify of a 5,000-deep array would itself overflow no stack, but be quick. */
const deepText = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('deeply nested JSON', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildSeededApp();
  });
  afterAll(() => t.close());

  const concrete = (url: string, facts: Awaited<ReturnType<typeof seedFacts>>) =>
    url
      .replace(':taskUuid', facts.open.uuid)
      .replace(':offerUuid', facts.open.otherOffer)
      .replace(':uuid', facts.open.uuid)
      .replace(':freelancerUuid', facts.users.chosen);

  it('is a 4xx with the API shape on every mutating route, logged in or not, and writes nothing', async () => {
    const facts = await seedFacts(t.db);
    const owner = await loggedInAgent(t.app, await createUser(t.db));
    const visitor = agent(t.app);
    // Sessions and last-seen stamps are bookkeeping any logged-in request may touch.
    const tables = async () => {
      const all = await fingerprint(t.db, { users: ['last_seen_at'] });
      delete all.sessions;
      return all;
    };
    const before = await tables();
    const keys = routeKeys(t).filter((k) => MUTATING.has(k.split(' ')[0]));
    expect(keys.length).toBeGreaterThan(10);
    const wrong: { key: string; status: number; body: string }[] = [];
    for (const key of keys) {
      const [method, route] = key.split(' ');
      const url = concrete(route, facts);
      for (const body of [
        deepText(5000),
        `{"email":${deepText(5000)},"message":${deepText(50)}}`,
      ]) {
        for (const who of [owner, visitor]) {
          const res = await who.request(method as 'POST', url, body, {
            headers: { 'content-type': 'application/json' },
          });
          let shaped = false;
          try {
            shaped = typeof (res.json() as { message?: unknown }).message === 'string';
          } catch {
            // Not JSON: not the API's shape.
          }
          if (res.statusCode < 400 || res.statusCode >= 500 || !shaped) {
            wrong.push({ key, status: res.statusCode, body: res.body.slice(0, 200) });
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await tables()).toEqual(before);
  });

  it('deeper than the limit is a 422 on the field that nests, before any other rule', async () => {
    // Even a field the route ignores: the body is refused before the route reads it.
    const res = await agent(t.app).post(
      '/api/login',
      JSON.stringify({ email: 'a@b.lv', password: 'x', note: nested(MAX_JSON_DEPTH + 1) }),
      { headers: { 'content-type': 'application/json', 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { note: ['This value is not valid.'] },
    });
    const top = await agent(t.app).post('/api/login', deepText(MAX_JSON_DEPTH + 1), {
      headers: { 'content-type': 'application/json' },
    });
    expect(top.statusCode).toBe(422);
  });

  it('a body within the limit still reaches validation', async () => {
    // The deepest real body: { categories: [1] } is two levels; the limit leaves room.
    expect(MAX_JSON_DEPTH).toBeGreaterThanOrEqual(4);
    const res = await agent(t.app).post(
      '/api/login',
      JSON.stringify({ email: nested(MAX_JSON_DEPTH - 1, 'x'), password: 'x' }),
      { headers: { 'content-type': 'application/json', 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['This value is not valid.']);
  });
});

describe('JSON body size per route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildSeededApp();
  });
  afterAll(() => t.close());

  it('a body over the route’s cap is a 413 with a translated message, read no further', async () => {
    const big = JSON.stringify({ email: 'a@b.lv', password: 'x'.repeat(JSON_BODY_LIMIT) });
    const res = await agent(t.app).post('/api/login', big, {
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.' });
    const lv = await agent(t.app).post('/api/login', big, {
      headers: { 'content-type': 'application/json', 'accept-language': 'lv' },
    });
    expect(lv.json().message).not.toBe('The request is too large.');
  });

  it('the longest valid text of a route fits its cap, even as escapes (a report of 5,000)', async () => {
    const task = await createTask(t.db);
    const message = '\u0001é'.repeat(REPORT_MESSAGE_MAX / 2);
    const body = JSON.stringify({ message });
    expect(Buffer.byteLength(body)).toBeGreaterThan(JSON_BODY_LIMIT);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(jsonBodyLimit(REPORT_MESSAGE_MAX));
    const res = await agent(t.app).post(`/api/tasks/${task.uuid}/report`, body, {
      headers: { 'content-type': 'application/json' },
    });
    // Not refused for its size: the longest valid report is stored.
    expect(res.statusCode).toBe(201);
    const over = await agent(t.app).post(
      `/api/tasks/${task.uuid}/report`,
      JSON.stringify({ message: 'x'.repeat(jsonBodyLimit(REPORT_MESSAGE_MAX)) }),
      { headers: { 'content-type': 'application/json' } },
    );
    expect(over.statusCode).toBe(413);
  });
});

describe('lone surrogates in JSON text', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildSeededApp();
  });
  afterAll(() => t.close());

  // JSON.stringify writes a lone surrogate as an escape ("\udc9e"); UTF-8 cannot hold it and
  // PostgreSQL refused the text (a 500 from the report and chat routes, FC_SEED=2146777985).
  it('are stored as U+FFFD, as any UTF-8 encoder writes them, and count as one character', async () => {
    const task = await createTask(t.db);
    // After other non-ASCII text, PGlite measured the lone surrogate wrong and PostgreSQL refused the bytes.
    const message = '电А魭\udc9e岭 é\ud800 c\ud83d\ude00';
    const res = await agent(t.app).post(
      `/api/tasks/${task.uuid}/report`,
      JSON.stringify({ message }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(res.statusCode).toBe(201);
    const rows = await t.db.query<{ message: string }>(
      'SELECT message FROM reports WHERE task_uuid = $1',
      [task.uuid],
    );
    expect(rows.map((r) => r.message)).toEqual(['电А魭\ufffd岭 é\ufffd c\ud83d\ude00']);
  });

  it('deep in a body too (an array inside an object)', () => {
    const body = { a: ['x\ud800', { b: '\udfff' }], ok: '😀' };
    expect(makeTextWellFormed(body)).toEqual({ a: ['x\ufffd', { b: '\ufffd' }], ok: '😀' });
  });
});
