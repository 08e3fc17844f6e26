/**
 * ASVS 2.4.1 and 6.3.1: login, registration, reports, offers and chat are rate limited by the
 * configuration (LOGIN_RATE_LIMIT, REPORT_RATE_LIMIT, OFFER_RATE_LIMIT, CHAT_RATE_LIMIT). Each is
 * hit until it answers 429 with the Laravel error shape { message }, translated, and Retry-After;
 * the per-user limits do not block another user, and a forged X-Forwarded-For does not reset a
 * per-address limit unless the server is configured to trust a proxy.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { ServerConfig } from '../../../config';
import {
  createLoginThrottle,
  LOGIN_THROTTLE_WINDOW_MS,
} from '../../../src/server/auth/loginThrottle';
import { validTaskFields } from '../../support/taskFields';
import { multipartBody } from './support';
import {
  agent,
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  loggedInAgent,
  type Agent,
  type TestApp,
} from '../../support/server';
import { rateLimitKey } from '../../../src/server/app';

const LIMITS: Partial<ServerConfig> = {
  loginRateLimit: 3,
  reportRateLimit: 2,
  offerRateLimit: 2,
  chatRateLimit: 2,
};
const MESSAGE = {
  en: 'Too many requests. Please wait a minute and try again.',
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(LIMITS);
});
afterAll(() => t.close());

/** Sends until the first 429 (at most max + 2 tries); answers the statuses and the 429. */
async function untilLimited(
  max: number,
  send: (i: number) => Promise<LightMyRequestResponse>,
): Promise<{ statuses: number[]; limited: LightMyRequestResponse }> {
  const statuses: number[] = [];
  for (let i = 0; i < max + 2; i++) {
    const res = await send(i);
    statuses.push(res.statusCode);
    if (res.statusCode === 429) return { statuses, limited: res };
  }
  throw new Error(`no 429 after ${statuses.length} requests: ${statuses.join(',')}`);
}

function expectLimited(limited: LightMyRequestResponse, locale: 'en' | 'lv' = 'en') {
  expect(limited.statusCode).toBe(429);
  const body = limited.json() as { message: string };
  expect(Object.keys(body)).toEqual(['message']);
  if (locale === 'en') expect(body.message).toBe(MESSAGE.en);
  else expect(body.message).not.toBe(MESSAGE.en);
  expect(body.message.length).toBeGreaterThan(10);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
}

const EN = { headers: { 'accept-language': 'en' } };
const LV = { headers: { 'accept-language': 'lv' } };

it('login: LOGIN_RATE_LIMIT attempts a minute per address, then 429', async () => {
  const a = agent(t.app);
  const { statuses, limited } = await untilLimited(3, () =>
    a.post('/api/login', { email: 'x@example.test', password: 'wrong-password' }, EN),
  );
  expect(statuses).toEqual([422, 422, 422, 429]);
  expectLimited(limited);
  // The right password does not get past the limit either.
  const user = await createUser(t.db);
  expect((await a.login(user.email, user.password)).statusCode).toBe(429);
});

it('registration: limited like login, its own counter', async () => {
  const a = agent(t.app);
  const { statuses, limited } = await untilLimited(3, () => a.post('/api/register', {}, LV));
  expect(statuses).toEqual([422, 422, 422, 429]);
  expectLimited(limited, 'lv');
});

it('reports: REPORT_RATE_LIMIT a minute per address; a forged X-Forwarded-For does not reset it', async () => {
  const tasks = await Promise.all([1, 2, 3, 4].map(() => createTask(t.db)));
  const { statuses, limited } = await untilLimited(2, (i) =>
    agent(t.app).post(
      `/api/tasks/${tasks[i].uuid}/report`,
      { message: 'Spam' },
      {
        headers: { 'accept-language': 'en', 'x-forwarded-for': `203.0.113.${i}` },
      },
    ),
  );
  expect(statuses).toEqual([201, 201, 429]);
  expectLimited(limited);
  const reports = await t.db.query('SELECT 1 FROM reports');
  expect(reports).toHaveLength(2);
});

describe('per user', () => {
  // Its own app: the login limit above is spent for this address.
  let t: TestApp;
  let owner: Agent;
  let ownerUser: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    t = await buildTestApp({ offerRateLimit: 2, chatRateLimit: 2 });
    ownerUser = await createUser(t.db);
    owner = await loggedInAgent(t.app, ownerUser);
  });
  afterAll(() => t.close());

  it('offers: OFFER_RATE_LIMIT a minute per freelancer, another freelancer is not blocked', async () => {
    const freelancer = await loggedInAgent(t.app, await createUser(t.db, { is_freelancer: true }));
    const tasks = await Promise.all(
      [1, 2, 3, 4].map(() => createTask(t.db, { author_uuid: ownerUser.uuid })),
    );
    const form = { description: 'I can do it tomorrow.', price: 60, notify_if_not_chosen: false };
    const { statuses, limited } = await untilLimited(2, (i) =>
      freelancer.post(`/api/tasks/${tasks[i].uuid}/offers`, form, EN),
    );
    expect(statuses).toEqual([201, 201, 429]);
    expectLimited(limited);
    const other = await loggedInAgent(t.app, await createUser(t.db, { is_freelancer: true }));
    expect((await other.post(`/api/tasks/${tasks[3].uuid}/offers`, form)).statusCode).toBe(201);
  });

  it('chat: CHAT_RATE_LIMIT messages a minute per user', async () => {
    const freelancerUser = await createUser(t.db, { is_freelancer: true });
    const task = await createTask(t.db, { author_uuid: ownerUser.uuid });
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancerUser.uuid });
    const opened = await owner.post(
      `/api/chat/conversations/task/${task.uuid}/${freelancerUser.uuid}`,
    );
    const url = `/api/chat/conversations/${(opened.json() as { data: { uuid: string } }).data.uuid}/messages`;
    const { statuses, limited } = await untilLimited(2, (i) =>
      owner.post(url, { body: `Message ${i}` }, LV),
    );
    expect(statuses).toEqual([201, 201, 429]);
    expectLimited(limited, 'lv');
    // The other participant still writes.
    const freelancer = await loggedInAgent(t.app, freelancerUser);
    expect((await freelancer.post(url, { body: 'Reply' })).statusCode).toBe(201);
  });
});

it('behind a trusted proxy (TRUST_PROXY) the limit is per forwarded client address', async () => {
  const proxied = await buildTestApp({ ...LIMITS, trustProxy: true });
  try {
    const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
    const a = agent(proxied.app);
    const send = (ip: string) =>
      a.post('/api/login', { email: 'x@example.test', password: 'wrong-password' }, from(ip));
    for (let i = 0; i < 3; i++) expect((await send('198.51.100.1')).statusCode).toBe(422);
    expect((await send('198.51.100.1')).statusCode).toBe(429);
    expect((await send('198.51.100.2')).statusCode).toBe(422);
  } finally {
    await proxied.close();
  }
});

describe('anti-automation (issue 14 item 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ taskRateLimit: 2, loginAccountRateLimit: 3 });
  });
  afterAll(() => t.close());

  it('task creation: TASK_RATE_LIMIT an hour per user, then 429 and nothing stored; another user is not blocked', async () => {
    const category = await createCategory(t.db);
    const form = await multipartBody({ ...validTaskFields(category.id), 'languages[]': 'lv' });
    const user = await createUser(t.db);
    const a = await loggedInAgent(t.app, user);
    const { statuses, limited } = await untilLimited(2, () =>
      a.post('/api/tasks', form.payload, { headers: { ...form.headers, ...EN.headers } }),
    );
    expect(statuses).toEqual([201, 201, 429]);
    expectLimited(limited);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tasks WHERE author_uuid = $1',
      [user.uuid],
    );
    expect(n).toBe(2);
    const other = await loggedInAgent(t.app, await createUser(t.db));
    expect(
      (await other.post('/api/tasks', form.payload, { headers: form.headers })).statusCode,
    ).toBe(201);
  });

  it('login per account: after LOGIN_ACCOUNT_RATE_LIMIT failures from any addresses, 429 for that account only', async () => {
    const user = await createUser(t.db);
    const from = (i: number) => agent(t.app, { remoteAddress: `192.0.2.${i + 1}` });
    const tries = async (email: string) =>
      untilLimited(3, (i) => from(i).post('/api/login', { email, password: 'wrong-password' }, EN));
    const known = await tries(user.email.toUpperCase());
    expect(known.statuses).toEqual([422, 422, 422, 429]);
    expectLimited(known.limited);
    expect(Number(known.limited.headers['retry-after'])).toBeLessThanOrEqual(300);
    // Locked: the right password waits too, from a new address (or it would be an oracle).
    expect((await from(50).login(user.email, user.password)).statusCode).toBe(429);
    // An unknown email behaves exactly the same (nothing tells which accounts exist).
    const unknown = await tries('nobody-here@example.test');
    expect(unknown.statuses).toEqual([422, 422, 422, 429]);
    expect(unknown.limited.json()).toEqual(known.limited.json());
    // Another account is not affected.
    const other = await createUser(t.db);
    expect((await from(60).login(other.email, other.password)).statusCode).toBe(200);
  });

  it('the account throttle ends after its window, and a successful login clears it', () => {
    const throttle = createLoginThrottle(3);
    const start = 1_000_000;
    for (let i = 0; i < 3; i += 1) throttle.failed('a@example.test', start + i * 1000);
    expect(throttle.retryAfterMs('A@example.test', start + 3000)).toBe(
      LOGIN_THROTTLE_WINDOW_MS - 3000,
    );
    expect(throttle.retryAfterMs('a@example.test', start + LOGIN_THROTTLE_WINDOW_MS)).toBe(0);
    throttle.failed('b@example.test', start);
    throttle.failed('b@example.test', start);
    throttle.succeeded('b@example.test');
    throttle.failed('b@example.test', start);
    expect(throttle.retryAfterMs('b@example.test', start)).toBe(0);
  });
});

describe('the rate limit key', () => {
  it('is the address, an IPv6 client by its /64 network', () => {
    expect(rateLimitKey({ ip: '203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '::ffff:203.0.113.7' })).toBe('203.0.113.7');
    expect(rateLimitKey({ ip: '2001:db8:1:2::1' })).toBe(
      rateLimitKey({ ip: '2001:db8:1:2::ffff' }),
    );
    expect(rateLimitKey({ ip: '2001:db8:1:2::1' })).not.toBe(
      rateLimitKey({ ip: '2001:db8:1:3::1' }),
    );
  });

  it('does not throw for a request whose connection has closed (no address)', () => {
    expect(rateLimitKey({ ip: undefined })).toBe('connection-closed');
  });
});
