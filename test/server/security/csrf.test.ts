/**
 * ASVS 3.5.1 and 3.5.3 over the whole route table (test/server/csrf.test.ts covers the mechanism
 * on single routes): every mutating route refuses a request without the X-XSRF-TOKEN header or
 * with a wrong one (419) and accepts the right one; no GET route changes the database, except the
 * counted task view.
 */
import { agent, randomUuid, type Agent, type TestApp } from '../../support/server';
import {
  buildSeededApp,
  DEMO_EMAILS,
  fingerprint,
  loginAgent,
  MUTATING,
  routeKeys,
  seedFacts,
  type SeedFacts,
} from './support';

let t: TestApp;
let facts: SeedFacts;
let owner: Agent;
beforeAll(async () => {
  t = await buildSeededApp();
  facts = await seedFacts(t.db);
  owner = await loginAgent(t, DEMO_EMAILS.owner);
});
afterAll(() => t.close());

const fillParams = (url: string, value: (name: string) => string): string =>
  url.replace(/:([A-Za-z]+)/g, (_m, name: string) => value(name)).replace(/\*$/, value('*'));

describe('CSRF on every mutating route (3.5.1)', () => {
  const mutating = () => routeKeys(t).filter((k) => MUTATING.has(k.split(' ')[0]));

  it('finds the mutating routes in the route table', () => {
    const routes = mutating();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/login',
        'POST /api/register',
        'POST /api/logout',
        'POST /api/tasks',
        'PUT /api/tasks/:uuid',
        'DELETE /api/tasks/:uuid',
        'POST /api/tasks/:taskUuid/offers',
        'POST /api/tasks/:taskUuid/offers/:offerUuid/choose',
        'POST /api/chat/conversations/:uuid/messages',
        'POST /api/tasks/:taskUuid/report',
        'POST /api/tasks/:taskUuid/complete',
        'PUT /api/me/profile',
      ]),
    );
  });

  it('answers 419 without the header and with a wrong one, logged in, and changes nothing', async () => {
    const before = await fingerprint(t.db, { sessions: ['last_seen_at'] });
    const refused: string[] = [];
    for (const key of mutating()) {
      const [method, pattern] = key.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      // Real targets, so a route that skipped the check would act (and change the fingerprint).
      const url = fillParams(pattern, (name) =>
        name === 'slug'
          ? facts.open.identifier
          : name === 'offerUuid'
            ? facts.open.chosenOffer
            : facts.open.uuid,
      );
      const bare = await owner.request(method, url, {}, { headers: { 'x-xsrf-token': '' } });
      const wrong = await owner.request(
        method,
        url,
        {},
        { headers: { 'x-xsrf-token': 'A'.repeat(43) } },
      );
      expect({ key, bare: bare.statusCode, wrong: wrong.statusCode }).toEqual({
        key,
        bare: 419,
        wrong: 419,
      });
      expect(bare.json()).toEqual({ message: expect.any(String) });
      refused.push(key);
    }
    expect(refused).toEqual(mutating());
    expect(await fingerprint(t.db, { sessions: ['last_seen_at'] })).toEqual(before);
    // Still logged in: the refused logout did not end the session.
    expect((await owner.get('/api/me')).statusCode).toBe(200);
  });

  it('lets each mutating route past the check with the right token (the 419 came from the token)', async () => {
    const a = await loginAgent(t, DEMO_EMAILS.otherCustomer);
    for (const key of mutating()) {
      const [method, pattern] = key.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      if (key === 'POST /api/logout') continue; // would end the session the loop uses
      // Unknown ids: each route answers its own 4xx, never the CSRF one.
      const url = fillParams(pattern, () => randomUuid());
      const res = await a.request(method, url, {});
      expect({ key, status: res.statusCode }).not.toEqual({ key, status: 419 });
    }
  });
});

describe('no state change through GET (3.5.3)', () => {
  /** Bookkeeping of every request (session and presence stamps) and the counted view. */
  const IGNORE = {
    sessions: ['last_seen_at'],
    users: ['last_seen_at'],
    tasks: ['views_count'],
    task_views: ['viewed_at'],
  };
  const SKIP: Record<string, string> = {
    // A Server-Sent Events stream that never ends; it only reads (test/server/push.test.ts).
    'GET /api/push': 'stream',
  };

  it('calls every GET route as two logged-in users and a visitor; every table stays as it was', async () => {
    const params: Record<string, string> = {
      slug: facts.prog.identifier,
      taskUuid: facts.prog.uuid,
      offerUuid: facts.prog.chosenOffer,
      uuid: facts.users.chosen,
      locale: 'lv',
    };
    const urlOf = (pattern: string): string => {
      if (pattern === '/api/chat/conversations/:uuid')
        return `/api/chat/conversations/${facts.conversation}`;
      if (pattern === '/uploads/*') return `/uploads/${facts.image}`;
      // Every page is server-rendered: the task page is the one that reads the most.
      if (pattern === '/*') return `/lv/tasks/${facts.prog.identifier}`;
      return fillParams(pattern, (name) => params[name] ?? 'x');
    };
    const gets = routeKeys(t).filter((k) => k.startsWith('GET ') && !(k in SKIP));
    expect(gets).toEqual(
      expect.arrayContaining([
        'GET /api/tasks/:slug',
        'GET /api/chat/conversations/:uuid',
        'GET /*',
        'GET /uploads/*',
      ]),
    );
    // Unread messages both ways, so a GET that marks messages read would show.
    for (const sender of [facts.users.chosen, facts.users.owner]) {
      await t.db.query(
        'INSERT INTO chat_messages (conversation_uuid, sender_uuid, body) VALUES ($1, $2, $3)',
        [facts.conversation, sender, 'unread'],
      );
    }
    // First visits count the view (task_views rows): do them once, then fingerprint.
    await owner.get(`/api/tasks/${facts.prog.identifier}`);
    const other = await loginAgent(t, DEMO_EMAILS.otherCustomer);
    await other.get(`/api/tasks/${facts.prog.identifier}`);
    await other.get(`/lv/tasks/${facts.prog.identifier}`);
    const visitor = agent(t.app);
    await visitor.get(`/api/tasks/${facts.prog.identifier}`);

    const before = await fingerprint(t.db, IGNORE);
    const statuses: Record<string, number> = {};
    for (const key of gets) {
      const url = urlOf(key.slice(4));
      statuses[key] = (await owner.get(url)).statusCode;
      statuses[`${key} (other)`] = (await other.get(url)).statusCode;
      statuses[`${key} (visitor)`] = (await visitor.get(url)).statusCode;
    }
    // The routes really answered (a 404 everywhere would prove nothing).
    expect(Object.values(statuses).filter((s) => s === 200).length).toBeGreaterThanOrEqual(
      gets.length,
    );
    expect(await fingerprint(t.db, IGNORE)).toEqual(before);
  });
});
