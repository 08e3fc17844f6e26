/**
 * Task create and update over multipart (issue 4): SPEC section 5 rules answered with 422 on the
 * right field, uploads checked by content, and the all-or-nothing guarantee (rows and files).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { LIMITS } from '../../src/shared/limits';
import type { Task } from '../../src/shared/types';
import { insertTaskRow, randomIdentifier, type TaskRecord } from '../../src/server/tasks/saveTask';
import { isExpired } from '../../src/shared/taskLifecycle';
import { toLocalDateTime } from '../../src/shared/validation/taskForm';
import {
  agent,
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  TEST_PASSWORD,
  type Agent,
  type TestApp,
  type TestUser,
} from '../support/server';
import { validTaskFields } from '../support/taskFields';

interface Upload {
  data: Buffer;
  name: string;
  type?: string;
}
type Value = string | Upload;
type Fields = Record<string, Value | Value[] | undefined>;

// Uploads are re-encoded by sharp and the cores are shared: give suites room.
jest.setTimeout(60_000);

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let ownerAgent: Agent;
let otherAgent: Agent;
let category: { id: number; slug: string };
let png: Buffer;

const solid = (width: number, height: number, r = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 60, b: 30 } } });

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, { email: 'owner@example.test' });
  other = await createUser(t.db, { email: 'other@example.test', is_freelancer: true });
  category = await createCategory(t.db, { slug: 'plumbing' });
  ownerAgent = agent(t.app);
  expect((await ownerAgent.login(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  otherAgent = agent(t.app);
  expect((await otherAgent.login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  png = await solid(64, 48).png().toBuffer();
});
afterAll(() => t.close());

const image = (name = 'photo.png', data = png, type = 'image/png'): Upload => ({
  data,
  name,
  type,
});

/** A valid create form (test/support/taskFields.ts) with a second picked place. */
function validFields(overrides: Fields = {}): Fields {
  return {
    ...validTaskFields(category.id),
    'locations[1][address]': 'Rīgas iela 5, Jelgava',
    'locations[1][city]': 'Jelgava',
    'locations[1][lat]': '56.65',
    'locations[1][lng]': '23.72',
    ...overrides,
  };
}

/** Serialises with the platform's FormData, as the SPA does; undefined fields are left out. */
async function multipart(fields: Fields) {
  const form = new FormData();
  for (const [name, raw] of Object.entries(fields)) {
    if (raw === undefined) continue;
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (typeof value === 'string') form.append(name, value);
      else
        form.append(
          name,
          new Blob([new Uint8Array(value.data)], { type: value.type ?? '' }),
          value.name,
        );
    }
  }
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}

async function send(a: Agent, method: 'POST' | 'PUT', url: string, fields: Fields) {
  const { payload, headers } = await multipart(fields);
  const res = await a.request(method, url, payload, { headers });
  return { res, body: res.json<Record<string, unknown>>() };
}

const create = (fields: Fields, a: Agent = ownerAgent) => send(a, 'POST', '/api/tasks', fields);
const update = (uuid: string, fields: Fields, a: Agent = ownerAgent) =>
  send(a, 'POST', `/api/tasks/${uuid}`, { _method: 'PUT', ...fields });

const errorsOf = (body: Record<string, unknown>) => body.errors as Record<string, string[]>;

/** Every file under the uploads folder, relative. */
function uploadedFiles(): string[] {
  if (!fs.existsSync(t.uploadsDir)) return [];
  return (fs.readdirSync(t.uploadsDir, { recursive: true }) as string[])
    .filter((p) => fs.statSync(path.join(t.uploadsDir, p)).isFile())
    .map((p) => p.split(path.sep).join('/'))
    .sort();
}

/** Every entry (files and folders) under the uploads folder. */
const uploadsTree = (): string[] =>
  fs.existsSync(t.uploadsDir)
    ? (fs.readdirSync(t.uploadsDir, { recursive: true }) as string[]).sort()
    : [];

const countTasks = async (): Promise<number> =>
  (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks'))[0].n;

interface ImageRow {
  uuid: string;
  original_path: string;
  thumbnail_path: string;
  position: number;
}
const imagesOf = (taskUuid: string) =>
  t.db.query<ImageRow>(
    'SELECT uuid, original_path, thumbnail_path, position FROM task_images WHERE task_uuid = $1 ORDER BY position',
    [taskUuid],
  );
const onDisk = (relative: string): boolean => fs.existsSync(path.join(t.uploadsDir, relative));

/** Expects a 422 that stores nothing (no task row, no file). */
async function expectRejected(fields: Fields) {
  const tasksBefore = await countTasks();
  const filesBefore = uploadedFiles();
  const { res, body } = await create(fields);
  expect(res.statusCode).toBe(422);
  expect(typeof body.message).toBe('string');
  expect(await countTasks()).toBe(tasksBefore);
  expect(uploadedFiles()).toEqual(filesBefore);
  return errorsOf(body);
}

describe('POST /api/tasks', () => {
  it('stores the CRLF line breaks of multipart text as LF, so a limit counts one per break', async () => {
    // Browsers send form text with CRLF; the SPA counts LF. At the limit in LF, CRLF would be over.
    const lines = Array.from({ length: 100 }, () => 'abcdefghi');
    const description = lines.join('\r\n').slice(0, LIMITS.descriptionMax + 99);
    const { res, body } = await create(validFields({ description }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query<{ description: string }>(
      'SELECT description FROM tasks WHERE uuid = $1',
      [(body.data as { uuid: string }).uuid],
    );
    expect(row.description).toBe(description.replace(/\r\n/g, '\n'));
    expect(row.description).not.toContain('\r');
  });

  it('creates an open task with languages, places, images on disk and a TK identifier', async () => {
    const { res, body } = await create(
      validFields({
        'images[]': [
          image('a.png'),
          image('b.jpg', await solid(80, 60).jpeg().toBuffer(), 'image/jpeg'),
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const data = body.data as { uuid: string; identifier: string };
    expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.identifier).toMatch(/^TK[A-Z0-9]{6}$/);

    const [row] = await t.db.query<Record<string, unknown>>(
      `SELECT identifier, author_uuid, category_id, title, description, status, location_type,
              due_type, to_char(due_start, 'YYYY-MM-DD"T"HH24:MI:SS') AS due_start,
              to_char(due_end, 'YYYY-MM-DD"T"HH24:MI:SS') AS due_end, budget_from, budget_to,
              views_count
         FROM tasks WHERE uuid = $1`,
      [data.uuid],
    );
    expect(row).toEqual({
      identifier: data.identifier,
      author_uuid: owner.uuid,
      category_id: category.id,
      title: 'Fix a leaking tap',
      description: 'The kitchen tap drips all night.',
      status: 'open',
      location_type: 'specific',
      due_type: 'period',
      due_start: '2035-06-01T09:00:00',
      due_end: '2035-06-02T17:30:00',
      budget_from: 50,
      budget_to: 120,
      views_count: 0,
    });
    const languages = await t.db.query<{ locale: string }>(
      'SELECT locale FROM task_languages WHERE task_uuid = $1 ORDER BY locale',
      [data.uuid],
    );
    expect(languages.map((l) => l.locale)).toEqual(['en', 'lv']);
    const places = await t.db.query(
      'SELECT position, address, city, lat, lng FROM task_locations WHERE task_uuid = $1 ORDER BY position',
      [data.uuid],
    );
    expect(places).toEqual([
      { position: 0, address: 'Brīvības iela 1, Rīga', city: 'Rīga', lat: 56.95, lng: 24.11 },
      { position: 1, address: 'Rīgas iela 5, Jelgava', city: 'Jelgava', lat: 56.65, lng: 23.72 },
    ]);
    const images = await imagesOf(data.uuid);
    expect(images).toHaveLength(2);
    for (const i of images) {
      expect(i.original_path.startsWith(`tasks/${data.uuid}/`)).toBe(true);
      expect(onDisk(i.original_path)).toBe(true);
      expect(onDisk(i.thumbnail_path)).toBe(true);
    }

    // The detail endpoint serves it.
    const detail = await ownerAgent.get(`/api/tasks/${data.identifier}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json<{ data: Task }>().data.images).toHaveLength(2);
  });

  it('requires a login (401) and stores nothing', async () => {
    const before = await countTasks();
    const { res } = await create(validFields({ 'images[]': image() }), agent(t.app));
    expect(res.statusCode).toBe(401);
    expect(await countTasks()).toBe(before);
  });

  it('ignores fields a client must not set', async () => {
    const { res, body } = await create(
      validFields({
        status: 'completed',
        author_uuid: other.uuid,
        views_count: '999',
        identifier: 'TKHACKED',
        awaiting_action: 'true',
      }),
    );
    expect(res.statusCode).toBe(201);
    const { uuid } = body.data as { uuid: string };
    const [row] = await t.db.query<Record<string, unknown>>(
      'SELECT status, author_uuid, views_count, identifier, awaiting_action FROM tasks WHERE uuid = $1',
      [uuid],
    );
    expect(row.status).toBe('open');
    expect(row.author_uuid).toBe(owner.uuid);
    expect(row.views_count).toBe(0);
    expect(row.identifier).not.toBe('TKHACKED');
    expect(row.awaiting_action).toBe(false);
  });

  it('stores budget_specific as from = to, overriding the range', async () => {
    const { res, body } = await create(
      validFields({ budget_from: '10', budget_to: '20', budget_specific: '150' }),
    );
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query<{ budget_from: number; budget_to: number }>(
      'SELECT budget_from, budget_to FROM tasks WHERE uuid = $1',
      [(body.data as { uuid: string }).uuid],
    );
    expect(row).toEqual({ budget_from: 150, budget_to: 150 });
  });

  it('keeps due_start only for start and period, due_end only for end and period', async () => {
    const { body } = await create(
      validFields({ due_type: 'start', due_end: '2035-07-01T00:00:00' }),
    );
    const [row] = await t.db.query<{ due_start: unknown; due_end: unknown }>(
      'SELECT due_start, due_end FROM tasks WHERE uuid = $1',
      [(body.data as { uuid: string }).uuid],
    );
    expect(row.due_start).not.toBeNull();
    expect(row.due_end).toBeNull();
  });

  it('stores no places for location_type anywhere', async () => {
    const { res, body } = await create(validFields({ location_type: 'anywhere' }));
    expect(res.statusCode).toBe(201);
    const places = await t.db.query('SELECT 1 FROM task_locations WHERE task_uuid = $1', [
      (body.data as { uuid: string }).uuid,
    ]);
    expect(places).toHaveLength(0);
  });

  const elevenPlaces: Fields = {};
  for (let i = 0; i < 11; i++) {
    elevenPlaces[`locations[${i}][address]`] = `Iela ${i + 1}, Rīga`;
    elevenPlaces[`locations[${i}][city]`] = 'Rīga';
    elevenPlaces[`locations[${i}][lat]`] = '56.9';
    elevenPlaces[`locations[${i}][lng]`] = '24.1';
  }

  it.each<[string, Fields, string]>([
    ['title too short', { title: 'Tap' }, 'title'],
    ['title too long', { title: 'x'.repeat(LIMITS.titleMax + 1) }, 'title'],
    ['title missing', { title: undefined }, 'title'],
    ['description too short', { description: 'Drip' }, 'description'],
    ['description too long', { description: 'x'.repeat(LIMITS.descriptionMax + 1) }, 'description'],
    ['languages missing', { 'languages[]': undefined }, 'languages'],
    ['an unknown language', { 'languages[]': ['lv', 'xx'] }, 'languages[1]'],
    ['category missing', { category_id: undefined }, 'category_id'],
    ['category that does not exist', { category_id: '987654' }, 'category_id'],
    ['due_type missing', { due_type: undefined }, 'due_type'],
    ['due_type unknown', { due_type: 'soon' }, 'due_type'],
    ['period without a start', { due_start: undefined }, 'due_start'],
    ['period without an end', { due_end: undefined }, 'due_end'],
    ['end type without an end', { due_type: 'end', due_end: undefined }, 'due_end'],
    ['start type without a start', { due_type: 'start', due_start: undefined }, 'due_start'],
    [
      'end before the start',
      { due_start: '2035-06-02T10:00:00', due_end: '2035-06-01T10:00:00' },
      'due_end',
    ],
    ['start in the past', { due_start: '2001-01-01T10:00:00' }, 'due_start'],
    ['not a date', { due_end: '02.06.2035 17:30' }, 'due_end'],
    [
      'an address typed but no place picked',
      {
        'locations[1][city]': undefined,
        'locations[1][lat]': undefined,
        'locations[1][lng]': undefined,
      },
      'locations[1].address',
    ],
    [
      'specific without any place',
      {
        'locations[0][address]': undefined,
        'locations[0][city]': undefined,
        'locations[0][lat]': undefined,
        'locations[0][lng]': undefined,
        'locations[1][address]': undefined,
        'locations[1][city]': undefined,
        'locations[1][lat]': undefined,
        'locations[1][lng]': undefined,
      },
      'locations',
    ],
    ['11 places', elevenPlaces, 'locations'],
    ['budget from above to', { budget_from: '300', budget_to: '200' }, 'budget_from'],
    ['budget over 500000', { budget_to: String(LIMITS.budgetMax + 1) }, 'budget_to'],
    ['budget below 0', { budget_from: '-1' }, 'budget_from'],
    ['budget missing', { budget_from: undefined, budget_to: undefined }, 'budget_to'],
    ['budget_specific over 500000', { budget_specific: '500001' }, 'budget_specific'],
    ['budget not a number', { budget_to: 'lots' }, 'budget_to'],
  ])('422 for %s, storing nothing', async (_name, overrides, field) => {
    const errors = await expectRejected(validFields({ 'images[]': image(), ...overrides }));
    expect(Object.keys(errors)).toContain(field);
    expect(errors[field][0]).toEqual(expect.any(String));
  });

  it('refuses an address or a city over 255 characters (422 on the field), storing nothing', async () => {
    // Issue 14: a 900 KB address was stored and sent to every visitor; a 3,000-character city
    // overflowed the city index (500).
    let errors = await expectRejected(
      validFields({ 'locations[1][address]': `${'Brīvības iela '.repeat(57_000)}1` }),
    );
    // (The agent's requests are in Latvian: 'Izmantojiet ne vairāk kā 255 rakstzīmes.')
    expect(errors['locations[1].address']).toEqual([expect.stringContaining('255')]);
    errors = await expectRejected(validFields({ 'locations[0][city]': 'R'.repeat(3000) }));
    expect(errors['locations[0].city']).toEqual([expect.stringContaining('255')]);
    // 255 of each is a place like any other.
    const { res, body } = await create(
      validFields({
        'locations[0][address]': 'a'.repeat(255),
        'locations[0][city]': 'ā'.repeat(255),
      }),
    );
    expect(res.statusCode).toBe(201);
    const uuid = (body.data as { uuid: string }).uuid;
    const [place] = await t.db.query<{ address: string; city: string }>(
      'SELECT address, city FROM task_locations WHERE task_uuid = $1 AND position = 0',
      [uuid],
    );
    expect(place).toEqual({ address: 'a'.repeat(255), city: 'ā'.repeat(255) });
    // An update is held to the same rule.
    const updated = await update(uuid, validFields({ 'locations[0][address]': 'x'.repeat(256) }));
    expect(updated.res.statusCode).toBe(422);
    expect(errorsOf(updated.body)['locations[0].address']).toEqual([
      expect.stringContaining('255'),
    ]);
  });

  it('answers 422 messages in the request language', async () => {
    const { payload, headers } = await multipart(validFields({ title: undefined }));
    const res = await ownerAgent.request('POST', '/api/tasks', payload, {
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors.title).toEqual([
      'This field is required.',
    ]);
  });

  it('refuses a deadline an hour ago today with the field error; one an hour ahead is taken', async () => {
    const inHours = (hours: number) => toLocalDateTime(new Date(Date.now() + hours * 3600_000));
    const post = async (due_end: string) => {
      const fields = validFields({ due_type: 'end', due_start: undefined, due_end });
      const { payload, headers } = await multipart(fields);
      return ownerAgent.request('POST', '/api/tasks', payload, {
        headers: { ...headers, 'accept-language': 'en' },
      });
    };
    const before = await countTasks();
    const hourAgo = inHours(-1);
    const refused = await post(hourAgo);
    expect(refused.statusCode).toBe(422);
    // Between 00:00 and 01:00 an hour ago is yesterday: then the date itself is in the past.
    const sameDay = hourAgo.slice(0, 10) === inHours(0).slice(0, 10);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      due_end: [
        sameDay
          ? 'This time has already passed today. Choose a later time.'
          : 'The date cannot be in the past.',
      ],
    });
    expect(await countTasks()).toBe(before);

    const hourAhead = inHours(1);
    const taken = await post(hourAhead);
    expect(taken.statusCode).toBe(201);
    const uuid = taken.json<{ data: { uuid: string } }>().data.uuid;
    const task = (await ownerAgent.get(`/api/tasks/${uuid}`)).json<{ data: Task }>().data;
    expect(task.due_end).toBe(hourAhead);
    expect(isExpired(task, new Date())).toBe(false);
  });

  it('refuses a budget with cents (12.5) as whole euros only, never storing 125', async () => {
    const { payload, headers } = await multipart(
      validFields({ budget_from: undefined, budget_to: undefined, budget_specific: '12.5' }),
    );
    const res = await ownerAgent.request('POST', '/api/tasks', payload, {
      headers: { ...headers, 'accept-language': 'lv' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      budget_specific: [
        'Budžetu norāda veselos eiro: ievadiet tikai ciparus, bez punkta vai komata.',
      ],
    });
  });

  describe('images', () => {
    it('a text file named photo.jpg: 422 naming the file, and nothing stored', async () => {
      const before = uploadsTree();
      const errors = await expectRejected(
        validFields({
          'images[]': image('photo.jpg', Buffer.from('hello, I am not a picture'), 'image/jpeg'),
        }),
      );
      expect(errors['images.0']).toEqual([expect.stringMatching(/^photo\.jpg: /)]);
      expect(errors.images).toEqual(errors['images.0']);
      expect(uploadsTree()).toEqual(before);
    });

    it('a bad file in the middle: the good files already written are removed', async () => {
      fs.mkdirSync(path.join(t.uploadsDir, 'tasks'), { recursive: true });
      const before = uploadsTree();
      const errors = await expectRejected(
        validFields({
          title: 'Middle failure task',
          'images[]': [
            image('one.png'),
            image('two.png'),
            image('three.gif', Buffer.from('GIF89a but not really'), 'image/gif'),
            image('four.png'),
          ],
        }),
      );
      expect(Object.keys(errors)).toEqual(expect.arrayContaining(['images.2', 'images']));
      expect(errors['images.2'][0]).toMatch(/^three\.gif: /);
      expect(errors['images.0']).toBeUndefined();
      expect(uploadsTree()).toEqual(before);
      const rows = await t.db.query("SELECT 1 FROM tasks WHERE title = 'Middle failure task'");
      expect(rows).toHaveLength(0);
    });

    it('names every bad file, together with field errors', async () => {
      const errors = await expectRejected(
        validFields({
          title: 'Tap',
          'images[]': [
            image('x.png', Buffer.from('x')),
            image('ok.png'),
            image('y.webp', Buffer.from('y')),
          ],
        }),
      );
      expect(errors.title).toHaveLength(1);
      expect(errors['images.0'][0]).toMatch(/^x\.png: /);
      expect(errors['images.2'][0]).toMatch(/^y\.webp: /);
      expect(errors.images).toHaveLength(2);
    });

    it('an image over 4 MB: 422 naming the file (not 413)', async () => {
      const width = 1300;
      const noise = crypto.randomBytes(width * width * 3);
      const big = await sharp(noise, { raw: { width, height: width, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(LIMITS.imageMaxBytes);
      const errors = await expectRejected(
        validFields({ 'images[]': [image('small.png'), image('huge.png', big)] }),
      );
      expect(errors['images.1']).toEqual([expect.stringMatching(/^huge\.png: .*4096/)]);
    });

    it('13 images: 422 on images, nothing stored', async () => {
      const thirteen = Array.from({ length: LIMITS.imagesPerTask + 1 }, (_, i) =>
        image(`p${i}.png`),
      );
      const errors = await expectRejected(validFields({ 'images[]': thirteen }));
      expect(errors.images).toHaveLength(1);
      expect(errors.images[0]).toMatch(/12/);
    });

    it('12 images are fine', async () => {
      const twelve = Array.from({ length: LIMITS.imagesPerTask }, (_, i) => image(`p${i}.png`));
      const { res, body } = await create(validFields({ 'images[]': twelve }));
      expect(res.statusCode).toBe(201);
      expect(await imagesOf((body.data as { uuid: string }).uuid)).toHaveLength(12);
    });

    it('an SVG is refused as a type that is not allowed', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      );
      const errors = await expectRejected(
        validFields({ 'images[]': image('logo.svg', svg, 'image/svg+xml') }),
      );
      expect(errors['images.0'][0]).toMatch(/^logo\.svg: /);
    });

    it('a PNG named .txt and declared text/plain is accepted: the content decides', async () => {
      const { res, body } = await create(
        validFields({ 'images[]': image('notes.txt', png, 'text/plain') }),
      );
      expect(res.statusCode).toBe(201);
      const [stored] = await imagesOf((body.data as { uuid: string }).uuid);
      expect(stored.original_path).toMatch(/\.(jpg|webp)$/);
      expect(onDisk(stored.original_path)).toBe(true);
    });

    it('strips EXIF metadata from stored files', async () => {
      const withExif = await solid(120, 90)
        .jpeg()
        .withExif({ IFD0: { Copyright: 'secret owner', Make: 'PhoneCam' } })
        .toBuffer();
      expect((await sharp(withExif).metadata()).exif).toBeDefined();
      const { res, body } = await create(
        validFields({ 'images[]': image('exif.jpg', withExif, 'image/jpeg') }),
      );
      expect(res.statusCode).toBe(201);
      const [stored] = await imagesOf((body.data as { uuid: string }).uuid);
      for (const file of [stored.original_path, stored.thumbnail_path]) {
        const bytes = fs.readFileSync(path.join(t.uploadsDir, file));
        expect((await sharp(bytes).metadata()).exif).toBeUndefined();
        expect(bytes.includes(Buffer.from('secret owner'))).toBe(false);
      }
    });
  });

  it('a database error in the middle rolls back the rows and removes the written files', async () => {
    await t.db.exec(`
      CREATE FUNCTION test_fail_location() RETURNS trigger AS $$
      BEGIN
        IF NEW.address = 'FAIL HERE' THEN RAISE EXCEPTION 'simulated failure'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER test_fail_location BEFORE INSERT ON task_locations
        FOR EACH ROW EXECUTE FUNCTION test_fail_location();
    `);
    try {
      fs.mkdirSync(path.join(t.uploadsDir, 'tasks'), { recursive: true });
      const before = uploadsTree();
      const tasksBefore = await countTasks();
      const { res } = await create(
        validFields({
          'locations[1][address]': 'FAIL HERE',
          'images[]': [image('a.png'), image('b.png')],
        }),
      );
      expect(res.statusCode).toBe(500);
      expect(await countTasks()).toBe(tasksBefore);
      expect(uploadsTree()).toEqual(before);
    } finally {
      await t.db.exec(`
        DROP TRIGGER test_fail_location ON task_locations;
        DROP FUNCTION test_fail_location();
      `);
    }
  });

  it('retries a taken identifier', async () => {
    const taken = await createTask(t.db, { identifier: 'TKTAKEN1', author_uuid: owner.uuid });
    const codes = ['TKTAKEN1', 'TKTAKEN1', 'TKFRESH1'];
    const record: TaskRecord = {
      category_id: category.id,
      title: 'Identifier retry',
      description: 'Checks the retry.',
      languages: ['lv'],
      due_type: 'end',
      due_start: null,
      due_end: '2035-01-01T00:00:00',
      location_type: 'anywhere',
      locations: [],
      budget_from: 1,
      budget_to: 2,
      removable_images: [],
    };
    const uuid = crypto.randomUUID();
    const identifier = await t.db.transaction((tx) =>
      insertTaskRow(
        tx,
        { uuid, author_uuid: owner.uuid, record },
        () => codes.shift() ?? 'TKXXXXXX',
      ),
    );
    expect(identifier).toBe('TKFRESH1');
    expect(taken.identifier).toBe('TKTAKEN1');
    const [row] = await t.db.query<{ identifier: string }>(
      'SELECT identifier FROM tasks WHERE uuid = $1',
      [uuid],
    );
    expect(row.identifier).toBe('TKFRESH1');
    expect(randomIdentifier()).toMatch(/^TK[A-Z0-9]{6}$/);
  });
});

describe('POST /api/tasks/:uuid with _method=PUT', () => {
  /** A task of `owner` made through the API, with two images. */
  async function ownTask(extra: Fields = {}) {
    const { res, body } = await create(
      validFields({ 'images[]': [image('first.png'), image('second.png')], ...extra }),
    );
    expect(res.statusCode).toBe(201);
    const { uuid } = body.data as { uuid: string };
    return { uuid, images: await imagesOf(uuid) };
  }

  it('the owner changes the title, removes one image and adds one; files follow', async () => {
    const { uuid, images } = await ownTask();
    const [removed, kept] = images;
    const { res, body } = await update(
      uuid,
      validFields({
        title: 'Fix two leaking taps',
        'removable_images[]': removed.uuid,
        'images[]': image('third.png', await solid(30, 30, 10).png().toBuffer()),
        status: 'completed',
        views_count: '500',
        identifier: 'TKHACKED',
      }),
    );
    expect(res.statusCode).toBe(200);
    const task = (body as { data: Task }).data;
    expect(task.uuid).toBe(uuid);
    expect(task.title).toBe('Fix two leaking taps');
    expect(task.status).toBe('open');
    expect(task.views_count).toBe(0);
    expect(task.identifier).toMatch(/^TK[A-Z0-9]{6}$/);
    expect(task.images.map((i) => i.uuid)).toContain(kept.uuid);
    expect(task.images.map((i) => i.uuid)).not.toContain(removed.uuid);
    expect(task.images).toHaveLength(2);

    const after = await imagesOf(uuid);
    expect(after).toHaveLength(2);
    expect(after[0].uuid).toBe(kept.uuid);
    expect(after[1].position).toBeGreaterThan(after[0].position);
    expect(onDisk(removed.original_path)).toBe(false);
    expect(onDisk(removed.thumbnail_path)).toBe(false);
    for (const i of after) {
      expect(onDisk(i.original_path)).toBe(true);
      expect(onDisk(i.thumbnail_path)).toBe(true);
    }
  });

  it('replaces languages and places, and budget_specific overrides from/to', async () => {
    const { uuid } = await ownTask();
    const { res, body } = await update(
      uuid,
      validFields({
        'languages[]': ['ru'],
        location_type: 'anywhere',
        budget_specific: '75',
        due_type: 'end',
      }),
    );
    expect(res.statusCode).toBe(200);
    const task = (body as { data: Task }).data;
    expect(task.languages).toEqual(['ru']);
    expect(task.locations).toEqual([]);
    expect(task.location_type).toBe('anywhere');
    expect([task.budget_from, task.budget_to]).toEqual([75, 75]);
    expect(task.due_type).toBe('end');
    expect(task.due_start).toBeNull();
    expect(task.images).toHaveLength(2);
  });

  it('also answers a real PUT', async () => {
    const { uuid } = await ownTask();
    const { res, body } = await send(
      ownerAgent,
      'PUT',
      `/api/tasks/${uuid}`,
      validFields({ title: 'Put works too' }),
    );
    expect(res.statusCode).toBe(200);
    expect((body as { data: Task }).data.title).toBe('Put works too');
  });

  it('refuses another _method (405)', async () => {
    const { uuid } = await ownTask();
    const { res } = await send(ownerAgent, 'POST', `/api/tasks/${uuid}`, {
      ...validFields({ title: 'Should not change' }),
      _method: 'DELETE',
    });
    expect(res.statusCode).toBe(405);
    const [row] = await t.db.query<{ title: string }>('SELECT title FROM tasks WHERE uuid = $1', [
      uuid,
    ]);
    expect(row.title).toBe('Fix a leaking tap');
  });

  it('keeps an unchanged stored date that now lies in the past', async () => {
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: category.id,
      due_type: 'period',
      due_start: '2020-01-01T10:00:00',
      due_end: '2035-01-01T10:00:00',
    });
    const fields = validFields({
      location_type: 'anywhere',
      due_start: '2020-01-01T10:00:00',
      due_end: '2035-01-01T10:00:00',
    });
    expect((await update(task.uuid, fields)).res.statusCode).toBe(200);
    // A new date in the past is still refused.
    const { res, body } = await update(task.uuid, { ...fields, due_start: '2020-01-02T10:00:00' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(body))).toContain('due_start');
  });

  it('ignores removable_images of another task', async () => {
    const mine = await ownTask();
    const theirs = await ownTask();
    const { res } = await update(
      mine.uuid,
      validFields({ 'removable_images[]': [theirs.images[0].uuid, 'not-a-uuid'] }),
    );
    expect(res.statusCode).toBe(200);
    expect(await imagesOf(theirs.uuid)).toHaveLength(2);
    expect(onDisk(theirs.images[0].original_path)).toBe(true);
    expect(await imagesOf(mine.uuid)).toHaveLength(2);
  });

  it('refuses more than 12 images in total (existing + new - removed)', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => image(`p${i}.png`));
    const { uuid } = await ownTask({ 'images[]': eleven });
    const before = uploadedFiles();
    const { res, body } = await update(
      uuid,
      validFields({ 'images[]': [image('n1.png'), image('n2.png')] }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(errorsOf(body))).toContain('images');
    expect(uploadedFiles()).toEqual(before);
    expect(await imagesOf(uuid)).toHaveLength(11);

    // Removing one makes room for one.
    const [first] = await imagesOf(uuid);
    const ok = await update(
      uuid,
      validFields({
        'removable_images[]': first.uuid,
        'images[]': [image('n1.png'), image('n2.png')],
      }),
    );
    expect(ok.res.statusCode).toBe(200);
    expect(await imagesOf(uuid)).toHaveLength(12);
  });

  it('a failed update changes nothing: rows, old files and no new files', async () => {
    const { uuid, images } = await ownTask();
    const before = uploadedFiles();
    const { res, body } = await update(
      uuid,
      validFields({
        title: 'Changed title',
        'removable_images[]': images[0].uuid,
        'images[]': [image('good.png'), image('bad.png', Buffer.from('nope'))],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(body)['images.1'][0]).toMatch(/^bad\.png: /);
    expect(uploadedFiles()).toEqual(before);
    const [row] = await t.db.query<{ title: string }>('SELECT title FROM tasks WHERE uuid = $1', [
      uuid,
    ]);
    expect(row.title).toBe('Fix a leaking tap');
    expect(await imagesOf(uuid)).toHaveLength(2);
  });

  it('403 for a user who is not the owner, storing nothing', async () => {
    const { uuid } = await ownTask();
    const before = uploadedFiles();
    const { res } = await update(
      uuid,
      validFields({ title: 'Not mine to change', 'images[]': image() }),
      otherAgent,
    );
    expect(res.statusCode).toBe(403);
    expect(uploadedFiles()).toEqual(before);
  });

  it('401 for a visitor', async () => {
    const { uuid } = await ownTask();
    const { res } = await update(uuid, validFields({ title: 'Visitor edit' }), agent(t.app));
    expect(res.statusCode).toBe(401);
  });

  it('404 for a task that does not exist', async () => {
    const { res } = await update(crypto.randomUUID(), validFields());
    expect(res.statusCode).toBe(404);
  });

  it('403 once an offer is chosen', async () => {
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: category.id,
      status: 'in_progress',
    });
    await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: other.uuid,
      chosen_at: new Date(),
    });
    const { res } = await update(task.uuid, validFields({ title: 'Too late to edit' }));
    expect(res.statusCode).toBe(403);

    // Even when the status was not moved on, a chosen offer locks the task.
    const stale = await createTask(t.db, { author_uuid: owner.uuid, category_id: category.id });
    await createOffer(t.db, { task_uuid: stale.uuid, chosen_at: new Date() });
    expect((await update(stale.uuid, validFields())).res.statusCode).toBe(403);
  });

  it('allows editing while offers exist but none is chosen', async () => {
    const { uuid } = await ownTask();
    await createOffer(t.db, { task_uuid: uuid, freelancer_uuid: other.uuid });
    const { res } = await update(uuid, validFields({ title: 'Still editable' }));
    expect(res.statusCode).toBe(200);
  });
});
