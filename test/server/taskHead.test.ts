import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Task } from '../../src/shared/types';
import { INLINE_THUMBNAIL_MAX_BYTES, type TaskPageData } from '../../src/server/spa';
import { budgetText, renderTaskFirstPaint } from '../../src/server/firstPaint';
import { escapeHtml, summarize } from '../../src/server/tasks/head';
import { displayNameOf } from '../../src/server/users';
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
import { embeddedData, headOf, rootOf, SPA_TEMPLATE as TEMPLATE } from '../support/spaPage';

const EVIL = '"><script>alert(1)</script>';
const STREET = 'Slepenā iela 5';

let t: TestApp;
let dist: string;
let owner: TestUser;
let categoryId: number;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  t = await buildTestApp({
    staticDir: dist,
    public: { publicUrl: 'https://talka.example' } as TestApp['config']['public'],
  });
  owner = await createUser(t.db, { full_name: 'Owner Person' });
  categoryId = (
    await createCategory(t.db, {
      slug: 'plumbing',
      title: { lv: 'Santehnika', en: 'Plumbing', ru: 'Сантехника' },
    })
  ).id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const dataOf = (html: string): TaskPageData => embeddedData<TaskPageData>(html);

/** content="..." of a meta tag, entities decoded. */
const metaContent = (html: string, key: string): string | null => {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
  if (!match) return null;
  return match[1]
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
};

describe('GET /{locale}/tasks/{slug}: head tags and embedded data', () => {
  it('puts the title, description and social tags in the head, replacing the default title', async () => {
    const description = `${'Water everywhere. '.repeat(15)}End.`;
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: categoryId,
      title: 'Fix a leaking tap',
      description,
      images: [{ original_path: 'tasks/x/1.jpg', thumbnail_path: 'tasks/x/1-thumb.jpg' }],
    });
    const res = await t.app.inject({ method: 'GET', url: `/en/tasks/${task.identifier}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Fix a leaking tap · Plumbing · Talka</title>');
    expect(html).toContain('<html lang="en">');
    const summary = metaContent(html, 'description')!;
    expect(summary.length).toBeLessThanOrEqual(160);
    expect(description.startsWith(summary.replace(/…$/, ''))).toBe(true);
    expect(metaContent(html, 'og:title')).toBe('Fix a leaking tap · Plumbing · Talka');
    expect(metaContent(html, 'og:description')).toBe(summary);
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:url')).toBe(`https://talka.example/en/tasks/${task.identifier}`);
    expect(metaContent(html, 'og:image')).toBe('https://talka.example/uploads/tasks/x/1.jpg');
    expect(metaContent(html, 'og:locale')).toBe('en_US');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:title')).toBe('Fix a leaking tap · Plumbing · Talka');
    expect(metaContent(html, 'twitter:description')).toBe(summary);
    // The tags sit in the head.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('localises the category title and uses the summary card without images', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    const html = (await t.app.inject({ method: 'GET', url: `/ru/tasks/${task.uuid}` })).body;
    expect(html).toContain('· Сантехника · Talka</title>');
    expect(metaContent(html, 'og:image')).toBeNull();
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    // Canonical URL uses the identifier even when the page was opened by uuid.
    expect(metaContent(html, 'og:url')).toBe(`https://talka.example/ru/tasks/${task.identifier}`);
  });

  it('cannot be injected into: title and description are escaped in text and attributes', async () => {
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: categoryId,
      title: EVIL,
      description: `${EVIL} <img src=x onerror=alert(2)> 'single' & more`,
    });
    const html = (await t.app.inject({ method: 'GET', url: `/lv/tasks/${task.identifier}` })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    // Only the two JSON scripts we put in.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).toContain(`<title>${escapeHtml(EVIL)} · Santehnika · Talka</title>`);
    expect(metaContent(html, 'og:title')).toBe(`${EVIL} · Santehnika · Talka`);
    expect(metaContent(html, 'description')).toBe(
      `${EVIL} <img src=x onerror=alert(2)> 'single' & more`,
    );
    // And the embedded data reads back exactly.
    expect(dataOf(html).task!.title).toBe(EVIL);
  });

  it('embeds the task as the API returns it to this viewer, counting this load as the view', async () => {
    const freelancer = await createUser(t.db, { is_freelancer: true });
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: categoryId,
      locations: [{ address: `${STREET}, Rīga, LV-1050`, city: 'Rīga', lat: 56.94, lng: 24.12 }],
    });
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancer.uuid });

    // A visitor: approximate place, no offers, the view counted once.
    const visitor = agent(t.app);
    const page = await visitor.get(`/en/tasks/${task.identifier}`);
    const data = dataOf(page.body);
    expect(data.slug).toBe(task.identifier);
    expect(data.locale).toBe('en');
    expect(data.status).toBe(200);
    expect(data.me).toBeNull();
    expect(data.task!.views_count).toBe(1);
    expect(data.task!.offers).toEqual([]);
    expect(data.task!.locations[0].distance).not.toBeNull();
    expect(page.body).not.toContain(STREET);
    // The visitor id cookie is set by the page load, so the SPA's later calls are the same viewer.
    expect(visitor.cookies.has('talka_vid')).toBe(true);

    // The same visitor's API call returns the same task and does not count again.
    const api = await visitor.get(`/api/tasks/${task.identifier}?locale=en`);
    expect((api.json() as { data: Task }).data).toEqual(data.task);

    // The owner: exact place, offers, me filled in, not counted.
    const ownerAgent = agent(t.app);
    await ownerAgent.login(owner.email, owner.password);
    const ownerData = dataOf((await ownerAgent.get(`/en/tasks/${task.identifier}`)).body);
    expect(ownerData.me).toMatchObject({ uuid: owner.uuid });
    expect(ownerData.task!.locations[0].address).toBe(`${STREET}, Rīga, LV-1050`);
    expect(ownerData.task!.offers).toHaveLength(1);
    expect(ownerData.task!.views_count).toBe(1);
  });

  it('a missing task: the SPA page with status 404 and no task', async () => {
    for (const slug of ['TKNOPE99', randomUuid()]) {
      const res = await t.app.inject({ method: 'GET', url: `/lv/tasks/${slug}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<title>Talka</title>');
      expect(dataOf(res.body)).toMatchObject({ task: null, status: 404, slug, locale: 'lv' });
    }
  });

  it('other paths keep the plain SPA page: unknown locale, assets', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    const res = await t.app.inject({ method: 'GET', url: `/xx/tasks/${task.identifier}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('talka-data');
    expect(res.body).toContain('<title>Talka</title>');
    expect((await t.app.inject({ method: 'GET', url: '/en/tasks/x.js' })).statusCode).toBe(404);
  });
});

describe('summarize', () => {
  it('keeps short text, collapses whitespace, cuts long text to 160 with an ellipsis', () => {
    expect(summarize('  a\n\nb  ')).toBe('a b');
    const long = 'word '.repeat(100);
    const out = summarize(long);
    expect(Array.from(out).length).toBeLessThanOrEqual(160);
    expect(out.endsWith('…')).toBe(true);
  });
});

const EVIL_HTML = `${EVIL}<img src=x onerror=alert(2)>`;

describe('GET /{locale}/tasks/{slug}: the server-rendered first paint', () => {
  it('puts the status, title, budget and description into #root, and preloads the first photo', async () => {
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: categoryId,
      title: 'Mow the lawn',
      description: 'Two hundred square metres.\nBring your own mower.',
      budget_from: 40,
      budget_to: 60,
      images: [
        { original_path: 'tasks/x/1.jpg', thumbnail_path: 'tasks/x/1-thumb.jpg' },
        { original_path: 'tasks/x/2.jpg', thumbnail_path: 'tasks/x/2-thumb.jpg' },
      ],
    });
    const res = await t.app.inject({ method: 'GET', url: `/en/tasks/${task.identifier}` });
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toContain('data-first-paint');
    // One h1 (the title), inside the main landmark, beside a banner header.
    expect(root.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(root).toContain('<h1 class="fp-title" id="fp-title">Mow the lawn</h1>');
    expect(root).toMatch(/<main [^>]*id="main"/);
    expect(root).toMatch(/<header class="fp-bar">/);
    expect(root).toContain('>Open</span>');
    expect(root).toContain(`Posted by<strong>${displayNameOf('Owner Person')}</strong>`);
    expect(root).toContain(`<a href="/en/tasks">Browse tasks</a>`);
    expect(root).toContain('€40 – €60</p>');
    // Line breaks stay text (the CSS keeps them: white-space: pre-line).
    expect(root).toContain(
      '<p class="fp-desc">Two hundred square metres.\nBring your own mower.</p>',
    );
    // The first photo: sized, high priority, its thumbnail; the second is left to the SPA.
    expect(root).toMatch(
      /<img class="fp-photo" src="\/uploads\/tasks\/x\/1-thumb\.jpg" alt="Photo 1 of 2: Mow the lawn" width="\d+" height="\d+" fetchpriority="high"/,
    );
    expect(root).not.toContain('2-thumb.jpg');
    const head = headOf(res.body);
    expect(head).toContain(
      '<link rel="preload" as="image" href="/uploads/tasks/x/1-thumb.jpg" fetchpriority="high" />',
    );
    expect(head).toContain('<style id="talka-first-paint">');
  });

  it('inlines a small first thumbnail as a data: URI (no request, no preload); a large one keeps its URL', async () => {
    const small = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      ...Array.from({ length: 600 }, (_, i) => i % 251),
    ]);
    const writeUpload = (relative: string, bytes: Buffer) => {
      const file = path.join(t.config.uploadsDir, ...relative.split('/'));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bytes);
    };
    writeUpload('tasks/inline/1-thumb.jpg', small);
    writeUpload('tasks/big/1-thumb.jpg', Buffer.alloc(INLINE_THUMBNAIL_MAX_BYTES + 1, 7));
    const page = async (folder: string) => {
      const task = await createTask(t.db, {
        author_uuid: owner.uuid,
        category_id: categoryId,
        title: 'Paint the fence',
        images: [
          { original_path: `tasks/${folder}/1.jpg`, thumbnail_path: `tasks/${folder}/1-thumb.jpg` },
        ],
      });
      return (await t.app.inject({ method: 'GET', url: `/en/tasks/${task.identifier}` })).body;
    };

    const inlined = await page('inline');
    expect(rootOf(inlined)).toContain(
      `<img class="fp-photo" src="data:image/jpeg;base64,${small.toString('base64')}" alt="Photo 1 of 1: Paint the fence"`,
    );
    expect(headOf(inlined)).not.toContain('rel="preload" as="image"');
    // The SPA still gets the URL (it shows the gallery from it).
    expect(dataOf(inlined).task?.images[0].thumbnail).toBe('/uploads/tasks/inline/1-thumb.jpg');

    const large = await page('big');
    expect(rootOf(large)).toContain('<img class="fp-photo" src="/uploads/tasks/big/1-thumb.jpg"');
    expect(headOf(large)).toContain(
      '<link rel="preload" as="image" href="/uploads/tasks/big/1-thumb.jpg" fetchpriority="high" />',
    );
  });

  it('translates the labels from the catalogs and formats the budget in the page locale', async () => {
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: categoryId,
      budget_from: 1500,
      budget_to: 1500,
    });
    const root = rootOf(
      (await t.app.inject({ method: 'GET', url: `/lv/tasks/${task.uuid}` })).body,
    );
    const catalog = JSON.parse(
      fs.readFileSync(path.join(__dirname, '../../translations/lv.json'), 'utf8'),
    ) as Record<string, string>;
    expect(root).toContain(`>${catalog['tasks.detail.status.open']}</span>`);
    expect(root).toContain(`>${catalog['tasks.detail.description']}</h2>`);
    expect(root).toContain(`aria-label="${escapeHtml(catalog['app.logo.label'])}"`);
    expect(root).toContain(`${budgetText(1500, 1500, 'lv')}</p>`);
    expect(budgetText(1500, 1500, 'lv')).toMatch(/^1\s?500\s€$/);
    // No photo: no image, no preload.
    expect(root).not.toContain('<img');
    expect(
      headOf((await t.app.inject({ method: 'GET', url: `/lv/tasks/${task.uuid}` })).body),
    ).not.toContain('rel="preload" as="image"');
  });

  it('cannot be injected into: user text is escaped in the preview and the photo alt', async () => {
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: categoryId,
      title: EVIL_HTML,
      description: `${EVIL_HTML} & 'more'`,
      images: [{ original_path: 'tasks/y/1.jpg', thumbnail_path: 'tasks/y/1-thumb.jpg' }],
    });
    const html = (await t.app.inject({ method: 'GET', url: `/en/tasks/${task.identifier}` })).body;
    const root = rootOf(html);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(root.match(/<img/g)).toHaveLength(1);
    expect(root).toContain(`<h1 class="fp-title" id="fp-title">${escapeHtml(EVIL_HTML)}</h1>`);
    expect(root).toContain(`<p class="fp-desc">${escapeHtml(`${EVIL_HTML} & 'more'`)}</p>`);
    expect(root).toContain(`alt="${escapeHtml(`Photo 1 of 1: ${EVIL_HTML}`)}"`);
    // Still only the two JSON scripts.
    expect(html.match(/<script/g)).toHaveLength(2);
  });

  it('a missing task and other pages keep the empty #root for the SPA', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/en/tasks/NOSUCH99' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
    expect(missing.body).not.toContain('talka-first-paint');
    // (The task list has its own first paint: test/server/taskListFirstPaint.test.ts.)
    const login = await t.app.inject({ method: 'GET', url: '/en/login' });
    expect(login.body).toContain('<div id="root"></div>');
  });

  it('the home page gets its hero text in the locale; other one-segment paths are untouched', async () => {
    const catalog = JSON.parse(
      fs.readFileSync(path.join(__dirname, '../../translations/ru.json'), 'utf8'),
    ) as Record<string, string>;
    const res = await t.app.inject({ method: 'GET', url: '/ru' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ru">');
    const root = rootOf(res.body);
    expect(root.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(root).toContain(`<h1 id="fp-title">${escapeHtml(catalog['home.hero.title'])}</h1>`);
    expect(root).toContain(`<p>${escapeHtml(catalog['home.hero.subtitle'])}</p>`);
    expect(headOf(res.body)).toContain('<style id="talka-first-paint">');
    // Not a locale: the plain SPA page (the router redirects), and files are still files.
    const other = await t.app.inject({ method: 'GET', url: '/xx' });
    expect(other.body).toContain('<div id="root"></div>');
    expect((await t.app.inject({ method: 'GET', url: '/missing.svg' })).statusCode).toBe(404);
  });

  it('shows an expired task as expired', () => {
    const html = renderTaskFirstPaint(
      {
        identifier: 'TKOLD001',
        author: null,
        title: 'Old',
        description: 'x',
        status: 'open',
        due_end: '2020-01-01 10:00:00',
        budget_from: 5,
        budget_to: 5,
        images: [],
      },
      'en',
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(html).toContain('<span class="fp-pill fp-expired">Expired</span>');
    // A deleted author is named as such; the task id is shown as the SPA shows it.
    expect(html).toContain('Posted by<strong>Deleted user</strong>');
    expect(html).toContain('Task id: <code>TKOLD001</code>');
  });
});
