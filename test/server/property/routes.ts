/**
 * What the bad-input properties send to each API route: who sends it logged in, which path
 * parameters it has (and how to get real ones, so validation past the lookup is reached), its query
 * names, its body generator, and when a 2xx answer is allowed (only for input that is valid).
 *
 * Every route in app.routeTable must have an entry here (api.test.ts fails otherwise), so a new
 * route is never left out.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import * as yup from 'yup';
import type { Db } from '../../../src/server/db/db';
import { LIMITS } from '../../../src/shared/limits';
import { alertSchema } from '../../../src/shared/validation/alerts';
import { chatMessageSchema } from '../../../src/shared/validation/chat';
import { completionSchema, type CompletionReason } from '../../../src/shared/validation/completion';
import { loginSchema, registerSchema } from '../../../src/shared/validation/auth';
import { offerFormSchema } from '../../../src/shared/validation/offer';
import { becomeFreelancerSchema, profileSchema } from '../../../src/shared/validation/profile';
import {
  moderationNoteSchema,
  moderationReasonSchema,
} from '../../../src/shared/validation/moderation';
import { answerSchema, questionSchema } from '../../../src/shared/validation/question';
import { reportSchema } from '../../../src/shared/validation/report';
import { parseTaskMultipart, taskFormSchema } from '../../../src/shared/validation/taskForm';
import {
  createOffer,
  createTask,
  createUser,
  type TestOffer,
  type TestTask,
} from '../../support/server';
import { validTaskFields } from '../../support/taskFields';
import {
  jsonBodyArb,
  junkFiles,
  multipartArb,
  type BodySample,
  type Client,
  type MultipartPart,
} from './support';

export type Role = 'owner' | 'freelancer' | 'newcomer' | 'stranger' | 'throwaway' | 'moderator';

/** One set of related rows and logged-in users; runs rotate over several (per-user rate limits). */
export interface World {
  owner: Client;
  /** Has an offer on `task` and a conversation with the owner about it. */
  freelancer: Client;
  /** A freelancer without an offer on `task`. */
  newcomer: Client;
  /** A customer with no part in `task`. */
  stranger: Client;
  /** A moderator (issue 19). */
  moderator: Client;
  task: TestTask;
  offer: TestOffer;
  conversation: string;
}

export interface Env {
  app: FastifyInstance;
  db: Db;
  categoryId: number;
  /** Reasons the owner may give (group customer). */
  ownerReasons: CompletionReason[];
  pngHeaderJunk: Buffer;
  truncatedPng: Buffer;
}

/** What was sent, for the 'is a 2xx allowed' question. */
export interface Sent {
  /** Every path parameter was the real one. */
  allReal: boolean;
  /** Sent logged in (as the route's role), not as a visitor. */
  asUser: boolean;
  body: BodySample;
}

export interface RouteSpec {
  role: Role;
  /** Real path parameter values (may insert fresh rows: they are made before the snapshot). */
  real?: (env: Env, w: World) => Promise<Record<string, string>> | Record<string, string>;
  query?: readonly string[];
  body?: (env: Env, w: World) => fc.Arbitrary<BodySample>;
  /** May this request be answered 2xx? Default: GET/HEAD yes, anything else no. */
  accepts?: (sent: Sent, env: Env) => boolean | Promise<boolean>;
  /** Puts the world back after an accepted request. */
  after?: (env: Env, w: World) => Promise<void>;
  /** An endless response (Server-Sent Events): only the head is read. */
  stream?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Oracles: the body as the server will see it, through the shared schemas

type Parsed = { ok: true; value: unknown } | { ok: false };

/** The body Fastify hands the route (permissive: when unsure, assume it parses). */
function parsedBody(body: BodySample): Parsed {
  switch (body.kind) {
    case 'none':
    case 'multipart':
      return { ok: true, value: undefined };
    case 'json':
      // As the server will parse it (NaN becomes null, toJSON applies).
      return { ok: true, value: JSON.parse(JSON.stringify(body.value) ?? 'null') as unknown };
    case 'raw': {
      const type = body.contentType?.toLowerCase() ?? null;
      if (type === null || type === '') return { ok: true, value: undefined };
      if (type.startsWith('application/json')) {
        try {
          // A leading byte order mark is skipped, as Fastify's parser does (RFC 8259 allows it).
          const text = body.payload.toString().replace(/^\uFEFF/, '');
          return { ok: true, value: JSON.parse(text) as unknown };
        } catch {
          return { ok: false };
        }
      }
      if (type.startsWith('text/plain')) return { ok: true, value: body.payload.toString() };
      if (type.startsWith('multipart/')) return { ok: true, value: undefined };
      return { ok: false };
    }
  }
}

function schemaAccepts(schema: AnyObjectSchema, body: BodySample, context?: object): boolean {
  const parsed = parsedBody(body);
  if (!parsed.ok) return false;
  // The contract: keys the schema does not name are ignored (stripUnknown), whatever they are.
  let value = parsed.value ?? {};
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const known = Object.keys(schema.fields);
    value = Object.fromEntries(Object.entries(value).filter(([key]) => known.includes(key)));
  }
  try {
    schema.validateSync(value, { stripUnknown: true, context });
    return true;
  } catch {
    return false;
  }
}

const jsonRoute =
  (schema: AnyObjectSchema, { visitors = false } = {}) =>
  (sent: Sent) =>
    sent.allReal && (visitors || sent.asUser) && schemaAccepts(schema, sent.body);

const IMAGE_FIELD = /^images(?:\[\d*\])?$/;

/**
 * Whether the server receives a blob part as a file: FormData writes no filename for an empty one
 * (FC_SEED=855145269), and a part without a filename is a text field unless it is
 * application/octet-stream (busboy's rule).
 */
const sentAsFile = (part: { filename: string; type: string }): boolean =>
  part.filename !== '' || part.type.toLowerCase() === 'application/octet-stream';

/** The task form through the shared parser and schema; junk files never make a valid form. */
function taskFormAccepts(body: BodySample, methodOverride: boolean): boolean {
  if (body.kind !== 'multipart' || body.boundary) return false;
  const fields: Record<string, string[]> = {};
  for (const part of body.parts) {
    if ('file' in part && sentAsFile(part)) {
      if (IMAGE_FIELD.test(part.name)) return false;
    } else if ('file' in part) (fields[part.name] ??= []).push(part.file.toString());
    else (fields[part.name] ??= []).push(part.value);
  }
  if (methodOverride) {
    const method = fields._method?.at(-1);
    if (method !== undefined && !/^(put|patch)$/i.test(method.trim())) return false;
  }
  try {
    taskFormSchema.validateSync(parseTaskMultipart(fields), {
      stripUnknown: true,
      context: { now: new Date(), images_total: 0 },
    });
    return true;
  } catch {
    return false;
  }
}

/** A question by the world's freelancer on its task (issue 20); its id as a path parameter. */
async function freshQuestion(env: Env, w: World): Promise<string> {
  const [row] = await env.db.query<{ id: number }>(
    `INSERT INTO task_questions (task_uuid, author_uuid, message) VALUES ($1, $2, $3) RETURNING id`,
    [w.task.uuid, w.freelancer.user!.uuid, 'When can you start?'],
  );
  return String(row.id);
}

const chooseSchema = yup.object({ hash: yup.string().strict().required() });

// ---------------------------------------------------------------------------------------------
// Bodies

/** A valid task alert (issue 20): a place alert in Rīga. */
const alertBase = (env: Env) => ({
  categories: [env.categoryId],
  location_type: 'specific',
  address: 'Brīvības iela 1, Rīga',
  lat: 56.95,
  lng: 24.11,
  radius_km: 25,
  languages: ['lv', 'ru'],
  budget_min: 50,
});

/** A fresh alert of the newcomer (made before the snapshot), by id. */
async function ownAlert(env: Env, w: World): Promise<string> {
  const [row] = await env.db.query<{ id: number }>(
    `INSERT INTO task_alerts (user_uuid, categories, location_type, languages, match_keys)
     VALUES ($1, $2::int[], 'anywhere', '{lv}', $3::text[]) RETURNING id`,
    [w.newcomer.user!.uuid, [env.categoryId], [`${env.categoryId}:r`]],
  );
  return String(row.id);
}

let unique = 0;
const uniqueEmail = () => `prop-${Date.now().toString(36)}-${unique++}@example.test`;

const taskFields = (
  env: Env,
  extra: Record<string, string> = {},
): Record<string, string | string[]> => ({ ...validTaskFields(env.categoryId), ...extra });

const taskBody = (env: Env, extra?: Record<string, string>) =>
  fc.oneof(
    {
      weight: 6,
      arbitrary: multipartArb(
        taskFields(env, extra),
        ['images[]', 'images', 'images[0]'],
        junkFiles(env.pngHeaderJunk, env.truncatedPng),
        LIMITS.imagesPerTask,
      ),
    },
    { weight: 1, arbitrary: jsonBodyArb(taskFields(env, extra)) },
  );

const photoBody = (env: Env) =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: multipartArb(
        {},
        ['photo', 'photo[]'],
        junkFiles(env.pngHeaderJunk, env.truncatedPng),
      ),
    },
    { weight: 1, arbitrary: multipartArb({ photo: 'not a file' }, []) },
    { weight: 1, arbitrary: jsonBodyArb({ photo: 'data:image/png;base64,iVBORw0KGgo=' }) },
  );

const offerBase = {
  description: 'I can do it tomorrow with my own tools.',
  price: 80,
  notify_if_not_chosen: false,
};

// ---------------------------------------------------------------------------------------------
// Fresh rows for routes whose valid request destroys what it names

async function freshTask(env: Env, w: World): Promise<TestTask> {
  return createTask(env.db, { author_uuid: w.owner.user!.uuid, category_id: env.categoryId });
}

async function assignedTask(env: Env, w: World): Promise<string> {
  const task = await createTask(env.db, {
    author_uuid: w.owner.user!.uuid,
    category_id: env.categoryId,
    status: 'in_progress',
    awaiting_action: true,
  });
  const offer = await createOffer(env.db, {
    task_uuid: task.uuid,
    freelancer_uuid: w.freelancer.user!.uuid,
  });
  await env.db.query('UPDATE offers SET chosen_at = now() WHERE uuid = $1', [offer.uuid]);
  return task.uuid;
}

// ---------------------------------------------------------------------------------------------
// The table

const API = '/api';

export const ROUTE_SPECS: Record<string, RouteSpec> = {
  [`GET ${API}/health`]: { role: 'stranger' },
  [`POST ${API}/register`]: {
    // A valid registration logs the new user in: a session of its own, not a shared one.
    role: 'throwaway',
    body: () =>
      fc.constant(null).chain(() =>
        jsonBodyArb({
          full_name: 'Pēteris Kalniņš',
          email: uniqueEmail(),
          password: 'secret-password',
          terms: true,
        }),
      ),
    accepts: jsonRoute(registerSchema, { visitors: true }),
  },
  [`POST ${API}/register/confirm`]: {
    // A valid token logs the new account in: a session of its own.
    role: 'throwaway',
    body: () => jsonBodyArb({ token: 'not-a-token-the-server-sent' }),
    // No generated body holds a token from a confirmation mail.
    accepts: () => false,
  },
  [`POST ${API}/login`]: {
    role: 'stranger',
    body: () => jsonBodyArb({ email: 'nobody@example.test', password: 'not-the-password' }),
    // No generated body holds real credentials.
    accepts: (sent) => schemaAccepts(loginSchema, sent.body) && false,
  },
  [`POST ${API}/logout`]: {
    role: 'throwaway',
    body: () => jsonBodyArb({}),
    // Logging out takes no input: whatever is sent, it is fine (and a visitor has nothing to end).
    accepts: () => true,
  },
  [`GET ${API}/me`]: { role: 'stranger' },
  [`GET ${API}/categories`]: { role: 'stranger', query: ['locale'] },
  [`GET ${API}/incomplete-reasons`]: { role: 'stranger', query: ['locale'] },
  [`GET ${API}/tasks`]: {
    role: 'stranger',
    query: [
      'categories',
      'status',
      'q',
      'city',
      'location',
      'budget_min',
      'budget_max',
      'sort',
      'page',
      'per_page',
      'locale',
    ],
  },
  [`GET ${API}/tasks/:slug`]: {
    role: 'freelancer',
    real: (_env, w) => ({ slug: w.task.identifier }),
    query: ['locale'],
  },
  [`DELETE ${API}/tasks/:uuid`]: {
    role: 'owner',
    real: async (env, w) => ({ uuid: (await freshTask(env, w)).uuid }),
    body: () => jsonBodyArb({}),
    accepts: (sent) => sent.allReal && sent.asUser,
  },
  [`POST ${API}/tasks`]: {
    role: 'owner',
    body: (env) => taskBody(env),
    accepts: (sent) => sent.asUser && taskFormAccepts(sent.body, false),
  },
  [`POST ${API}/tasks/:uuid`]: {
    role: 'owner',
    real: (_env, w) => ({ uuid: w.task.uuid }),
    query: ['locale'],
    body: (env) => taskBody(env, { _method: 'PUT' }),
    accepts: (sent) => sent.allReal && sent.asUser && taskFormAccepts(sent.body, true),
  },
  [`PUT ${API}/tasks/:uuid`]: {
    role: 'owner',
    real: (_env, w) => ({ uuid: w.task.uuid }),
    query: ['locale'],
    body: (env) => taskBody(env),
    accepts: (sent) => sent.allReal && sent.asUser && taskFormAccepts(sent.body, false),
  },
  [`GET ${API}/tasks/:taskUuid/offers`]: {
    role: 'freelancer',
    real: (_env, w) => ({ taskUuid: w.task.uuid }),
  },
  [`GET ${API}/tasks/:taskUuid/offers/:offerUuid`]: {
    role: 'owner',
    real: (_env, w) => ({ taskUuid: w.task.uuid, offerUuid: w.offer.uuid }),
  },
  [`POST ${API}/tasks/:taskUuid/offers`]: {
    role: 'newcomer',
    real: (_env, w) => ({ taskUuid: w.task.uuid }),
    body: () => jsonBodyArb(offerBase),
    accepts: jsonRoute(offerFormSchema),
    after: async (env, w) => {
      await env.db.query('DELETE FROM offers WHERE task_uuid = $1 AND freelancer_uuid = $2', [
        w.task.uuid,
        w.newcomer.user!.uuid,
      ]);
    },
  },
  [`PUT ${API}/tasks/:taskUuid/offers/:offerUuid`]: {
    role: 'freelancer',
    real: (_env, w) => ({ taskUuid: w.task.uuid, offerUuid: w.offer.uuid }),
    body: () => jsonBodyArb(offerBase),
    accepts: jsonRoute(offerFormSchema),
  },
  [`DELETE ${API}/tasks/:taskUuid/offers/:offerUuid`]: {
    role: 'freelancer',
    real: async (env, w) => {
      const task = await freshTask(env, w);
      const offer = await createOffer(env.db, {
        task_uuid: task.uuid,
        freelancer_uuid: w.freelancer.user!.uuid,
      });
      return { taskUuid: task.uuid, offerUuid: offer.uuid };
    },
    body: () => jsonBodyArb({}),
    accepts: (sent) => sent.allReal && sent.asUser,
  },
  [`POST ${API}/tasks/:taskUuid/offers/:offerUuid/choose`]: {
    role: 'owner',
    real: (_env, w) => ({ taskUuid: w.task.uuid, offerUuid: w.offer.uuid }),
    // Issue 19: the owner's optional reason for the others rides along.
    body: () => jsonBodyArb({ hash: 'not-the-offer-hash', not_chosen_reason: 'price' }),
    // A choice needs the offer's current hash, which no generated body holds.
    accepts: (sent) => schemaAccepts(chooseSchema, sent.body) && false,
  },
  [`POST ${API}/tasks/:taskUuid/complete`]: {
    role: 'owner',
    real: async (env, w) => ({ taskUuid: await assignedTask(env, w) }),
    query: ['locale'],
    body: () => jsonBodyArb({ status: 'completed', rate: 5, feedback: 'Quick and tidy work.' }),
    accepts: (sent, env) =>
      sent.allReal &&
      sent.asUser &&
      schemaAccepts(completionSchema, sent.body, { reasons: env.ownerReasons }),
  },
  [`POST ${API}/tasks/:taskUuid/report`]: {
    role: 'freelancer',
    real: (_env, w) => ({ taskUuid: w.task.uuid }),
    body: () => jsonBodyArb({ message: 'This looks like spam.' }),
    // Visitors may report too.
    accepts: jsonRoute(reportSchema, { visitors: true }),
    after: async (env, w) => {
      await env.db.query('DELETE FROM reports WHERE task_uuid = $1', [w.task.uuid]);
    },
  },
  [`POST ${API}/chat/conversations/task/:taskUuid/:freelancerUuid`]: {
    role: 'owner',
    real: (_env, w) => ({ taskUuid: w.task.uuid, freelancerUuid: w.freelancer.user!.uuid }),
    body: () => jsonBodyArb({}),
    accepts: (sent) => sent.allReal && sent.asUser,
  },
  [`GET ${API}/chat/conversations`]: { role: 'owner', query: ['task'] },
  [`GET ${API}/chat/conversations/:uuid`]: {
    role: 'freelancer',
    real: (_env, w) => ({ uuid: w.conversation }),
  },
  [`POST ${API}/chat/conversations/:uuid/read`]: {
    role: 'freelancer',
    real: (_env, w) => ({ uuid: w.conversation }),
    body: () => jsonBodyArb({}),
    // Takes no input: a participant naming a real conversation is a valid request.
    accepts: (sent) => sent.allReal && sent.asUser,
  },
  [`POST ${API}/chat/conversations/:uuid/messages`]: {
    role: 'freelancer',
    real: (_env, w) => ({ uuid: w.conversation }),
    body: () => jsonBodyArb({ body: 'Hello, when can you start?' }),
    accepts: jsonRoute(chatMessageSchema),
  },
  [`GET ${API}/chat/unread`]: { role: 'owner' },
  [`GET ${API}/geo/search`]: { role: 'stranger', query: ['q', 'lat', 'lng', 'limit'] },
  [`GET ${API}/geo/reverse`]: { role: 'stranger', query: ['lat', 'lng'] },
  [`GET ${API}/freelancers`]: {
    role: 'stranger',
    query: ['categories', 'languages', 'sort_by', 'sort_dir', 'page', 'per_page', 'locale'],
  },
  [`GET ${API}/users/:uuid`]: {
    role: 'stranger',
    real: (_env, w) => ({ uuid: w.owner.user!.uuid }),
    query: ['locale'],
  },
  [`PUT ${API}/me/profile`]: {
    role: 'stranger',
    body: () =>
      jsonBodyArb({
        display_name: 'Stranger D.',
        phone_number: '+371 20000001',
        languages: ['lv'],
      }),
    accepts: jsonRoute(profileSchema),
  },
  [`POST ${API}/me/photo`]: {
    role: 'stranger',
    body: (env) => photoBody(env),
    // No generated body holds a real image.
    accepts: () => false,
  },
  [`POST ${API}/become-freelancer`]: {
    role: 'stranger',
    body: (env) => jsonBodyArb({ categories: [env.categoryId], languages: ['lv', 'ru'] }),
    accepts: jsonRoute(becomeFreelancerSchema),
    after: async (env, w) => {
      await env.db.query(
        `UPDATE users SET is_freelancer = false, categories = '{}' WHERE uuid = $1`,
        [w.stranger.user!.uuid],
      );
    },
  },
  // --- Questions on a task (issue 20).
  [`GET ${API}/tasks/:taskUuid/questions`]: {
    role: 'stranger',
    real: (_env, w) => ({ taskUuid: w.task.uuid }),
  },
  [`POST ${API}/tasks/:taskUuid/questions`]: {
    role: 'newcomer',
    real: (_env, w) => ({ taskUuid: w.task.uuid }),
    body: () => jsonBodyArb({ message: 'Is the paint included?' }),
    accepts: jsonRoute(questionSchema),
    after: async (env, w) => {
      await env.db.query('DELETE FROM task_questions WHERE task_uuid = $1', [w.task.uuid]);
    },
  },
  [`POST ${API}/tasks/:taskUuid/questions/:id/answer`]: {
    role: 'owner',
    real: async (env, w) => ({ taskUuid: w.task.uuid, id: await freshQuestion(env, w) }),
    body: () => jsonBodyArb({ message: 'Yes, it is.' }),
    accepts: jsonRoute(answerSchema),
    after: async (env, w) => {
      await env.db.query('DELETE FROM task_questions WHERE task_uuid = $1', [w.task.uuid]);
    },
  },
  [`DELETE ${API}/tasks/:taskUuid/questions/:id`]: {
    role: 'owner',
    real: async (env, w) => ({ taskUuid: w.task.uuid, id: await freshQuestion(env, w) }),
    body: () => jsonBodyArb({}),
    accepts: (sent) => sent.allReal && sent.asUser,
    after: async (env, w) => {
      await env.db.query('DELETE FROM task_questions WHERE task_uuid = $1', [w.task.uuid]);
    },
  },
  [`POST ${API}/tasks/:taskUuid/questions/:id/report`]: {
    role: 'stranger',
    real: async (env, w) => ({ taskUuid: w.task.uuid, id: await freshQuestion(env, w) }),
    body: () => jsonBodyArb({ message: 'This looks like spam.' }),
    // Visitors may report too.
    accepts: jsonRoute(reportSchema, { visitors: true }),
    after: async (env, w) => {
      await env.db.query('DELETE FROM task_questions WHERE task_uuid = $1', [w.task.uuid]);
    },
  },
  // --- End of questions (issue 20).
  [`GET ${API}/push`]: { role: 'owner', query: ['tasks'], stream: true },
  // --- Moderation (issue 19) ---------------------------------------------------------------------
  [`GET ${API}/moderation/reports`]: {
    role: 'moderator',
    query: ['status', 'cursor', 'per_page'],
  },
  [`GET ${API}/moderation/log`]: { role: 'moderator', query: ['cursor', 'per_page'] },
  [`POST ${API}/moderation/tasks/:uuid/hide`]: {
    role: 'moderator',
    real: (_env, w) => ({ uuid: w.task.uuid }),
    body: () => jsonBodyArb({ reason: 'Selling counterfeit goods' }),
    accepts: jsonRoute(moderationReasonSchema),
    after: async (env, w) => {
      await env.db.query(
        `UPDATE tasks SET hidden_at = NULL, hidden_reason = NULL, hidden_by_suspension = false
          WHERE uuid = $1`,
        [w.task.uuid],
      );
    },
  },
  [`POST ${API}/moderation/tasks/:uuid/restore`]: {
    role: 'moderator',
    real: (_env, w) => ({ uuid: w.task.uuid }),
    body: () => jsonBodyArb({ reason: 'Fixed by its author' }),
    accepts: jsonRoute(moderationNoteSchema),
  },
  [`POST ${API}/moderation/tasks/:uuid/dismiss`]: {
    role: 'moderator',
    real: (_env, w) => ({ uuid: w.task.uuid }),
    body: () => jsonBodyArb({ reason: 'Within the rules' }),
    accepts: jsonRoute(moderationReasonSchema),
  },
  // A fresh user each run: a suspension ends the target's sessions.
  [`POST ${API}/moderation/users/:uuid/suspend`]: {
    role: 'moderator',
    real: async (env) => ({ uuid: (await createUser(env.db)).uuid }),
    body: () => jsonBodyArb({ reason: 'Fraudulent offers' }),
    accepts: jsonRoute(moderationReasonSchema),
  },
  [`POST ${API}/moderation/users/:uuid/unsuspend`]: {
    role: 'moderator',
    real: async (env) => {
      const user = await createUser(env.db);
      await env.db.query('UPDATE users SET suspended_at = now() WHERE uuid = $1', [user.uuid]);
      return { uuid: user.uuid };
    },
    body: () => jsonBodyArb({ reason: 'Appeal accepted' }),
    accepts: jsonRoute(moderationNoteSchema),
  },
  [`GET ${API}/me/reports`]: { role: 'stranger' },
  // --- end of moderation -------------------------------------------------------------------------
  // --- Reported questions in the moderation queue (issue 20) ----------------------------------
  [`GET ${API}/moderation/question-reports`]: {
    role: 'moderator',
    query: ['status', 'cursor', 'per_page'],
  },
  [`POST ${API}/moderation/questions/:id/hide`]: {
    role: 'moderator',
    real: async (env, w) => ({ id: await freshQuestion(env, w) }),
    body: () => jsonBodyArb({ reason: 'Advertising a shop' }),
    accepts: jsonRoute(moderationReasonSchema),
    after: async (env, w) => {
      await env.db.query('DELETE FROM task_questions WHERE task_uuid = $1', [w.task.uuid]);
    },
  },
  [`POST ${API}/moderation/questions/:id/dismiss`]: {
    role: 'moderator',
    real: async (env, w) => ({ id: await freshQuestion(env, w) }),
    body: () => jsonBodyArb({ reason: 'A fair question' }),
    accepts: jsonRoute(moderationReasonSchema),
    after: async (env, w) => {
      await env.db.query('DELETE FROM task_questions WHERE task_uuid = $1', [w.task.uuid]);
    },
  },
  // --- end of reported questions -----------------------------------------------------------------
  // --- Task alerts (issue 20): a freelancer's own alerts -------------------------------------
  [`GET ${API}/alerts`]: { role: 'newcomer' },
  [`POST ${API}/alerts`]: {
    role: 'newcomer',
    body: (env) => jsonBodyArb(alertBase(env)),
    accepts: jsonRoute(alertSchema),
    after: async (env, w) => {
      await env.db.query('DELETE FROM task_alerts WHERE user_uuid = $1', [w.newcomer.user!.uuid]);
    },
  },
  [`PUT ${API}/alerts/:id`]: {
    role: 'newcomer',
    real: async (env, w) => ({ id: await ownAlert(env, w) }),
    body: (env) => jsonBodyArb(alertBase(env)),
    accepts: jsonRoute(alertSchema),
  },
  [`DELETE ${API}/alerts/:id`]: {
    role: 'newcomer',
    real: async (env, w) => ({ id: await ownAlert(env, w) }),
    body: () => jsonBodyArb({}),
    accepts: (sent) => sent.allReal && sent.asUser,
  },
  [`GET ${API}/alerts/matches`]: { role: 'newcomer', query: ['page', 'per_page', 'locale'] },
  // --- end of task alerts --------------------------------------------------------------------
  // Outside the API, but a route all the same: stored files by path.
  ['GET /uploads/*']: { role: 'stranger', real: () => ({ '*': 'tasks/none/x.png' }) },
};

export type { MultipartPart };
