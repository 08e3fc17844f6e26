/**
 * ASVS 8.2.2 and 8.3.1: the authorization matrix. Every route of the route table (a new route
 * without an entry here fails) is called by each role against the demo seed, and each role must get
 * the status in the table. Roles are relative to the task a case targets:
 *
 *   visitor          no session
 *   otherCustomer    ruta@talka.test: logged in, no part in the task
 *   otherFreelancer  freelancer3@talka.test: a freelancer with no offer on the task
 *   owner            customer@talka.test: the task's author
 *   chosen           freelancer@talka.test: the chosen freelancer of TKPROG01, and the author of an
 *                    offer on the open TKOPEN01
 *
 * Where a role may act, the request carries an empty or invalid body, so the allowed role gets the
 * validation answer (422, or 415 for a non-multipart task form) and nothing changes; the few cases
 * that do change something (deletions, logout) run last within their row, or with fresh sessions.
 * Where roles see different data, `visible` lists who may see which secret in the answer.
 */
import type { LightMyRequestResponse } from 'fastify';
import { agent, type Agent, type TestApp } from '../../support/server';
import {
  buildSeededApp,
  DEMO_EMAILS,
  loginAgent,
  routeKeys,
  seedFacts,
  type SeedFacts,
} from './support';

type Role = 'visitor' | 'otherCustomer' | 'otherFreelancer' | 'owner' | 'chosen';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ROLES: Role[] = ['visitor', 'otherCustomer', 'otherFreelancer', 'owner', 'chosen'];

interface Case {
  /** What the case targets, for the failure message. */
  target: string;
  url: (f: SeedFacts) => string;
  body?: Record<string, unknown>;
  /** The status each role must get; requests run in this key order (allowed destructive last). */
  expect: Record<Role, number>;
  /** A new session per role (the request ends it). */
  freshSession?: boolean;
  /** Secrets in the answer and the roles that may see them; everyone else must not. */
  visible?: { secret: (f: SeedFacts) => string; roles: Role[] }[];
  /** Not requested, with the reason (e.g. an endless stream); still must be listed. */
  skip?: string;
}

const all = (status: number): Record<Role, number> => ({
  visitor: status,
  otherCustomer: status,
  otherFreelancer: status,
  owner: status,
  chosen: status,
});
const loggedIn = (status: number): Record<Role, number> => ({ ...all(status), visitor: 401 });
const only = (allowed: Partial<Record<Role, number>>, denied = 403): Record<Role, number> => {
  const denials = Object.fromEntries(
    ROLES.filter((r) => !(r in allowed)).map((r) => [r, r === 'visitor' ? 401 : denied]),
  );
  // Denied roles first, allowed last: an allowed destructive request must not change the rest.
  return { ...denials, ...allowed } as Record<Role, number>;
};

const EXACT_ADDRESS = 'Lāčplēša iela 25';
const exactPlaceFor = (roles: Role[]) => [{ secret: () => EXACT_ADDRESS, roles }];

// Full names (issue 14 item 10): to the person themself and, once an offer is chosen, the other
// party; everyone else sees the display name ('Anna B.'). freelancer2 made an offer on both tasks.
const OWNER_NAME = 'Anna Bērziņa';
const CHOSEN_NAME = 'Jānis Ozols';
const OFFERER_NAME = 'Mari Tamm';
const fullNames = (owner: Role[], chosen: Role[], offerer: Role[] = []) => [
  { secret: () => OWNER_NAME, roles: owner },
  { secret: () => CHOSEN_NAME, roles: chosen },
  { secret: () => OFFERER_NAME, roles: offerer },
];

const prog = (f: SeedFacts) => f.prog.uuid;
const open = (f: SeedFacts) => f.open.uuid;

/** Keyed by route; each route has one or more cases. Order matters only for destructive ones. */
// --- Task alerts (issue 20) -------------------------------------------------------------------
// Only freelancers keep alerts (403 to a customer); an alert is its owner's alone (404 to another
// freelancer, whatever the body). The alert under test is freelancer@talka.test's ('chosen'),
// made in the beforeAll below; its address must reach nobody else.
let demoAlertId = 0;
const ALERT_ADDRESS = 'Alertu iela 7, Rīga';
const freelancers = (allowed: Partial<Record<Role, number>>) =>
  only({ otherFreelancer: 404, chosen: 404, ...allowed });
const ALERT_MATRIX: Record<string, Case[]> = {
  'GET /api/alerts': [
    {
      target: 'own alerts',
      url: () => '/api/alerts',
      expect: only({ otherFreelancer: 200, chosen: 200 }),
      visible: [{ secret: () => ALERT_ADDRESS, roles: ['chosen'] }],
    },
  ],
  'POST /api/alerts': [
    {
      target: 'a new alert (empty body)',
      url: () => '/api/alerts',
      body: {},
      expect: only({ otherFreelancer: 422, chosen: 422 }),
    },
  ],
  'PUT /api/alerts/:id': [
    {
      target: "chosen's alert (empty body)",
      url: () => `/api/alerts/${demoAlertId}`,
      body: {},
      expect: freelancers({ chosen: 422 }),
    },
  ],
  'GET /api/alerts/matches': [
    {
      target: 'own matches',
      url: () => '/api/alerts/matches',
      expect: only({ otherFreelancer: 200, chosen: 200 }),
    },
  ],
  // Destructive: spread last into MATRIX.
  'DELETE /api/alerts/:id': [
    {
      target: "chosen's alert",
      url: () => `/api/alerts/${demoAlertId}`,
      expect: freelancers({ chosen: 204 }),
    },
  ],
};
// --- end of task alerts ------------------------------------------------------------------------

const MATRIX: Record<string, Case[]> = {
  'GET /api/health': [{ target: 'health', url: () => '/api/health', expect: all(200) }],
  'POST /api/register': [
    { target: 'empty form', url: () => '/api/register', body: {}, expect: all(422) },
  ],
  'POST /api/register/confirm': [
    { target: 'empty form', url: () => '/api/register/confirm', body: {}, expect: all(422) },
  ],
  'POST /api/login': [
    { target: 'empty form', url: () => '/api/login', body: {}, expect: all(422) },
  ],
  'POST /api/logout': [
    { target: 'own session', url: () => '/api/logout', expect: all(204), freshSession: true },
  ],
  'GET /api/me': [{ target: 'self', url: () => '/api/me', expect: loggedIn(200) }],
  'GET /api/categories': [{ target: 'list', url: () => '/api/categories', expect: all(200) }],
  'GET /api/tasks': [
    { target: 'list', url: () => '/api/tasks', expect: all(200), visible: fullNames([], []) },
  ],
  'GET /api/tasks/:slug': [
    {
      target: 'TKPROG01',
      url: (f) => `/api/tasks/${f.prog.identifier}`,
      expect: all(200),
      visible: [
        ...exactPlaceFor(['owner', 'chosen']),
        // Contacts: each party sees the other's, nobody else sees either.
        { secret: () => DEMO_EMAILS.owner, roles: ['chosen'] },
        { secret: () => DEMO_EMAILS.chosen, roles: ['owner'] },
        ...fullNames(['owner', 'chosen'], ['owner', 'chosen']),
      ],
    },
    {
      target: 'TKOPEN01 (exact place for the owner only before assignment)',
      url: (f) => `/api/tasks/${f.open.identifier}`,
      expect: all(200),
      visible: [
        { secret: () => 'Brīvības iela 68', roles: ['owner'] },
        // Before assignment: the owner's own name to the owner, an offerer's to themself.
        ...fullNames(['owner'], ['chosen']),
      ],
    },
  ],
  // Every page is server-rendered (src/server/render) and embeds only the viewer's own data (their
  // own email in `me`) and what the API gives that viewer: the exact place and contacts as there.
  'GET /*': [
    {
      target: 'TKPROG01 page',
      url: (f) => `/lv/tasks/${f.prog.identifier}`,
      expect: all(200),
      visible: [
        ...exactPlaceFor(['owner', 'chosen']),
        { secret: () => DEMO_EMAILS.owner, roles: ['owner', 'chosen'] },
        ...fullNames(['owner', 'chosen'], ['owner', 'chosen']),
      ],
    },
    {
      target: 'task list page',
      url: () => '/lv/tasks',
      expect: all(200),
      visible: [
        ...exactPlaceFor([]),
        { secret: () => DEMO_EMAILS.owner, roles: ['owner'] },
        { secret: () => DEMO_EMAILS.chosen, roles: ['chosen'] },
        // Cards carry no full name; the viewer's own comes with their account.
        ...fullNames(['owner'], ['chosen']),
      ],
    },
    {
      target: 'home page',
      url: () => '/lv',
      expect: all(200),
      visible: [
        ...exactPlaceFor([]),
        { secret: () => DEMO_EMAILS.owner, roles: ['owner'] },
        { secret: () => DEMO_EMAILS.chosen, roles: ['chosen'] },
      ],
    },
    {
      target: 'freelancers page',
      url: () => '/en/freelancers',
      expect: all(200),
      visible: [
        { secret: () => DEMO_EMAILS.owner, roles: ['owner'] },
        { secret: () => DEMO_EMAILS.chosen, roles: ['chosen'] },
      ],
    },
    {
      target: 'login page',
      url: () => '/ru/vhod',
      expect: all(200),
      visible: [{ secret: () => DEMO_EMAILS.chosen, roles: ['chosen'] }],
    },
  ],
  'GET /uploads/*': [{ target: 'task image', url: (f) => `/uploads/${f.image}`, expect: all(200) }],
  'GET /api/tasks/:taskUuid/offers': [
    {
      target: 'TKPROG01',
      url: (f) => `/api/tasks/${f.prog.uuid}/offers`,
      expect: all(200),
      visible: [
        { secret: (f) => f.prog.chosenOffer, roles: ['owner', 'chosen'] },
        { secret: (f) => f.prog.otherOffer, roles: ['owner'] },
        // The owner sees the chosen freelancer's full name, the other offerer's display name.
        ...fullNames([], ['owner', 'chosen']),
      ],
    },
    {
      target: 'TKOPEN01 (nothing chosen yet)',
      url: (f) => `/api/tasks/${f.open.uuid}/offers`,
      expect: all(200),
      visible: fullNames([], ['chosen']),
    },
  ],
  'GET /api/tasks/:taskUuid/offers/:offerUuid': [
    {
      target: 'TKPROG01 chosen offer',
      url: (f) => `/api/tasks/${f.prog.uuid}/offers/${f.prog.chosenOffer}`,
      expect: only({ owner: 200, chosen: 200 }),
    },
    {
      target: "TKPROG01 another freelancer's offer",
      url: (f) => `/api/tasks/${f.prog.uuid}/offers/${f.prog.otherOffer}`,
      expect: only({ owner: 200 }),
      visible: fullNames([], [], []),
    },
  ],
  'POST /api/tasks/:taskUuid/offers': [
    {
      target: 'TKOPEN01 (open; chosen already has an offer)',
      url: (f) => `/api/tasks/${open(f)}/offers`,
      body: {},
      expect: only({ otherFreelancer: 422 }),
    },
    {
      target: 'TKPROG01 (in progress: nobody)',
      url: (f) => `/api/tasks/${prog(f)}/offers`,
      body: {},
      expect: only({}),
    },
  ],
  'PUT /api/tasks/:taskUuid/offers/:offerUuid': [
    {
      target: "TKOPEN01 chosen's own offer",
      url: (f) => `/api/tasks/${open(f)}/offers/${f.open.chosenOffer}`,
      body: {},
      expect: only({ chosen: 422 }),
    },
    {
      target: 'TKPROG01 chosen offer (locked)',
      url: (f) => `/api/tasks/${prog(f)}/offers/${f.prog.chosenOffer}`,
      body: { description: 'Changed after being chosen', price: 1 },
      expect: only({}),
    },
  ],
  'POST /api/tasks/:taskUuid/offers/:offerUuid/choose': [
    {
      target: 'TKOPEN01 an offer',
      url: (f) => `/api/tasks/${open(f)}/offers/${f.open.chosenOffer}/choose`,
      body: {},
      expect: only({ owner: 422 }),
    },
  ],
  'POST /api/chat/conversations/task/:taskUuid/:freelancerUuid': [
    {
      target: 'TKPROG01 with the chosen freelancer (exists)',
      url: (f) => `/api/chat/conversations/task/${prog(f)}/${f.users.chosen}`,
      expect: only({ owner: 200 }),
    },
  ],
  'GET /api/chat/conversations': [
    {
      target: "the caller's",
      url: () => '/api/chat/conversations',
      expect: loggedIn(200),
      visible: [{ secret: (f) => f.conversation, roles: ['owner', 'chosen'] }],
    },
  ],
  'GET /api/chat/conversations/:uuid': [
    {
      target: 'TKPROG01 owner-chosen chat',
      url: (f) => `/api/chat/conversations/${f.conversation}`,
      expect: only({ owner: 200, chosen: 200 }),
    },
  ],
  'POST /api/chat/conversations/:uuid/read': [
    {
      target: 'TKPROG01 owner-chosen chat',
      url: (f) => `/api/chat/conversations/${f.conversation}/read`,
      expect: only({ owner: 200, chosen: 200 }),
    },
  ],
  'POST /api/chat/conversations/:uuid/messages': [
    {
      target: 'TKPROG01 owner-chosen chat',
      url: (f) => `/api/chat/conversations/${f.conversation}/messages`,
      body: {},
      expect: only({ owner: 422, chosen: 422 }),
    },
  ],
  'GET /api/chat/unread': [{ target: 'own', url: () => '/api/chat/unread', expect: loggedIn(200) }],
  'POST /api/tasks': [
    // Anyone logged in may post a task; the JSON body is refused as not multipart.
    { target: 'new task', url: () => '/api/tasks', body: {}, expect: loggedIn(415) },
  ],
  'POST /api/tasks/:uuid': [
    {
      target: 'TKOPEN01 (_method=PUT)',
      url: (f) => `/api/tasks/${open(f)}`,
      body: {},
      expect: only({ owner: 415 }),
    },
    {
      target: 'TKPROG01 (assigned: locked for the owner too)',
      url: (f) => `/api/tasks/${prog(f)}`,
      body: {},
      expect: only({}),
    },
  ],
  'PUT /api/tasks/:uuid': [
    {
      target: 'TKOPEN01',
      url: (f) => `/api/tasks/${open(f)}`,
      body: {},
      expect: only({ owner: 415 }),
    },
  ],
  'GET /api/geo/search': [
    { target: 'address', url: () => '/api/geo/search?q=Brīvības', expect: all(200) },
  ],
  'GET /api/geo/reverse': [
    { target: 'point', url: () => '/api/geo/reverse?lat=56.95&lng=24.11', expect: all(200) },
  ],
  'GET /api/freelancers': [
    {
      target: 'list',
      url: () => '/api/freelancers',
      expect: all(200),
      visible: fullNames([], [], []),
    },
  ],
  'GET /api/users/:uuid': [
    {
      target: 'a freelancer profile',
      url: (f) => `/api/users/${f.users.chosen}`,
      expect: all(200),
      // A public profile carries no contacts and no full name.
      visible: [{ secret: () => DEMO_EMAILS.chosen, roles: [] }, ...fullNames([], [])],
    },
    {
      // Shown as 'deleted user' (SPEC): the uuid and nothing else.
      target: 'a deleted user',
      url: (f) => `/api/users/${f.deletedUser}`,
      expect: all(200),
      visible: [{ secret: () => 'deleted@talka.test', roles: [] }],
    },
  ],
  'PUT /api/me/profile': [
    { target: 'own profile', url: () => '/api/me/profile', body: {}, expect: loggedIn(422) },
  ],
  'POST /api/me/photo': [
    { target: 'own photo', url: () => '/api/me/photo', body: {}, expect: loggedIn(422) },
  ],
  'POST /api/become-freelancer': [
    { target: 'self', url: () => '/api/become-freelancer', body: {}, expect: loggedIn(422) },
  ],
  'GET /api/incomplete-reasons': [
    { target: 'list', url: () => '/api/incomplete-reasons', expect: all(200) },
  ],
  'POST /api/tasks/:taskUuid/complete': [
    {
      target: 'TKPROG01',
      url: (f) => `/api/tasks/${prog(f)}/complete`,
      body: {},
      expect: only({ owner: 422, chosen: 422 }),
    },
  ],
  'POST /api/tasks/:taskUuid/report': [
    {
      target: 'TKPROG01 (a too long message)',
      url: (f) => `/api/tasks/${prog(f)}/report`,
      body: { message: 'x'.repeat(5001) },
      expect: { ...all(422), owner: 403 },
    },
  ],
  // --- Questions on a task (issue 20). TKOPEN01's seeded question is otherFreelancer's; the
  // TKPROG01 one is closed (an offer is chosen). The owner's hide runs last, with the deletions.
  'GET /api/tasks/:taskUuid/questions': [
    { target: 'TKOPEN01', url: (f) => `/api/tasks/${open(f)}/questions`, expect: all(200) },
    {
      target: 'TKPROG01 (closed)',
      url: (f) => `/api/tasks/${prog(f)}/questions`,
      expect: all(200),
    },
  ],
  'POST /api/tasks/:taskUuid/questions': [
    {
      target: 'TKOPEN01 (open: anyone signed in but the owner)',
      url: (f) => `/api/tasks/${open(f)}/questions`,
      body: {},
      expect: only({ otherCustomer: 422, otherFreelancer: 422, chosen: 422 }),
    },
    {
      target: 'TKPROG01 (closed: nobody)',
      url: (f) => `/api/tasks/${prog(f)}/questions`,
      body: { message: 'Asked too late' },
      expect: only({}),
    },
  ],
  'POST /api/tasks/:taskUuid/questions/:id/answer': [
    {
      target: 'TKOPEN01 question (the owner only)',
      url: (f) => `/api/tasks/${open(f)}/questions/${f.questions.open}/answer`,
      body: {},
      expect: only({ owner: 422 }),
    },
    {
      target: 'TKPROG01 question (closed: nobody)',
      url: (f) => `/api/tasks/${prog(f)}/questions/${f.questions.prog}/answer`,
      body: { message: 'Answered too late' },
      expect: only({}),
    },
    {
      target: "another task's question (404 for the owner)",
      url: (f) => `/api/tasks/${prog(f)}/questions/${f.questions.open}/answer`,
      body: {},
      expect: only({ owner: 404 }),
    },
  ],
  'POST /api/tasks/:taskUuid/questions/:id/report': [
    {
      target: 'TKOPEN01 question (a too long message; not its asker)',
      url: (f) => `/api/tasks/${open(f)}/questions/${f.questions.open}/report`,
      body: { message: 'x'.repeat(5001) },
      expect: { ...all(422), otherFreelancer: 403 },
    },
  ],
  'GET /api/push': [
    {
      target: 'stream',
      url: () => '/api/push',
      expect: all(200),
      skip: 'an endless Server-Sent Events stream; who gets which event: test/server/push.test.ts',
    },
  ],
  // Destructive, so last: a freelancer withdraws an offer, the owner deletes a task.
  'DELETE /api/tasks/:taskUuid/offers/:offerUuid': [
    {
      target: 'TKPROG01 chosen offer (locked)',
      url: (f) => `/api/tasks/${prog(f)}/offers/${f.prog.chosenOffer}`,
      expect: only({}),
    },
    {
      target: "TKOPEN01 chosen's own offer",
      url: (f) => `/api/tasks/${open(f)}/offers/${f.open.chosenOffer}`,
      expect: only({ chosen: 204 }),
    },
  ],
  // --- Moderation (issue 19) --------------------------------------------------------------------
  // None of these roles is a moderator: visitors 401, everyone else 403, before any lookup. The
  // moderator's own answers: moderationAuthorization.test.ts.
  'GET /api/moderation/reports': [
    { target: 'queue', url: () => '/api/moderation/reports?status=open', expect: only({}) },
  ],
  'GET /api/moderation/log': [
    { target: 'log', url: () => '/api/moderation/log', expect: only({}) },
  ],
  'POST /api/moderation/tasks/:uuid/hide': [
    {
      target: 'TKPROG01',
      url: (f) => `/api/moderation/tasks/${prog(f)}/hide`,
      body: { reason: 'Spam' },
      expect: only({}),
    },
  ],
  'POST /api/moderation/tasks/:uuid/restore': [
    {
      target: 'TKPROG01',
      url: (f) => `/api/moderation/tasks/${prog(f)}/restore`,
      body: {},
      expect: only({}),
    },
  ],
  'POST /api/moderation/tasks/:uuid/dismiss': [
    {
      target: 'TKPROG01',
      url: (f) => `/api/moderation/tasks/${prog(f)}/dismiss`,
      body: { reason: 'Fine' },
      expect: only({}),
    },
  ],
  'POST /api/moderation/users/:uuid/suspend': [
    {
      target: 'the owner',
      url: (f) => `/api/moderation/users/${f.users.owner}/suspend`,
      body: { reason: 'Spam' },
      expect: only({}),
    },
  ],
  'POST /api/moderation/users/:uuid/unsuspend': [
    {
      target: 'the owner',
      url: (f) => `/api/moderation/users/${f.users.owner}/unsuspend`,
      body: {},
      expect: only({}),
    },
  ],
  'GET /api/me/reports': [
    { target: 'own reports', url: () => '/api/me/reports', expect: loggedIn(200) },
  ],
  // --- end of moderation -------------------------------------------------------------------------
  // --- Reported questions in the moderation queue (issue 20): moderators only, before the id ----
  'GET /api/moderation/question-reports': [
    {
      target: 'question queue',
      url: () => '/api/moderation/question-reports?status=open',
      expect: only({}),
    },
  ],
  'POST /api/moderation/questions/:id/hide': [
    {
      target: 'TKOPEN01 question',
      url: (f) => `/api/moderation/questions/${f.questions.open}/hide`,
      body: { reason: 'Advertising' },
      expect: only({}),
    },
    {
      target: 'an unknown question',
      url: () => '/api/moderation/questions/2147483647/hide',
      body: { reason: 'Advertising' },
      expect: only({}),
    },
  ],
  'POST /api/moderation/questions/:id/dismiss': [
    {
      target: 'TKOPEN01 question',
      url: (f) => `/api/moderation/questions/${f.questions.open}/dismiss`,
      body: { reason: 'Fine' },
      expect: only({}),
    },
  ],
  // --- end of reported questions -----------------------------------------------------------------
  'DELETE /api/tasks/:taskUuid/questions/:id': [
    {
      target: 'TKOPEN01 question (the owner hides it)',
      url: (f) => `/api/tasks/${open(f)}/questions/${f.questions.open}`,
      expect: only({ owner: 204 }),
    },
  ],
  // --- End of questions (issue 20).
  'DELETE /api/tasks/:uuid': [
    { target: 'TKPROG01 (assigned)', url: (f) => `/api/tasks/${prog(f)}`, expect: only({}) },
    { target: 'TKOPEN01', url: (f) => `/api/tasks/${open(f)}`, expect: only({ owner: 204 }) },
  ],
  ...ALERT_MATRIX,
};

let t: TestApp;
let facts: SeedFacts;
const EMAIL: Record<Exclude<Role, 'visitor'>, string> = {
  otherCustomer: DEMO_EMAILS.otherCustomer,
  otherFreelancer: DEMO_EMAILS.otherFreelancer,
  owner: DEMO_EMAILS.owner,
  chosen: DEMO_EMAILS.chosen,
};
const agents = new Map<Role, Agent>();

beforeAll(async () => {
  t = await buildSeededApp();
  facts = await seedFacts(t.db);
  agents.set('visitor', agent(t.app));
  for (const [role, email] of Object.entries(EMAIL)) {
    agents.set(role as Role, await loginAgent(t, email));
  }
});
afterAll(() => t.close());

// Task alerts (issue 20): freelancer@talka.test's alert for ALERT_MATRIX.
beforeAll(async () => {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO task_alerts (user_uuid, categories, location_type, address, lat, lng, radius_km,
                              languages, match_keys)
     SELECT uuid, '{11}', 'specific', $2, 56.95, 24.11, 10, '{lv}', '{11:56:24}'
       FROM users WHERE email = $1 RETURNING id`,
    [DEMO_EMAILS.chosen, ALERT_ADDRESS],
  );
  demoAlertId = row.id;
});

const agentFor = async (role: Role, fresh: boolean): Promise<Agent> => {
  if (!fresh) return agents.get(role)!;
  return role === 'visitor' ? agent(t.app) : loginAgent(t, EMAIL[role as Exclude<Role, 'visitor'>]);
};

it('has an entry for every route and no entry for a route that is gone', () => {
  const routes = routeKeys(t);
  expect(routes.length).toBeGreaterThan(30);
  expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
  expect(Object.keys(MATRIX).filter((r) => !routes.includes(r))).toEqual([]);
  // HEAD routes are Fastify's twins of GET routes, answered by the same handler.
  const heads = t.app.routeTable.filter((r) => r.method === 'HEAD').map((r) => `GET ${r.url}`);
  expect(heads.length).toBeGreaterThan(0);
  expect(heads.filter((k) => !routes.includes(k))).toEqual([]);
});

it('gives every role the status and the data its table entry says', async () => {
  const mismatches: string[] = [];
  for (const [key, cases] of Object.entries(MATRIX)) {
    const method = key.slice(0, key.indexOf(' ')) as Method;
    for (const c of cases) {
      if (c.skip) continue;
      const url = c.url(facts);
      for (const role of Object.keys(c.expect) as Role[]) {
        const a = await agentFor(role, c.freshSession === true);
        const res: LightMyRequestResponse = await a.request(method, url, c.body);
        const where = `${key} [${c.target}] as ${role}`;
        if (res.statusCode !== c.expect[role]) {
          mismatches.push(
            `${where}: ${res.statusCode}, expected ${c.expect[role]} ${res.body.slice(0, 120)}`,
          );
        }
        for (const v of c.visible ?? []) {
          const seen = res.body.includes(v.secret(facts));
          if (seen !== v.roles.includes(role)) {
            mismatches.push(`${where}: ${seen ? 'sees' : 'misses'} ${v.secret(facts)}`);
          }
        }
      }
    }
  }
  expect(mismatches).toEqual([]);
  // The destructive cases did act for the allowed role.
  const gone = await t.db.query('SELECT 1 FROM tasks WHERE uuid = $1', [facts.open.uuid]);
  expect(gone).toEqual([]);
});
