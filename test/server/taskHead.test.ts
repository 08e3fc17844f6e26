import type { Task } from '../../src/shared/types';
import type { CurrentUser } from '../../src/shared/types';
import { escapeHtml, summarize } from '../../src/server/tasks/head';
import {
  agent,
  createCategory,
  createOffer,
  createTask,
  createUser,
  randomUuid,
  type TestApp,
  type TestUser,
} from '../support/server';
import { buildRenderApp } from '../support/serverRender';
import { embeddedAnswer, embeddedData } from '../support/spaPage';

const EVIL = '"><script>alert(1)</script>';
const STREET = 'Slepenā iela 5';

let t: TestApp;
let owner: TestUser;
let categoryId: number;

beforeAll(async () => {
  t = await buildRenderApp({
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
afterAll(() => t.close());

/** What the page embeds for its store: the task and the current user as the API answered them. */
const dataOf = (html: string) => ({
  task: embeddedAnswer<Task>(html, 'getTask') ?? null,
  me: embeddedAnswer<CurrentUser | null>(html, 'me') ?? null,
  errorPage: embeddedData<{ hydration: { errorPage: { status: number } | null } }>(html).hydration
    .errorPage,
});

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
    expect(data.errorPage).toBeNull();
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

  it('a missing task: the 404 page with status 404 and no task', async () => {
    for (const slug of ['TKNOPE99', randomUuid()]) {
      const res = await t.app.inject({ method: 'GET', url: `/lv/tasks/${slug}` });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<title>Lapa nav atrasta · Talka</title>');
      expect(dataOf(res.body)).toMatchObject({ task: null, me: null });
      expect(res.body).toContain('data-status="404"');
    }
  });

  it('other paths: an unknown locale redirects to the best one, an asset is a file', async () => {
    const task = await createTask(t.db, { author_uuid: owner.uuid, category_id: categoryId });
    const res = await t.app.inject({
      method: 'GET',
      url: `/xx/tasks/${task.identifier}`,
      headers: { 'accept-language': 'ru-RU,ru;q=0.9' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/ru/tasks/${task.identifier}`);
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
