/**
 * Bad input over every API route (issue 9): property-based tests with fast-check. For each route in
 * the app's route table, random and hostile path parameters, query strings and bodies (JSON,
 * multipart, malformed, mislabelled) are sent logged in (with a valid CSRF token, so validation is
 * what answers) and as a visitor. Every answer must be
 *   - a 4xx in the Laravel error shape { message, errors? }, never a 5xx, and
 *   - with the database exactly as before (row counts and a checksum of every table),
 *   - or a 2xx only where the input is valid (the route's shared schema accepts it).
 *
 * FC_NUM_RUNS=200 runs deeper; FC_SEED=<seed> replays a failure (the seed is printed); FC_SHRINK=1
 * shrinks a failure to a smaller input (slow).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { loadReasons } from '../../../src/server/routes/reasons';
import {
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  type TestApp,
  type TestUser,
} from '../../support/server';
import { ROUTE_SPECS, type Env, type RouteSpec, type Sent, type World } from './routes';
import { storedTextOverLimits } from './storedText';
import {
  assertProperty,
  changedTables,
  changeMark,
  changesSince,
  fingerprint,
  installChangeLog,
  hostileString,
  laravelShapeProblem,
  logIn,
  NUM_RUNS,
  percentEncode,
  queryArb,
  queryString,
  RAW_SEGMENTS,
  SEED,
  send,
  streamText,
  untrackedTables,
  visitor,
  type BodySample,
  type Client,
  type QueryPart,
} from './support';

// Two cores shared with other suites; every route gets its own budget.
jest.setTimeout(120_000);

let t: TestApp;
let env: Env;
let worlds: World[];
let throwawayUser: TestUser;
/** The change log's newest id after the last legitimate change. */
let mark = 0;
/** Whether the current route's property made a legitimate change (so checksums may differ). */
let changedInProperty = false;

/** Runs per world stay under the per-user rate limits (offers: 20 a minute). */
const RUNS_PER_WORLD = 12;

async function makeWorld(categoryId: number): Promise<World> {
  const ownerUser = await createUser(t.db, { full_name: 'Olga Owner' });
  const freelancerUser = await createUser(t.db, {
    full_name: 'Fricis Freelancer',
    is_freelancer: true,
  });
  const newcomerUser = await createUser(t.db, { full_name: 'Nora Newcomer', is_freelancer: true });
  const strangerUser = await createUser(t.db, { full_name: 'Sandis Stranger' });
  const moderatorUser = await createUser(t.db, { full_name: 'Māra Moderator' });
  await t.db.query('UPDATE users SET is_moderator = true WHERE uuid = $1', [moderatorUser.uuid]);
  const task = await createTask(t.db, { author_uuid: ownerUser.uuid, category_id: categoryId });
  const offer = await createOffer(t.db, {
    task_uuid: task.uuid,
    freelancer_uuid: freelancerUser.uuid,
  });
  const owner = await logIn(t.app, ownerUser);
  const res = await send(t.app, owner, {
    method: 'POST',
    url: `/api/chat/conversations/task/${task.uuid}/${freelancerUser.uuid}`,
    body: { kind: 'none' },
  });
  if (res.statusCode !== 201) throw new Error(`conversation: ${res.statusCode} ${res.body}`);
  return {
    owner,
    freelancer: await logIn(t.app, freelancerUser),
    newcomer: await logIn(t.app, newcomerUser),
    stranger: await logIn(t.app, strangerUser),
    moderator: await logIn(t.app, { ...moderatorUser, is_moderator: true }),
    task,
    offer,
    conversation: res.json<{ data: { uuid: string } }>().data.uuid,
  };
}

beforeAll(async () => {
  console.info(`bad-input properties: FC_SEED=${SEED} FC_NUM_RUNS=${NUM_RUNS}`);
  // FC_LOG=error shows the server's own account of a 500.
  t = await buildTestApp({ logLevel: process.env.FC_LOG ?? 'silent' });
  const category = await createCategory(t.db, { slug: 'property-plumbing' });
  const png = await sharp({
    create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 200, b: 30 } },
  })
    .png()
    .toBuffer();
  env = {
    app: t.app,
    db: t.db,
    categoryId: category.id,
    ownerReasons: (await loadReasons(t.db, 'en')).filter((r) => r.group === 'customer'),
    // A real PNG header (it sniffs as an image) over bytes that do not decode.
    pngHeaderJunk: Buffer.concat([png.subarray(0, 33), Buffer.alloc(200, 0x41)]),
    truncatedPng: png.subarray(0, Math.floor(png.length / 2)),
  };
  throwawayUser = await createUser(t.db, { full_name: 'Tom Throwaway' });
  worlds = [];
  for (let i = 0; i < Math.ceil(NUM_RUNS / RUNS_PER_WORLD); i++) {
    worlds.push(await makeWorld(category.id));
  }
  await installChangeLog(t.db);
  mark = await changeMark(t.db);
});
afterAll(() => t?.close());

// ---------------------------------------------------------------------------------------------

const specKey = (method: string, url: string) => `${method} ${url}`;

/** A path parameter: the real one, a hostile string (encoded), or broken percent-encoding. */
type ParamChoice =
  { kind: 'real' } | { kind: 'encoded'; value: string } | { kind: 'raw'; value: string };

const paramArb: fc.Arbitrary<ParamChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'real' } as const) },
  { weight: 3, arbitrary: hostileString.map((value) => ({ kind: 'encoded', value }) as const) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((value) => ({ kind: 'raw', value }) as const),
  },
);

const paramNames = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');

interface Sample {
  params: Record<string, ParamChoice>;
  query: QueryPart[];
  body: BodySample;
  acceptLanguage: string | undefined;
  /** How the /api prefix is written: percent-encoded spellings reach the same routes (issue 14). */
  prefix: string;
}

const API_PREFIXES = ['/%61pi', '/a%70i', '/ap%69', '/%61%70%69'];

function sampleArb(method: string, url: string, spec: RouteSpec, w: World): fc.Arbitrary<Sample> {
  const names = paramNames(url);
  const params = fc.record(Object.fromEntries(names.map((n) => [n, paramArb])));
  const body: fc.Arbitrary<BodySample> =
    method === 'GET' || method === 'HEAD'
      ? fc.constant({ kind: 'none' })
      : spec.body
        ? spec.body(env, w)
        : fc.constant({ kind: 'none' });
  return fc.record({
    params,
    query: queryArb(spec.query ?? []),
    body,
    acceptLanguage: fc.option(
      fc.constantFrom('en', 'lv', 'ru;q=0.5, *', 'xx-YY', '*', '', 'en;q=NaN'),
      {
        nil: undefined,
      },
    ),
    prefix: fc.oneof(
      { weight: 3, arbitrary: fc.constant('/api') },
      { weight: 1, arbitrary: fc.constantFrom(...API_PREFIXES) },
    ),
  });
}

function buildUrl(
  url: string,
  sample: Sample,
  real: Record<string, string>,
): { url: string; allReal: boolean } {
  let allReal = true;
  const path = url.replace(/:([A-Za-z_]+)|\*/g, (_m, name?: string) => {
    const key = name ?? '*';
    const choice = sample.params[key];
    if (choice.kind === 'real') {
      const value = real[key];
      if (value === undefined) throw new Error(`no real value for ${key} in ${url}`);
      return key === '*' ? value : encodeURIComponent(value);
    }
    allReal = false;
    return choice.kind === 'raw' ? choice.value : percentEncode(choice.value);
  });
  const prefixed = path.startsWith('/api/') ? sample.prefix + path.slice('/api'.length) : path;
  return { url: prefixed + queryString(sample.query), allReal };
}

/** Whether `target` (dot segments resolved as a URL parser does) is another route of the table. */
function resolvesToAnotherRoute(method: string, pattern: string, target: string): boolean {
  const literal = target.split('?')[0];
  const resolved = new URL(literal, 'http://talka.test').pathname;
  if (resolved === literal) return false;
  const path = resolved.replace(/^\/(%61|a)(%70|p)(%69|i)\//i, '/api/');
  const routeMethod = method === 'HEAD' ? 'GET' : method;
  return Object.keys(ROUTE_SPECS).some((key) => {
    const [m, other] = key.split(' ');
    if (m !== routeMethod || other === pattern) return false;
    const regex = new RegExp(`^${other.replace(/:[A-Za-z_]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
    return regex.test(path);
  });
}

function describeResponse(res: LightMyRequestResponse, text: string): string {
  const body = text.length > 500 ? `${text.slice(0, 500)}…` : text;
  return `${res.statusCode} ${String(res.headers['content-type'] ?? '')} ${body}`;
}

async function clientFor(spec: RouteSpec, w: World): Promise<Client> {
  if (spec.role === 'throwaway') return logIn(t.app, throwawayUser);
  return w[spec.role];
}

/**
 * One request, checked: the answer's status and shape and, when it was refused, that nothing was
 * written (the change log since the last legitimate change is empty).
 */
async function check(
  method: string,
  spec: RouteSpec,
  w: World,
  client: Client,
  url: string,
  sent: Sent,
  acceptLanguage: string | undefined,
): Promise<void> {
  const res = await send(
    t.app,
    client,
    { method, url, body: sent.body, acceptLanguage },
    { stream: spec.stream },
  );
  const status = res.statusCode;
  let text = spec.stream ? '' : res.body;
  // An endless stream is dropped once its head is in; a refusal is a short body, read whole.
  if (spec.stream && status >= 200 && status < 300) res.stream().destroy();
  else if (spec.stream) text = await streamText(res);
  const who = sent.asUser ? `as ${spec.role}` : 'as a visitor';
  const what = `${method} ${url.slice(0, 300)} ${who} → ${describeResponse(res, text)}`;

  if (status >= 200 && status < 300) {
    const allowed =
      spec.accepts !== undefined
        ? await spec.accepts(sent, env)
        : method === 'GET' || method === 'HEAD';
    if (spec.after) await spec.after(env, w);
    // Even when it fails here: the next request must not be blamed for this one's writes.
    await legitimateChange();
    if (!allowed) throw new Error(`accepted input that is not valid: ${what}`);
    if (method !== 'GET' && method !== 'HEAD') {
      const over = await storedTextOverLimits(t.db);
      if (over.length > 0)
        throw new Error(`stored text over its limit (${over.join(', ')}): ${what}`);
    }
    return;
  }
  if (status < 400 || status >= 500) throw new Error(`expected a 4xx: ${what}`);
  if (method !== 'HEAD') {
    const problem = laravelShapeProblem(res, text);
    if (problem) throw new Error(`not a Laravel error body (${problem}): ${what}`);
  }
  const changes = await changesSince(t.db, mark);
  if (changes !== '') {
    await legitimateChange();
    throw new Error(`refused, but wrote (${changes}): ${what}`);
  }
}

/** Accepted requests and fresh fixtures may write: the next checks start from here. */
async function legitimateChange(): Promise<void> {
  mark = await changeMark(t.db);
  changedInProperty = true;
}

const routes = () => t.app.routeTable.filter((r) => r.method !== 'OPTIONS');

describe('the route table', () => {
  it('has a generator entry for every route (HEAD rides on GET) and none for a route that is gone', () => {
    const table = routes();
    expect(table.length).toBeGreaterThan(30);
    const missing = table
      .map((r) => specKey(r.method === 'HEAD' ? 'GET' : r.method, r.url))
      .filter((key) => !(key in ROUTE_SPECS));
    expect(missing).toEqual([]);
    const present = new Set(table.map((r) => specKey(r.method, r.url)));
    expect(Object.keys(ROUTE_SPECS).filter((key) => !present.has(key))).toEqual([]);
  });

  it('logs changes to every table but the ignored ones', async () => {
    expect(await untrackedTables(t.db)).toEqual(['sessions']);
  });
});

describe('every route refuses bad input with a 4xx, the Laravel shape and no change', () => {
  // The table is read from a built app, so the cases are listed from the spec table and checked
  // against the route table above; HEAD twins run with their GET entry.
  const cases = Object.keys(ROUTE_SPECS).flatMap((key) => {
    const [method, url] = key.split(' ');
    return method === 'GET'
      ? [
          [method, url],
          ['HEAD', url],
        ]
      : [[method, url]];
  });

  it.each(cases)('%s %s', async (method, url) => {
    const spec = ROUTE_SPECS[specKey(method === 'HEAD' ? 'GET' : method, url)];
    // HEAD answers like GET without a body: fewer runs.
    const runs = method === 'HEAD' ? Math.max(1, Math.ceil(NUM_RUNS / 4)) : NUM_RUNS;
    let run = 0;
    const before = await fingerprint(t.db);
    mark = await changeMark(t.db);
    changedInProperty = false;
    await assertProperty(
      fc.asyncProperty(sampleArb(method, url, spec, worlds[0]), async (sample) => {
        // Worlds in turn, whatever the generator drew: per-user rate limits stay out of the way.
        const w = worlds[run++ % worlds.length];
        const needsReal = Object.values(sample.params).some((p) => p.kind === 'real');
        const real = needsReal && spec.real ? await spec.real(env, w) : {};
        if (needsReal && spec.real) await legitimateChange();
        const { url: target, allReal } = buildUrl(url, sample, real);
        // A '..' or '.' segment sends the request to the path it resolves to: when that is
        // another route of the table (questions/../report is the task's report route), this
        // route's oracle does not apply; that route's own property covers it.
        fc.pre(!resolvesToAnotherRoute(method, url, target));
        const sentAsUser: Sent = { allReal, asUser: true, body: sample.body };
        await check(
          method,
          spec,
          w,
          await clientFor(spec, w),
          target,
          sentAsUser,
          sample.acceptLanguage,
        );
        await check(
          method,
          spec,
          w,
          visitor(),
          target,
          { ...sentAsUser, asUser: false },
          sample.acceptLanguage,
        );
      }),
      runs,
    );
    // The change log's cross-check: with nothing accepted, every table's checksum is as it was.
    if (!changedInProperty) expect(changedTables(before, await fingerprint(t.db))).toEqual([]);
  });
});
