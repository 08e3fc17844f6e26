/**
 * `npm run bench -- --only=alerts`: how long matching one new task takes against 25,000, 50,000
 * and 100,000 saved alerts (issue 20; goal at 100,000: at most 50 ms). An in-memory PGlite, the
 * migrations, the real categories, 20,000 freelancers and alerts spread over the Baltic states
 * like real ones (one to three categories, a town and 5-100 km, or remote; one or two languages;
 * a minimum budget or none). Each figure is findMatchingAlerts (the GIN lookup by the task's bucket
 * keys, then the exact rules) for 40 tasks at random places, as the median and the 95th percentile.
 * Writes its figures to BENCH_ALERTS_OUT (JSON) and prints them. BENCH_ALERTS_SIZES=20000,100000
 * measures other sizes.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { alertKeys, type AlertShape } from '../../src/shared/alerts';
import { LOCALES } from '../../src/shared/locales';
import { findMatchingAlerts, loadMatchableTask } from '../../src/server/alerts/alerts';
import { openDb, type Db } from '../../src/server/db/db';
import { migrate } from '../../src/server/db/migrate';
import { CATEGORIES } from '../../src/server/db/seedData/categories';

const SIZES = (process.env.BENCH_ALERTS_SIZES ?? '25000,50000,100000').split(',').map(Number);
const FREELANCERS = 20_000;
const TASKS = 40;
const BATCH = 5_000;

/** A small deterministic generator (mulberry32), so runs compare. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(20);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

/** Towns of Latvia, Estonia and Lithuania (where tasks and alerts cluster). */
const TOWNS = [
  [56.95, 24.11],
  [56.51, 21.01],
  [55.87, 26.54],
  [56.65, 23.72],
  [57.4, 21.56],
  [59.44, 24.75],
  [58.38, 26.72],
  [58.39, 24.5],
  [54.69, 25.28],
  [54.9, 23.9],
  [55.7, 21.14],
  [55.93, 23.31],
] as const;
const near = (): { lat: number; lng: number } => {
  const [lat, lng] = pick(TOWNS);
  return { lat: lat + (rnd() - 0.5) * 0.6, lng: lng + (rnd() - 0.5) * 1.0 };
};

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function insertFreelancers(db: Db): Promise<string[]> {
  const rows = await db.query<{ uuid: string }>(
    `INSERT INTO users (email, password_hash, full_name, display_name, is_freelancer)
     SELECT 'bench-' || i || '@example.test', 'x', 'Bench ' || i, 'Bench', true
       FROM generate_series(1, $1::int) AS i
     RETURNING uuid`,
    [FREELANCERS],
  );
  return rows.map((r) => r.uuid);
}

async function insertAlerts(db: Db, users: string[], count: number): Promise<void> {
  const leaves = CATEGORIES.filter((c) => c.parentId !== null).map((c) => c.id);
  const parents = CATEGORIES.filter((c) => c.parentId === null).map((c) => c.id);
  for (let done = 0; done < count; done += BATCH) {
    const batch = [];
    for (let i = 0; i < Math.min(BATCH, count - done); i++) {
      const categories = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () =>
        rnd() < 0.25 ? pick(parents) : pick(leaves),
      );
      const remote = rnd() < 0.15;
      const place = near();
      const shape: AlertShape = {
        categories: [...new Set(categories)],
        location_type: remote ? 'anywhere' : 'specific',
        lat: remote ? null : place.lat,
        lng: remote ? null : place.lng,
        radius_km: remote ? null : 5 + Math.floor(rnd() * 96),
        languages: rnd() < 0.5 ? [pick(LOCALES)] : [pick(LOCALES), pick(LOCALES)],
        budget_min: rnd() < 0.5 ? null : Math.floor(rnd() * 300),
      };
      batch.push({ ...shape, user_uuid: pick(users), match_keys: alertKeys(shape) });
    }
    await db.query(
      `INSERT INTO task_alerts (user_uuid, categories, location_type, lat, lng, radius_km,
                                languages, budget_min, match_keys)
       SELECT user_uuid, categories, location_type, lat, lng, radius_km, languages, budget_min,
              match_keys
         FROM jsonb_to_recordset($1::jsonb) AS x(user_uuid uuid, categories int[],
              location_type text, lat float8, lng float8, radius_km int, languages text[],
              budget_min int, match_keys text[])`,
      [JSON.stringify(batch)],
    );
  }
  await db.exec('ANALYZE task_alerts');
}

async function insertTasks(db: Db, author: string): Promise<string[]> {
  const leaves = CATEGORIES.filter((c) => c.parentId !== null).map((c) => c.id);
  const uuids: string[] = [];
  for (let i = 0; i < TASKS; i++) {
    const remote = i % 8 === 0;
    const [task] = await db.query<{ uuid: string }>(
      `INSERT INTO tasks (identifier, author_uuid, category_id, title, description, status,
                          location_type, due_type, due_end, budget_from, budget_to)
       VALUES ($1, $2, $3, 'Bench task', 'A task of the alerts bench.', 'open', $4, 'end',
               '2099-01-01T00:00:00', 50, $5)
       RETURNING uuid`,
      [
        `TKBN${String(i).padStart(4, '0')}`,
        author,
        pick(leaves),
        remote ? 'anywhere' : 'specific',
        50 + Math.floor(rnd() * 400),
      ],
    );
    await db.query("INSERT INTO task_languages (task_uuid, locale) VALUES ($1, 'lv'), ($1, 'ru')", [
      task.uuid,
    ]);
    if (!remote) {
      const place = near();
      await db.query(
        `INSERT INTO task_locations (task_uuid, address, city, lat, lng)
         VALUES ($1, 'Bench street 1', 'Bench', $2, $3)`,
        [task.uuid, place.lat, place.lng],
      );
    }
    uuids.push(task.uuid);
  }
  return uuids;
}

async function main(): Promise<void> {
  const db = await openDb({});
  await migrate(db);
  await db.query(
    `INSERT INTO categories (id, parent_id, slug, title, position)
     SELECT id, parent_id, slug, title, position
       FROM jsonb_to_recordset($1::jsonb)
         AS x(id integer, parent_id integer, slug text, title jsonb, position integer)`,
    [
      JSON.stringify(
        CATEGORIES.map((c) => ({
          id: c.id,
          parent_id: c.parentId,
          slug: c.slug,
          title: c.title,
          position: c.position,
        })),
      ),
    ],
  );
  const users = await insertFreelancers(db);
  const tasks = await insertTasks(db, users[0]);
  const figures: {
    alerts: number;
    medianMs: number;
    p95Ms: number;
    cpuMedianMs: number;
    meanHits: number;
  }[] = [];
  let stored = 0;
  for (const size of SIZES) {
    await insertAlerts(db, users, size - stored);
    stored = size;
    const times: number[] = [];
    // CPU time of this process (PGlite runs in it): on a shared machine the wall time mostly
    // measures the other jobs; the CPU time is what a match costs.
    const cpu: number[] = [];
    let hits = 0;
    // One warm-up round (plans, caches), then the measured rounds.
    for (const round of [0, 1]) {
      for (const uuid of tasks) {
        const started = performance.now();
        const cpuStart = process.cpuUsage();
        const task = await loadMatchableTask(db, uuid, new Date());
        const found = task ? await findMatchingAlerts(db, task) : [];
        const ms = performance.now() - started;
        const used = process.cpuUsage(cpuStart);
        if (round === 1) {
          times.push(ms);
          cpu.push((used.user + used.system) / 1000);
          hits += found.length;
        }
      }
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    const figure = {
      alerts: size,
      medianMs: Number(percentile(times, 50).toFixed(1)),
      p95Ms: Number(percentile(times, 95).toFixed(1)),
      cpuMedianMs: Number(percentile(cpu, 50).toFixed(1)),
      meanHits: Math.round(hits / tasks.length),
    };
    figures.push(figure);
    console.log(
      `alerts: ${size} alerts, one task: median ${figure.medianMs} ms, p95 ${figure.p95Ms} ms, ` +
        `CPU median ${figure.cpuMedianMs} ms ` +
        `(${figure.meanHits} freelancers reached on average)`,
    );
  }
  if (process.env.BENCH_ALERTS_OUT) {
    fs.writeFileSync(process.env.BENCH_ALERTS_OUT, JSON.stringify({ figures }, null, 2));
  }
  await db.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
