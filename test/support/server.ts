/**
 * Server test harness: a migrated in-memory database per suite (from the dump), the app with test
 * config, a cookie-keeping agent that behaves like the SPA, and row factories with sane defaults.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type ServerConfig } from '../../config';
import { buildServer } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/password';
import { pgliteDb, type Db } from '../../src/server/db/db';
import { REASONS } from '../../src/server/db/seedData/reasons';
import { displayNameOf, type UserRow } from '../../src/server/users';
import type { PgliteOpener } from './serverEnvironment';
import { ensureSchemaDump } from './serverSchema';

/**
 * A migrated in-memory database from the schema dump (about a second, no initdb). PGlite itself is
 * opened by test/support/serverEnvironment.ts, outside jest's sandbox (see there why).
 */
export async function openTestDb(): Promise<Db> {
  const opener = (globalThis as { __talkaPglite?: PgliteOpener }).__talkaPglite;
  if (!opener) {
    throw new Error('server suites must run in test/support/serverEnvironment.ts (jest.config.ts)');
  }
  return pgliteDb(await opener.openFromDump(await ensureSchemaDump()));
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  uploadsDir: string;
  close: () => Promise<void>;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-test-'));
  const base = loadConfig({}, dataDir);
  return {
    ...base,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    staticDir: path.join(dataDir, 'no-dist'),
    logLevel: 'silent',
    cookieSecure: false,
    rateLimit: 100000,
    loginRateLimit: 1000,
    loginAccountRateLimit: 1000,
    taskRateLimit: 1000,
    seed: '',
    ...overrides,
    public: { ...base.public, ...overrides.public },
  };
}

export async function buildTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const db = await openTestDb();
  const app = await buildServer(config, { db });
  await app.ready();
  return {
    app,
    db,
    config,
    uploadsDir,
    close: async () => {
      await app.close();
      await db.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
type Payload = InjectOptions['payload'];
interface RequestOptions {
  headers?: Record<string, string>;
  query?: Record<string, string>;
}

export interface Agent {
  /** Cookies currently held, by name (like the browser's jar for this origin). */
  cookies: Map<string, string>;
  request(
    method: Method,
    url: string,
    payload?: Payload,
    opts?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  get(url: string, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: Payload, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Logs in through the API; resolves to the response. */
  login(email: string, password: string): Promise<LightMyRequestResponse>;
}

/**
 * Keeps cookies between app.inject calls and, like the SPA, echoes XSRF-TOKEN in X-XSRF-TOKEN on
 * mutating requests (fetching it with a GET first when the jar has none). Set `csrf: false` to send
 * mutating requests bare.
 */
export function agent(
  app: FastifyInstance,
  options: { csrf?: boolean; remoteAddress?: string } = {},
): Agent {
  const cookies = new Map<string, string>();
  const apiBase = (app as FastifyInstance & { config: ServerConfig }).config.public.apiBase;

  const store = (res: LightMyRequestResponse) => {
    for (const c of res.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired =
        c.value === '' ||
        c.maxAge === 0 ||
        (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired) cookies.delete(c.name);
      else cookies.set(c.name, c.value);
    }
  };

  const request: Agent['request'] = async (method, url, payload, opts = {}) => {
    const mutating = method !== 'GET' && method !== 'HEAD';
    // Over HTTPS the cookie is __Host-XSRF-TOKEN (the SPA reads either).
    const xsrfOf = () => cookies.get('__Host-XSRF-TOKEN') ?? cookies.get('XSRF-TOKEN');
    if (mutating && options.csrf !== false && !xsrfOf()) {
      store(
        await app.inject({
          method: 'GET',
          url: `${apiBase}/health`,
          remoteAddress: options.remoteAddress,
        }),
      );
    }
    const headers: Record<string, string> = { ...opts.headers };
    if (cookies.size > 0) {
      headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    }
    const xsrf = xsrfOf();
    if (mutating && options.csrf !== false && xsrf && !('x-xsrf-token' in headers)) {
      headers['x-xsrf-token'] = xsrf;
    }
    const res = await app.inject({
      method,
      url,
      payload,
      query: opts.query,
      headers,
      remoteAddress: options.remoteAddress,
    });
    store(res);
    return res;
  };

  return {
    cookies,
    request,
    get: (url, opts) => request('GET', url, undefined, opts),
    post: (url, payload, opts) => request('POST', url, payload, opts),
    put: (url, payload, opts) => request('PUT', url, payload, opts),
    patch: (url, payload, opts) => request('PATCH', url, payload, opts),
    delete: (url, opts) => request('DELETE', url, undefined, opts),
    login: (email, password) => request('POST', `${apiBase}/login`, { email, password }),
  };
}

// ---------------------------------------------------------------------------------------------
// Factories: insert rows directly, with defaults that satisfy every constraint.

const hashes = new Map<string, Promise<string>>();
const cachedHash = (password: string): Promise<string> => {
  // scrypt is deliberately slow; one hash per distinct password keeps suites fast.
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

let counter = 0;
const unique = (): string => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export const TEST_PASSWORD = 'secret-password';

export interface UserInput {
  email?: string;
  password?: string;
  full_name?: string;
  display_name?: string;
  is_legal?: boolean;
  is_freelancer?: boolean;
  phone_number?: string | null;
  photo_path?: string | null;
  customer_rating?: number | null;
  freelancer_rating?: number | null;
  last_seen_at?: Date | null;
  deleted_at?: Date | null;
  /** A moderator (issue 19). */
  is_moderator?: boolean;
}

export type TestUser = UserRow & { password: string };

export async function createUser(db: Db, input: UserInput = {}): Promise<TestUser> {
  const password = input.password ?? TEST_PASSWORD;
  const fullName = input.full_name ?? 'Anna Bērziņa';
  const rows = await db.query<UserRow>(
    `INSERT INTO users (email, password_hash, full_name, display_name, is_legal, is_freelancer,
                        phone_number, photo_path, customer_rating, freelancer_rating, last_seen_at,
                        deleted_at, is_moderator)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      input.email ?? `user-${unique()}@example.test`,
      await cachedHash(password),
      fullName,
      input.display_name ?? displayNameOf(fullName),
      input.is_legal ?? false,
      input.is_freelancer ?? false,
      input.phone_number === undefined ? '+371 20000000' : input.phone_number,
      input.photo_path ?? null,
      input.customer_rating ?? null,
      input.freelancer_rating ?? null,
      input.last_seen_at ?? null,
      input.deleted_at ?? null,
      input.is_moderator ?? false,
    ],
  );
  return { ...rows[0], password };
}

export interface CategoryInput {
  id?: number;
  parent_id?: number | null;
  slug?: string;
  title?: Partial<Record<string, string>>;
  position?: number;
}

let categoryId = 10000;
export async function createCategory(
  db: Db,
  input: CategoryInput = {},
): Promise<{ id: number; slug: string }> {
  const id = input.id ?? categoryId++;
  const slug = input.slug ?? `category-${id}`;
  const title = input.title ?? {
    lv: `Kategorija ${id}`,
    en: `Category ${id}`,
    ru: `Категория ${id}`,
  };
  await db.query(
    'INSERT INTO categories (id, parent_id, slug, title, position) VALUES ($1, $2, $3, $4, $5)',
    [id, input.parent_id ?? null, slug, JSON.stringify(title), input.position ?? 0],
  );
  return { id, slug };
}

export interface TaskInput {
  author_uuid?: string;
  category_id?: number;
  identifier?: string;
  title?: string;
  description?: string;
  status?: string;
  location_type?: 'anywhere' | 'specific';
  due_type?: 'start' | 'end' | 'period';
  /** Local 'YYYY-MM-DDTHH:mm:ss' */
  due_start?: string | null;
  due_end?: string | null;
  budget_from?: number;
  budget_to?: number;
  views_count?: number;
  awaiting_action?: boolean;
  created_at?: Date;
  languages?: string[];
  locations?: { address: string; city?: string; lat?: number; lng?: number }[];
  images?: { original_path: string; thumbnail_path: string }[];
}

export interface TestTask {
  uuid: string;
  identifier: string;
  author_uuid: string;
  category_id: number;
}

export async function createTask(db: Db, input: TaskInput = {}): Promise<TestTask> {
  const authorUuid = input.author_uuid ?? (await createUser(db)).uuid;
  const categoryIdValue = input.category_id ?? (await createCategory(db)).id;
  const identifier = input.identifier ?? `T-${unique()}`.toUpperCase();
  const dueType = input.due_type ?? 'end';
  const rows = await db.query<TestTask>(
    `INSERT INTO tasks (identifier, author_uuid, category_id, title, description, status,
                        location_type, due_type, due_start, due_end, budget_from, budget_to,
                        views_count, awaiting_action, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, COALESCE($15, now()))
     RETURNING uuid, identifier, author_uuid, category_id`,
    [
      identifier,
      authorUuid,
      categoryIdValue,
      input.title ?? 'Fix a leaking tap',
      input.description ?? 'The kitchen tap drips all night.',
      input.status ?? 'open',
      input.location_type ?? (input.locations?.length ? 'specific' : 'anywhere'),
      dueType,
      input.due_start === undefined
        ? dueType === 'end'
          ? null
          : '2030-01-02T10:00:00'
        : input.due_start,
      input.due_end === undefined
        ? dueType === 'start'
          ? null
          : '2030-01-05T18:30:00'
        : input.due_end,
      input.budget_from ?? 50,
      input.budget_to ?? 100,
      input.views_count ?? 0,
      input.awaiting_action ?? false,
      input.created_at ?? null,
    ],
  );
  const task = rows[0];
  for (const locale of input.languages ?? ['lv']) {
    await db.query('INSERT INTO task_languages (task_uuid, locale) VALUES ($1, $2)', [
      task.uuid,
      locale,
    ]);
  }
  for (const [position, l] of (input.locations ?? []).entries()) {
    await db.query(
      `INSERT INTO task_locations (task_uuid, position, address, city, lat, lng)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [task.uuid, position, l.address, l.city ?? '', l.lat ?? 56.95, l.lng ?? 24.1],
    );
  }
  for (const [position, i] of (input.images ?? []).entries()) {
    await db.query(
      `INSERT INTO task_images (task_uuid, position, original_path, thumbnail_path)
       VALUES ($1, $2, $3, $4)`,
      [task.uuid, position, i.original_path, i.thumbnail_path],
    );
  }
  return task;
}

export interface OfferInput {
  task_uuid: string;
  freelancer_uuid?: string;
  description?: string;
  price?: number;
  notify_if_not_chosen?: boolean;
  chosen_at?: Date | null;
}

export interface TestOffer {
  uuid: string;
  task_uuid: string;
  freelancer_uuid: string;
}

export async function createOffer(db: Db, input: OfferInput): Promise<TestOffer> {
  const freelancerUuid =
    input.freelancer_uuid ?? (await createUser(db, { is_freelancer: true })).uuid;
  const rows = await db.query<TestOffer>(
    `INSERT INTO offers (task_uuid, freelancer_uuid, description, price, notify_if_not_chosen, chosen_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING uuid, task_uuid, freelancer_uuid`,
    [
      input.task_uuid,
      freelancerUuid,
      input.description ?? 'I can do it tomorrow.',
      input.price ?? 75,
      input.notify_if_not_chosen ?? false,
      input.chosen_at ?? null,
    ],
  );
  return rows[0];
}

export interface QuestionInput {
  task_uuid: string;
  author_uuid?: string;
  message?: string;
}

/** A public question on a task (issue 20), as asked: shown, unanswered. Resolves to its id. */
export async function createQuestion(db: Db, input: QuestionInput): Promise<number> {
  const authorUuid = input.author_uuid ?? (await createUser(db, { is_freelancer: true })).uuid;
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO task_questions (task_uuid, author_uuid, message) VALUES ($1, $2, $3) RETURNING id',
    [input.task_uuid, authorUuid, input.message ?? 'Is the paint included?'],
  );
  return Number(row.id);
}

export const randomUuid = (): string => crypto.randomUUID();

/** An agent logged in as the user (the login itself must succeed). */
export async function loggedInAgent(app: FastifyInstance, user: TestUser): Promise<Agent> {
  const a = agent(app);
  const res = await a.login(user.email, user.password);
  if (res.statusCode !== 200) throw new Error(`login as ${user.email} answered ${res.statusCode}`);
  return a;
}

/** The logged-in agent of each user, logging in once per suite; a fresh visitor agent for null. */
export function agentsFor(app: FastifyInstance): (user: TestUser | null) => Promise<Agent> {
  const agents = new Map<string, Agent>();
  return async (user) => {
    if (user === null) return agent(app);
    let a = agents.get(user.uuid);
    if (!a) {
      a = await loggedInAgent(app, user);
      agents.set(user.uuid, a);
    }
    return a;
  };
}

/**
 * Every page of a keyset-paged list (docs/MODERATION.md "Paging"), `perPage` at a time, following
 * `next_cursor` (in `data`, or in `meta` for a list whose `data` is an array); at most 20 pages.
 */
export async function keysetPages(
  a: Agent,
  url: string,
  perPage: number,
): Promise<{ data: unknown; meta?: { next_cursor: string | null } }[]> {
  const pages: { data: unknown; meta?: { next_cursor: string | null } }[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await a.get(`${url}${sep}per_page=${perPage}${cursor ? `&cursor=${cursor}` : ''}`);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    const body = res.json() as {
      data: { next_cursor?: string | null };
      meta?: { next_cursor: string | null };
    };
    pages.push(body);
    cursor = body.meta ? body.meta.next_cursor : (body.data.next_cursor ?? null);
  } while (cursor && pages.length < 20);
  return pages;
}

/** The incomplete reasons the seed would upsert (the schema dump has no reference data). */
export async function seedIncompleteReasons(db: Db): Promise<void> {
  for (const r of REASONS) {
    await db.query(
      `INSERT INTO incomplete_reasons (id, "group", feedback_required, title, position)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [r.id, r.group, r.feedbackRequired, JSON.stringify(r.title), r.position],
    );
  }
}

/** An in_progress task awaiting action whose `freelancer`'s offer is chosen. */
export async function createAssignedTask(
  db: Db,
  input: { customer: TestUser; freelancer: TestUser; category_id: number },
): Promise<{ task: TestTask; offer: TestOffer }> {
  const task = await createTask(db, {
    author_uuid: input.customer.uuid,
    category_id: input.category_id,
    status: 'in_progress',
    awaiting_action: true,
  });
  const offer = await createOffer(db, {
    task_uuid: task.uuid,
    freelancer_uuid: input.freelancer.uuid,
  });
  // chosen_at by SQL: no test-realm Date as a parameter.
  await db.query('UPDATE offers SET chosen_at = now() WHERE uuid = $1', [offer.uuid]);
  return { task, offer };
}
