/**
 * Shared harness of the security suites: the app on the demo seed (with a minimal built SPA, so the
 * SPA's routes are registered and walked too), agents for each role, the route table, and a
 * fingerprint of every table to prove a request changed nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerConfig } from '../../../config';
import type { Db, Param } from '../../../src/server/db/db';
import { seed } from '../../../src/server/db/seed';
import { DEMO_TASK_IDS } from '../../../src/server/db/seedData/tasks';
import { DEMO_PASSWORD } from '../../../src/server/db/seedData/users';
import { agent, buildTestApp, type Agent, type TestApp } from '../../support/server';

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A built SPA as small as the server accepts: the SPA routes exist only when index.html does. */
export async function buildSeededApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-spa-'));
  fs.writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><html lang="lv"><head><meta charset="utf-8"><title>Talka</title>' +
      '<!--talka-head--><!--talka-config--></head>' +
      '<body><div id="root"></div><!--talka-data--></body></html>',
  );
  const t = await buildTestApp({ staticDir, ...overrides });
  await seed(t.db, { uploadsDir: t.uploadsDir });
  const close = t.close;
  return {
    ...t,
    close: async () => {
      await close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    },
  };
}

/** The routes as `METHOD url`, HEAD twins of GET routes left out (Fastify adds them itself). */
export function routeKeys(t: TestApp): string[] {
  const keys = t.app.routeTable.map((r) => `${r.method} ${r.url}`);
  return [...new Set(keys.filter((k) => !k.startsWith('HEAD ')))];
}

export const DEMO_EMAILS = {
  owner: 'customer@talka.test',
  chosen: 'freelancer@talka.test',
  otherFreelancer: 'freelancer3@talka.test',
  otherCustomer: 'ruta@talka.test',
} as const;

export async function loginAgent(t: TestApp, email: string): Promise<Agent> {
  const a = agent(t.app);
  const res = await a.login(email, DEMO_PASSWORD);
  if (res.statusCode !== 200) throw new Error(`login as ${email} answered ${res.statusCode}`);
  return a;
}

/** Seeded facts the suites address: tasks by identifier, offers, the chat, a user, an image. */
export interface SeedFacts {
  users: Record<keyof typeof DEMO_EMAILS, string>;
  deletedUser: string;
  /** TKPROG01: in progress, owner = customer, chosen = freelancer, a chat between them. */
  prog: { uuid: string; identifier: string; chosenOffer: string; otherOffer: string };
  /** TKOPEN01: open, owner = customer, offers by freelancer and freelancer2. */
  open: { uuid: string; identifier: string; chosenOffer: string; otherOffer: string };
  conversation: string;
  image: string;
  /** Issue 20: a question on each task (TKOPEN01's by otherFreelancer, TKPROG01's by freelancer2). */
  questions: { open: number; prog: number };
}

export async function seedFacts(db: Db): Promise<SeedFacts> {
  const one = async <T>(sql: string, params: Param[]): Promise<T> => {
    const rows = await db.query<T & object>(sql, params);
    if (!rows[0]) throw new Error(`seed fact missing: ${sql} ${JSON.stringify(params)}`);
    return rows[0];
  };
  const userOf = async (email: string) =>
    (await one<{ uuid: string }>('SELECT uuid FROM users WHERE email = $1', [email])).uuid;
  const users = {
    owner: await userOf(DEMO_EMAILS.owner),
    chosen: await userOf(DEMO_EMAILS.chosen),
    otherFreelancer: await userOf(DEMO_EMAILS.otherFreelancer),
    otherCustomer: await userOf(DEMO_EMAILS.otherCustomer),
  };
  const taskOf = async (identifier: string) => {
    const { uuid } = await one<{ uuid: string }>('SELECT uuid FROM tasks WHERE identifier = $1', [
      identifier,
    ]);
    const mine = await one<{ uuid: string }>(
      'SELECT uuid FROM offers WHERE task_uuid = $1 AND freelancer_uuid = $2',
      [uuid, users.chosen],
    );
    const other = await one<{ uuid: string }>(
      'SELECT uuid FROM offers WHERE task_uuid = $1 AND freelancer_uuid <> $2 ORDER BY uuid LIMIT 1',
      [uuid, users.chosen],
    );
    return { uuid, identifier, chosenOffer: mine.uuid, otherOffer: other.uuid };
  };
  const prog = await taskOf(DEMO_TASK_IDS.inProgress);
  const open = await taskOf(DEMO_TASK_IDS.openManyOffers);
  const conversation = (
    await one<{ uuid: string }>('SELECT uuid FROM chat_conversations WHERE task_uuid = $1', [
      prog.uuid,
    ])
  ).uuid;
  const image = (
    await one<{ original_path: string }>(
      'SELECT original_path FROM task_images WHERE task_uuid = $1 ORDER BY position LIMIT 1',
      [prog.uuid],
    )
  ).original_path;
  const deletedUser = (
    await one<{ uuid: string }>('SELECT uuid FROM users WHERE deleted_at IS NOT NULL LIMIT 1', [])
  ).uuid;
  const questionOf = async (taskUuid: string, author: string) =>
    (
      await one<{ id: number }>(
        'SELECT id FROM task_questions WHERE task_uuid = $1 AND author_uuid = $2 ORDER BY id LIMIT 1',
        [taskUuid, author],
      )
    ).id;
  const questions = {
    open: await questionOf(open.uuid, users.otherFreelancer),
    prog: await questionOf(prog.uuid, await userOf('freelancer2@talka.test')),
  };
  return { users, deletedUser, prog, open, conversation, image, questions };
}

/**
 * Per table: row count and an md5 over its rows as JSON, with the given columns left out
 * (bookkeeping every request may touch, like a session's last-seen stamp).
 */
export async function fingerprint(
  db: Db,
  ignore: Record<string, string[]> = {},
): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const drop = (ignore[name] ?? []).map((c) => ` - '${c}'`).join('');
    const [row] = await db.query<{ n: number; sum: string | null }>(
      `SELECT count(*)::int AS n,
              md5(string_agg((to_jsonb(t)${drop})::text, '|' ORDER BY (to_jsonb(t)${drop})::text)) AS sum
         FROM "${name}" t`,
    );
    out[name] = `${row.n}:${row.sum ?? ''}`;
  }
  return out;
}

export interface Upload {
  data: Buffer;
  name: string;
  type?: string;
}

/** A multipart/form-data body from the platform's FormData, as the SPA sends it. */
export async function multipartBody(fields: Record<string, string | Upload>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else
      form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.name);
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
