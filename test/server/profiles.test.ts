import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { CurrentUser, PublicProfile } from '../../src/shared/types';
import {
  agent,
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  randomUuid,
  type TestApp,
  type TestUser,
} from '../support/server';

let t: TestApp;
let user: TestUser;
let reviewer: TestUser;
let goneReviewer: TestUser;
let deleted: TestUser;
const cats: Record<string, { id: number; slug: string }> = {};
const HOUR = 3600 * 1000;
const agoIso = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
const EN = { headers: { 'accept-language': 'en' } };

async function review(input: {
  task: string;
  author: string;
  target: string;
  role: 'customer' | 'freelancer';
  status: 'completed' | 'incomplete';
  rate: number;
  feedback: string | null;
  hoursAgo: number;
}) {
  await t.db.query(
    // Published (both parties reviewed): the double-blind rule has its own suite (reviews.test.ts).
    `INSERT INTO reviews (task_uuid, author_uuid, target_uuid, target_role, status, rate, feedback,
                          created_at, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
    [
      input.task,
      input.author,
      input.target,
      input.role,
      input.status,
      input.rate,
      input.feedback,
      agoIso(input.hoursAgo),
    ],
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  cats.parent = await createCategory(t.db, {
    slug: 'pr-parent',
    position: 1,
    title: { lv: 'Remonts', en: 'Repair' },
  });
  cats.child = await createCategory(t.db, {
    slug: 'pr-child',
    parent_id: cats.parent.id,
    position: 2,
    title: { lv: 'Santehnika', en: 'Plumbing' },
  });
  user = await createUser(t.db, {
    full_name: 'Anna Bērziņa',
    is_freelancer: true,
    customer_rating: 4.5,
    freelancer_rating: 5,
    photo_path: 'profiles/anna/p.png',
    last_seen_at: new Date(),
  });
  await t.db.query(
    `UPDATE users SET languages = '{lv,en}', categories = $2::int[], created_at = $3
      WHERE uuid = $1`,
    [user.uuid, [cats.child.id, cats.parent.id], '2025-01-02T03:04:05.000Z'],
  );
  reviewer = await createUser(t.db, { full_name: 'Jānis Ozols', photo_path: 'profiles/j/p.png' });
  goneReviewer = await createUser(t.db, { full_name: 'Gone Person' });
  deleted = await createUser(t.db, { full_name: 'Deleted Person', deleted_at: new Date() });

  // Reviews of the user: as a customer (by the freelancer), as a freelancer (by a customer who
  // has since deleted the account), and a cancellation (rate 0) that is no review at all.
  const posted = await createTask(t.db, {
    identifier: 'TKPROF01',
    author_uuid: user.uuid,
    title: 'Old completed task',
    status: 'completed',
    created_at: new Date(Date.now() - 50 * HOUR),
  });
  await createOffer(t.db, {
    task_uuid: posted.uuid,
    freelancer_uuid: reviewer.uuid,
    chosen_at: new Date(),
  });
  await review({
    task: posted.uuid,
    author: reviewer.uuid,
    target: user.uuid,
    role: 'customer',
    status: 'completed',
    rate: 5,
    feedback: 'Clear task, paid on time.',
    hoursAgo: 30,
  });
  const worked = await createTask(t.db, {
    identifier: 'TKPROF02',
    author_uuid: goneReviewer.uuid,
    title: 'Task the user worked on',
    status: 'completed',
  });
  await review({
    task: worked.uuid,
    author: goneReviewer.uuid,
    target: user.uuid,
    role: 'freelancer',
    status: 'completed',
    rate: 4,
    feedback: null,
    hoursAgo: 10,
  });
  const cancelled = await createTask(t.db, {
    identifier: 'TKPROF03',
    author_uuid: reviewer.uuid,
    title: 'Cancelled task',
    status: 'incomplete',
  });
  await review({
    task: cancelled.uuid,
    author: reviewer.uuid,
    target: user.uuid,
    role: 'freelancer',
    status: 'incomplete',
    rate: 0,
    feedback: null,
    hoursAgo: 5,
  });
  await t.db.query('UPDATE users SET deleted_at = now() WHERE uuid = $1', [goneReviewer.uuid]);

  // Posted tasks: two open (listed, newest first), one expired and one in progress (not listed).
  await createTask(t.db, {
    identifier: 'TKPROF04',
    author_uuid: user.uuid,
    category_id: cats.child.id,
    title: 'Older open task',
    status: 'new',
    created_at: new Date(Date.now() - 3 * HOUR),
  });
  await createTask(t.db, {
    identifier: 'TKPROF05',
    author_uuid: user.uuid,
    category_id: cats.child.id,
    title: 'Newest open task',
    status: 'open',
    created_at: new Date(Date.now() - HOUR),
  });
  await createTask(t.db, {
    identifier: 'TKPROF06',
    author_uuid: user.uuid,
    title: 'Expired task',
    status: 'open',
    due_end: '2020-01-01T00:00:00',
  });
  await createTask(t.db, {
    identifier: 'TKPROF07',
    author_uuid: user.uuid,
    title: 'Task in progress',
    status: 'in_progress',
  });
});
afterAll(() => t.close());

describe('GET /api/users/:uuid', () => {
  it('answers the public profile with reviews (newest first) and open posted tasks', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${user.uuid}?locale=en` });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: PublicProfile };
    expect(data).toEqual({
      uuid: user.uuid,
      deleted: false,
      display_name: 'Anna B.',
      photo: { thumbnail: '/uploads/profiles/anna/p.png' },
      is_legal: false,
      is_online: true,
      customer_rating: 4.5,
      freelancer_rating: 5,
      is_freelancer: true,
      languages: ['lv', 'en'],
      categories: [
        { id: cats.parent.id, slug: 'pr-parent', title: 'Repair' },
        { id: cats.child.id, slug: 'pr-child', title: 'Plumbing' },
      ],
      created_at: '2025-01-02T03:04:05.000Z',
      reviews: [
        {
          rate: 4,
          feedback: null,
          status: 'completed',
          target_role: 'freelancer',
          created_at: expect.any(String),
          author: null,
          task: { identifier: 'TKPROF02', title: 'Task the user worked on' },
        },
        {
          rate: 5,
          feedback: 'Clear task, paid on time.',
          status: 'completed',
          target_role: 'customer',
          created_at: expect.any(String),
          author: {
            uuid: reviewer.uuid,
            display_name: 'Jānis O.',
            photo: { thumbnail: '/uploads/profiles/j/p.png' },
          },
          task: { identifier: 'TKPROF01', title: 'Old completed task' },
        },
      ],
      tasks: [
        expect.objectContaining({ identifier: 'TKPROF05', title: 'Newest open task' }),
        expect.objectContaining({ identifier: 'TKPROF04', title: 'Older open task' }),
      ],
    });
    if (data.deleted) throw new Error('not deleted');
    expect(data.tasks[0]).toMatchObject({
      category: { id: cats.child.id, slug: 'pr-child', title: 'Plumbing' },
      author: { uuid: user.uuid, display_name: 'Anna B.' },
    });
    // Private fields never appear on a public profile.
    expect(res.body).not.toContain(user.email);
    expect(res.body).not.toContain('+371');
  });

  it('answers only { uuid, deleted: true } for a deleted account', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/users/${deleted.uuid}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { uuid: deleted.uuid, deleted: true } });
  });

  it('answers 404 for an unknown or malformed uuid', async () => {
    for (const id of [randomUuid(), 'not-a-uuid']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, ...EN });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });
});

describe('PUT /api/me/profile', () => {
  it('answers 401 to a visitor', async () => {
    const res = await agent(t.app).put('/api/me/profile', { display_name: 'Visitor' });
    expect(res.statusCode).toBe(401);
  });

  it('updates name, phone and languages and answers the current user', async () => {
    const me = await createUser(t.db, { full_name: 'Edit Me' });
    const a = agent(t.app);
    await a.login(me.email, me.password);
    const res = await a.put('/api/me/profile', {
      display_name: '  Edijs  ',
      phone_number: '+371 2000 0009',
      languages: ['ru', 'en', 'ru'],
    });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: CurrentUser }).data;
    expect(data).toMatchObject({
      uuid: me.uuid,
      display_name: 'Edijs',
      phone_number: '+371 2000 0009',
      languages: ['ru', 'en'],
    });
    expect((await a.get('/api/me')).json().data).toEqual(data);

    // An empty phone clears it.
    const cleared = await a.put('/api/me/profile', {
      display_name: 'Edijs',
      phone_number: '',
      languages: [],
    });
    expect(cleared.json().data).toMatchObject({ phone_number: null, languages: [] });
  });

  it('answers 422 for every broken rule and stores nothing', async () => {
    const me = await createUser(t.db, { full_name: 'Keep Me' });
    const a = agent(t.app);
    await a.login(me.email, me.password);
    const res = await a.put(
      '/api/me/profile',
      { display_name: 'K', phone_number: 'call me', languages: ['lv', 'xx'] },
      EN,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: {
        display_name: ['Use at least 2 characters.'],
        phone_number: ['Enter the phone number in international format, e.g. +371 20000000.'],
        languages: ['Choose one of the options.'],
      },
    });
    const long = await a.put('/api/me/profile', { display_name: 'x'.repeat(61) }, EN);
    expect(long.json().errors).toEqual({ display_name: ['Use at most 60 characters.'] });
    const [row] = await t.db.query<{ display_name: string; phone_number: string | null }>(
      'SELECT display_name, phone_number FROM users WHERE uuid = $1',
      [me.uuid],
    );
    expect(row).toEqual({ display_name: 'Keep M.', phone_number: '+371 20000000' });
  });
});

// ---------------------------------------------------------------------------------------------

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----talka${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'accept-language': 'en',
    },
  };
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size = 300) =>
  sharp({
    create: { width: size, height: size, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .png()
    .toBuffer();

describe('POST /api/me/photo', () => {
  let me: TestUser;
  let a: ReturnType<typeof agent>;
  const upload = (part: Part) => {
    const { payload, headers } = multipart([part]);
    return a.post('/api/me/photo', payload, { headers });
  };
  const stored = async () =>
    (
      await t.db.query<{ photo_path: string | null }>(
        'SELECT photo_path FROM users WHERE uuid = $1',
        [me.uuid],
      )
    )[0].photo_path;

  beforeAll(async () => {
    me = await createUser(t.db, { full_name: 'Photo Person' });
    a = agent(t.app);
    await a.login(me.email, me.password);
  });

  it('answers 401 to a visitor', async () => {
    const { payload, headers } = multipart([
      { name: 'photo', filename: 'a.png', contentType: 'image/png', data: await png() },
    ]);
    const res = await agent(t.app).post('/api/me/photo', payload, { headers });
    expect(res.statusCode).toBe(401);
  });

  it('accepts a PNG, re-encodes it to 256x256 and answers the user with the new photo', async () => {
    const res = await upload({
      name: 'photo',
      filename: 'me.png',
      contentType: 'image/png',
      data: await png(),
    });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: CurrentUser }).data;
    expect(data.photo?.thumbnail).toMatch(
      new RegExp(`^/uploads/profiles/${me.uuid}/[0-9a-f-]{36}\\.png$`),
    );
    const relative = (await stored())!;
    expect(data.photo?.thumbnail).toBe(`/uploads/${relative}`);
    const file = path.join(t.uploadsDir, relative);
    const meta = await sharp(file).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 256 });
    const served = await t.app.inject({ method: 'GET', url: data.photo!.thumbnail });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');

    // A new photo replaces the old file.
    const again = await upload({
      name: 'photo',
      filename: 'me.jpg',
      contentType: 'image/jpeg',
      data: await sharp(await png())
        .jpeg()
        .toBuffer(),
    });
    expect(again.statusCode).toBe(200);
    expect((again.json() as { data: CurrentUser }).data.photo?.thumbnail).toMatch(/\.jpg$/);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('refuses a text file named .png (checked by content) and keeps the old photo', async () => {
    const before = await stored();
    const res = await upload({
      name: 'photo',
      filename: 'evil.png',
      contentType: 'image/png',
      data: 'this is not an image at all',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { photo: ['The file must be an image.'] },
    });
    expect(await stored()).toBe(before);
  });

  it('refuses a file over 2048 KB', async () => {
    const big = Buffer.concat([PNG_MAGIC, Buffer.alloc(2048 * 1024 + 10, 1)]);
    const res = await upload({
      name: 'photo',
      filename: 'big.png',
      contentType: 'image/png',
      data: big,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ photo: ['The image must not be larger than 2,048 KB.'] });
  });

  it('refuses an image type outside png/jpeg/svg (a GIF)', async () => {
    const gif = await sharp(await png(32))
      .gif()
      .toBuffer();
    const res = await upload({ name: 'photo', filename: 'a.gif', data: gif });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ photo: ['This image type is not allowed.'] });
  });

  it('rasterises an SVG: stored and served as PNG, never as SVG', async () => {
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
      '<script>alert(1)</script><rect width="64" height="64" fill="#0a0"/></svg>';
    const res = await upload({
      name: 'photo',
      filename: 'logo.svg',
      contentType: 'image/svg+xml',
      data: svg,
    });
    expect(res.statusCode).toBe(200);
    const relative = (await stored())!;
    expect(relative).toMatch(/\.png$/);
    const bytes = fs.readFileSync(path.join(t.uploadsDir, relative));
    expect(bytes.subarray(0, 8)).toEqual(PNG_MAGIC);
    expect(bytes.includes(Buffer.from('<script'))).toBe(false);
  });

  it('answers 422 on photo when the file is missing or sent under another name', async () => {
    const none = await a.post('/api/me/photo', {}, EN);
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ photo: ['This field is required.'] });
    const other = await upload({
      name: 'avatar',
      filename: 'a.png',
      contentType: 'image/png',
      data: await png(),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ photo: ['This field is required.'] });
  });
});

describe('POST /api/become-freelancer', () => {
  it('answers 401 to a visitor', async () => {
    const res = await agent(t.app).post('/api/become-freelancer', {
      categories: [cats.child.id],
      languages: ['lv'],
    });
    expect(res.statusCode).toBe(401);
  });

  it('makes the user a freelancer with the categories and languages offered', async () => {
    const me = await createUser(t.db, { full_name: 'New Tasker' });
    const a = agent(t.app);
    await a.login(me.email, me.password);
    const res = await a.post('/api/become-freelancer', {
      categories: [cats.child.id, cats.parent.id, cats.child.id],
      languages: ['lv', 'ru'],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: CurrentUser }).data).toMatchObject({
      uuid: me.uuid,
      is_freelancer: true,
      categories: [cats.child.id, cats.parent.id],
      languages: ['lv', 'ru'],
    });
    // Now listed among freelancers of that category.
    const list = await t.app.inject({ method: 'GET', url: '/api/freelancers?categories=pr-child' });
    expect(list.json().data.map((f: { uuid: string }) => f.uuid)).toContain(me.uuid);
  });

  it('answers 422 on bad input and changes nothing', async () => {
    const me = await createUser(t.db, { full_name: 'Not Yet' });
    const a = agent(t.app);
    await a.login(me.email, me.password);
    const cases: [unknown, Record<string, string[]>][] = [
      [{}, { categories: ['This field is required.'], languages: ['This field is required.'] }],
      [
        { categories: [], languages: [] },
        { categories: ['This field is required.'], languages: ['This field is required.'] },
      ],
      [{ categories: [999999], languages: ['lv'] }, { categories: ['Choose one of the options.'] }],
      [
        { categories: Array.from({ length: 21 }, (_, i) => i + 1), languages: ['lv'] },
        { categories: ['Choose at most 20 categories.'] },
      ],
      [
        { categories: [cats.child.id], languages: ['xx'] },
        { languages: ['Choose one of the options.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await a.post('/api/become-freelancer', body as Record<string, unknown>, EN);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    const [row] = await t.db.query<{ is_freelancer: boolean; categories: number[] }>(
      'SELECT is_freelancer, categories FROM users WHERE uuid = $1',
      [me.uuid],
    );
    expect(row).toEqual({ is_freelancer: false, categories: [] });
  });
});
