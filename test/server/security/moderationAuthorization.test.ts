/**
 * The authorization matrix's moderation block (issue 19), with the role the main matrix does not
 * have: the demo moderator (moderator@talka.test). Every moderation route and the moderation page,
 * as every role: visitors 401 (the page: 404), signed-in non-moderators 403 (the page: 404), the
 * moderator the route's answer. authorization.test.ts lists the same routes for its roles.
 */
import { randomUuid, type Agent, type TestApp } from '../../support/server';
import { agent } from '../../support/server';
import { buildSeededApp, DEMO_EMAILS, loginAgent, seedFacts, type SeedFacts } from './support';

type Role = 'visitor' | 'otherCustomer' | 'owner' | 'chosen' | 'moderator';
const MODERATOR_EMAIL = 'moderator@talka.test';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: (f: SeedFacts) => string;
  body?: Record<string, unknown>;
  expect: Record<Role, number>;
}

const moderatorOnly = (status: number, page = false): Record<Role, number> => ({
  visitor: page ? 404 : 401,
  otherCustomer: page ? 404 : 403,
  owner: page ? 404 : 403,
  chosen: page ? 404 : 403,
  moderator: status,
});

// In order: the decisions change the seed, so each case leaves what the next expects.
const CASES: Case[] = [
  {
    name: 'the open queue',
    method: 'GET',
    url: () => '/api/moderation/reports?status=open',
    expect: moderatorOnly(200),
  },
  {
    name: 'the closed queue',
    method: 'GET',
    url: () => '/api/moderation/reports?status=closed',
    expect: moderatorOnly(200),
  },
  {
    name: 'a bad status filter',
    method: 'GET',
    url: () => '/api/moderation/reports?status=all',
    expect: moderatorOnly(422),
  },
  { name: 'the log', method: 'GET', url: () => '/api/moderation/log', expect: moderatorOnly(200) },
  {
    name: 'hide without a reason',
    method: 'POST',
    url: (f) => `/api/moderation/tasks/${f.open.uuid}/hide`,
    body: {},
    expect: moderatorOnly(422),
  },
  {
    name: 'hide an unknown task',
    method: 'POST',
    url: () => `/api/moderation/tasks/${randomUuid()}/hide`,
    body: { reason: 'Spam offers' },
    expect: moderatorOnly(404),
  },
  {
    name: 'hide TKOPEN01',
    method: 'POST',
    url: (f) => `/api/moderation/tasks/${f.open.uuid}/hide`,
    body: { reason: 'Spam offers' },
    expect: moderatorOnly(200),
  },
  {
    name: 'TKOPEN01 while hidden (its owner and the moderator see it)',
    method: 'GET',
    url: (f) => `/api/tasks/${f.open.identifier}`,
    expect: { visitor: 410, otherCustomer: 410, chosen: 410, owner: 200, moderator: 200 },
  },
  {
    name: 'the TKOPEN01 page while hidden',
    method: 'GET',
    url: (f) => `/en/tasks/${f.open.identifier}`,
    expect: { visitor: 410, otherCustomer: 410, chosen: 410, owner: 200, moderator: 200 },
  },
  {
    name: 'restore TKOPEN01',
    method: 'POST',
    url: (f) => `/api/moderation/tasks/${f.open.uuid}/restore`,
    body: {},
    expect: moderatorOnly(200),
  },
  {
    name: 'dismiss without a reason',
    method: 'POST',
    url: (f) => `/api/moderation/tasks/${f.open.uuid}/dismiss`,
    body: { reason: '' },
    expect: moderatorOnly(422),
  },
  {
    name: 'dismiss TKOPEN01',
    method: 'POST',
    url: (f) => `/api/moderation/tasks/${f.open.uuid}/dismiss`,
    body: { reason: 'Within the rules' },
    expect: moderatorOnly(200),
  },
  {
    name: 'suspend an unknown user',
    method: 'POST',
    url: () => `/api/moderation/users/${randomUuid()}/suspend`,
    body: { reason: 'Fraud' },
    expect: moderatorOnly(404),
  },
  {
    name: 'suspend a deleted user',
    method: 'POST',
    url: (f) => `/api/moderation/users/${f.deletedUser}/suspend`,
    body: { reason: 'Fraud' },
    expect: moderatorOnly(404),
  },
  {
    name: 'suspend with a reason too long',
    method: 'POST',
    url: (f) => `/api/moderation/users/${f.users.otherFreelancer}/suspend`,
    body: { reason: 'x'.repeat(501) },
    expect: moderatorOnly(422),
  },
  {
    name: 'suspend freelancer3',
    method: 'POST',
    url: (f) => `/api/moderation/users/${f.users.otherFreelancer}/suspend`,
    body: { reason: 'Fraud' },
    expect: moderatorOnly(200),
  },
  {
    name: 'unsuspend freelancer3',
    method: 'POST',
    url: (f) => `/api/moderation/users/${f.users.otherFreelancer}/unsuspend`,
    body: {},
    expect: moderatorOnly(200),
  },
  // --- Reported questions (issue 20; TKOPEN01's seeded question, reported in beforeAll) ---------
  {
    name: 'the open question queue',
    method: 'GET',
    url: () => '/api/moderation/question-reports?status=open',
    expect: moderatorOnly(200),
  },
  {
    name: 'the closed question queue',
    method: 'GET',
    url: () => '/api/moderation/question-reports',
    expect: moderatorOnly(200),
  },
  {
    name: 'a bad question status filter',
    method: 'GET',
    url: () => '/api/moderation/question-reports?status=all',
    expect: moderatorOnly(422),
  },
  {
    name: 'hide an unknown question',
    method: 'POST',
    url: () => '/api/moderation/questions/2147483647/hide',
    body: { reason: 'Advertising' },
    expect: moderatorOnly(404),
  },
  {
    name: 'dismiss a malformed question id',
    method: 'POST',
    url: () => '/api/moderation/questions/x1/dismiss',
    body: { reason: 'Advertising' },
    expect: moderatorOnly(404),
  },
  {
    name: 'hide a question without a reason',
    method: 'POST',
    url: (f) => `/api/moderation/questions/${f.questions.open}/hide`,
    body: { reason: 'no' },
    expect: moderatorOnly(422),
  },
  {
    name: "dismiss the TKOPEN01 question's reports",
    method: 'POST',
    url: (f) => `/api/moderation/questions/${f.questions.open}/dismiss`,
    body: { reason: 'A fair question' },
    expect: moderatorOnly(200),
  },
  {
    name: 'hide the TKOPEN01 question',
    method: 'POST',
    url: (f) => `/api/moderation/questions/${f.questions.open}/hide`,
    body: { reason: 'Advertising' },
    expect: moderatorOnly(200),
  },
  // --- end of reported questions -----------------------------------------------------------------
  {
    name: 'own reports',
    method: 'GET',
    url: () => '/api/me/reports',
    expect: { visitor: 401, otherCustomer: 200, owner: 200, chosen: 200, moderator: 200 },
  },
  {
    name: 'the moderation page',
    method: 'GET',
    url: () => '/en/moderation',
    expect: moderatorOnly(200, true),
  },
  {
    name: 'the "My reports" page (a visitor goes to log in)',
    method: 'GET',
    url: () => '/en/my-reports',
    expect: { visitor: 302, otherCustomer: 200, owner: 200, chosen: 200, moderator: 200 },
  },
];

let t: TestApp;
let facts: SeedFacts;
/** The last moderation_log id of the seed (its demo decision); the cases' rows come after it. */
let seededLog: number;
const agents = new Map<Role, Agent>();

beforeAll(async () => {
  t = await buildSeededApp();
  facts = await seedFacts(t.db);
  const [last] = await t.db.query<{ id: number | null }>(
    'SELECT max(id) AS id FROM moderation_log',
  );
  seededLog = Number(last.id ?? 0);
  agents.set('visitor', agent(t.app));
  agents.set('otherCustomer', await loginAgent(t, DEMO_EMAILS.otherCustomer));
  agents.set('owner', await loginAgent(t, DEMO_EMAILS.owner));
  agents.set('chosen', await loginAgent(t, DEMO_EMAILS.chosen));
  agents.set('moderator', await loginAgent(t, MODERATOR_EMAIL));
  // Reported questions: the owner reported TKOPEN01's seeded question.
  await t.db.query(
    `INSERT INTO question_reports (question_id, reporter_key, message) VALUES ($1, $2, 'Spam')`,
    [facts.questions.open, `user:${facts.users.owner}`],
  );
});
afterAll(() => t.close());

it('gives every role on every moderation route the status its case says', async () => {
  const mismatches: string[] = [];
  for (const c of CASES) {
    for (const [role, status] of Object.entries(c.expect) as [Role, number][]) {
      const res = await agents.get(role)!.request(c.method, c.url(facts), c.body);
      if (res.statusCode !== status) {
        mismatches.push(
          `${c.name} as ${role}: ${res.statusCode}, expected ${status} ${res.body.slice(0, 120)}`,
        );
      }
    }
  }
  expect(mismatches).toEqual([]);
  // The moderator's decisions were each logged with their reason.
  const log = await t.db.query<{ action: string }>(
    'SELECT action FROM moderation_log WHERE id > $1 ORDER BY id',
    [seededLog],
  );
  expect(log.map((r) => r.action)).toEqual([
    'hide',
    'restore',
    'suspend',
    'unsuspend',
    'dismiss_question',
    'hide_question',
  ]);
  // The hidden question left the task's public list.
  const questions = await agents
    .get('visitor')!
    .request('GET', `/api/tasks/${facts.open.uuid}/questions`);
  expect(JSON.stringify(questions.json())).not.toContain(`"id":${facts.questions.open},`);
});
