/**
 * GET /{locale}/tasks: the task list's server-rendered first paint (src/server/firstPaint.ts) and the
 * page it embeds for the SPA's cache (TaskListPageData in src/server/spa.ts). The URL's filters are
 * respected: the server reads them with the SPA's own mapping (filtersFromParams, requestArgs), so the
 * embedded arguments are the SPA's cache key and the embedded page is what GET /api/tasks answers
 * to the SPA's request; a request the API refuses gets no first paint.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TaskListPageData } from '../../src/server/spa';
import { cardBudgetText } from '../../src/server/firstPaint';
import { escapeHtml } from '../../src/server/tasks/head';
import { filtersFromParams, requestArgs, requestQuery } from '../../src/shared/taskList';
import {
  buildTestApp,
  createCategory,
  createTask,
  createUser,
  loggedInAgent,
  type TestApp,
  type TestUser,
} from '../support/server';
import { embeddedData, headOf, rootOf, SPA_TEMPLATE } from '../support/spaPage';

const EVIL = '<img src=x onerror=alert(1)>"><svg onload=alert(2)>';

let t: TestApp;
let dist: string;
let owner: TestUser;
let gardening: { id: number; slug: string };
let moving: { id: number; slug: string };

const catalog = (locale: string): Record<string, string> =>
  JSON.parse(
    fs.readFileSync(path.join(__dirname, `../../translations/${locale}.json`), 'utf8'),
  ) as Record<string, string>;

const dataOf = (html: string): TaskListPageData => embeddedData<TaskListPageData>(html);

/** The card titles of the first paint, in order (escaped HTML). */
const cardTitles = (root: string): string[] =>
  [...root.matchAll(/<h2 class="fp-ctitle"><a href="[^"]*">([\s\S]*?)<\/a><\/h2>/g)].map(
    (m) => m[1],
  );

/** What the SPA's first request for this list URL gets from the API. */
async function spaRequest(locale: string, search: string) {
  const args = requestArgs(filtersFromParams(new URLSearchParams(search)), locale as 'en');
  const res = await t.app.inject({ method: 'GET', url: `/api/tasks?${requestQuery(args)}` });
  return { args, status: res.statusCode, body: res.json() as unknown };
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'talka-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), SPA_TEMPLATE);
  t = await buildTestApp({ staticDir: dist });
  owner = await createUser(t.db, { full_name: 'Olga Owner' });
  gardening = await createCategory(t.db, {
    slug: 'gardening',
    title: { lv: 'Dārzkopība', en: 'Gardening', ru: 'Садоводство' },
  });
  moving = await createCategory(t.db, {
    slug: 'moving',
    title: { lv: 'Pārvākšanās', en: 'Moving', ru: 'Переезд' },
  });
  const base = Date.now() - 60_000;
  // Oldest first, so 'newest' lists them in the reverse order.
  await createTask(t.db, {
    author_uuid: owner.uuid,
    category_id: moving.id,
    title: 'Carry a sofa upstairs',
    budget_from: 30,
    budget_to: 30,
    due_type: 'end',
    due_end: '2030-03-04T18:30:00',
    created_at: new Date(base),
  });
  await createTask(t.db, {
    author_uuid: owner.uuid,
    category_id: gardening.id,
    title: 'Mow the lawn',
    budget_from: 40,
    budget_to: 60,
    due_type: 'period',
    due_start: '2030-01-02T10:00:00',
    due_end: '2030-01-05T18:30:00',
    locations: [{ address: 'Brīvības iela 1, Rīga', city: 'Rīga' }],
    images: [{ original_path: 'tasks/l/1.jpg', thumbnail_path: 'tasks/l/1-thumb.jpg' }],
    created_at: new Date(base + 1000),
  });
  await createTask(t.db, {
    author_uuid: owner.uuid,
    category_id: gardening.id,
    title: EVIL,
    budget_from: 1500,
    budget_to: 1500,
    locations: [{ address: 'Iela 2, Cēsis', city: `Cēsis ${EVIL}` }],
    created_at: new Date(base + 2000),
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('GET /{locale}/tasks: the server-rendered first page of the list', () => {
  it('draws the heading, the total and every card of the page, as the SPA shows them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/en/tasks' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const root = rootOf(res.body);
    expect(root).toContain('data-first-paint');
    expect(root).toMatch(/<main [^>]*id="main"/);
    // One h1, the cards' titles right under it as h2 (no skipped level).
    expect(root.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(root).toContain('<h1 id="fp-title">Tasks</h1>');
    expect(root).not.toMatch(/<h3[\s>]/);
    expect(root).toContain('<span>3 tasks found</span>');
    expect(cardTitles(root)).toEqual([escapeHtml(EVIL), 'Mow the lawn', 'Carry a sofa upstairs']);

    // The lawn card: link, status, category, budget range, period, city, author, offers, photo.
    const lawn =
      /<article class="fp-card">(?:(?!<\/article>)[\s\S])*Mow the lawn[\s\S]*?<\/article>/.exec(
        root,
      )?.[0];
    expect(lawn).toBeDefined();
    expect(lawn).toMatch(/<a href="\/en\/tasks\/T-[A-Z0-9-]+">Mow the lawn<\/a>/);
    expect(lawn).toContain('<span class="fp-pill fp-open">Open</span>');
    expect(lawn).toContain('<span>Category: Gardening</span>');
    expect(lawn).toContain('<dt>Budget</dt><dd class="fp-b">€40 – €60</dd>');
    expect(lawn).toContain('<dt>When</dt><dd>02.01.2030 10:00 – 05.01.2030 18:30</dd>');
    expect(lawn).toContain('<dt>Where</dt><dd>Rīga</dd>');
    expect(lawn).toContain('Posted by Olga O.');
    expect(lawn).toContain('No offers yet');
    expect(lawn).not.toContain('Brīvības'); // never the exact address
    // The second card's photo waits until it is near; only the first card's may be eager.
    expect(lawn).toMatch(
      /<img class="fp-thumb" src="\/uploads\/tasks\/l\/1-thumb\.jpg" alt="" width="320" height="140" loading="lazy"/,
    );
    const sofa = root.slice(root.indexOf('Carry a sofa'));
    expect(sofa).toContain('<dd class="fp-b">€30</dd>');
    expect(sofa).toContain('<dd>By 04.03.2030 18:30</dd>');
    expect(sofa).toContain('<dd>Anywhere</dd>');
    expect(headOf(res.body)).toContain('<style id="talka-first-paint">');
  });

  it("embeds the SPA's request and the API's answer to it, so the SPA neither refetches nor flashes", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/en/tasks' });
    const data = dataOf(res.body);
    const spa = await spaRequest('en', '');
    expect(spa.status).toBe(200);
    expect(data.locale).toBe('en');
    expect(data.me).toBeNull();
    expect(data.taskList?.args).toEqual(spa.args);
    expect(data.taskList?.args).toEqual({ sort: 'newest', page: 1, per_page: 12, locale: 'en' });
    expect(data.taskList?.page).toEqual(spa.body);
  });

  it('respects the filters, the sort and the page of the URL, as the SPA reads them', async () => {
    const search = 'categories=gardening&sort=budget_asc&status=open&budget_max=100&ignored=1';
    const res = await t.app.inject({ method: 'GET', url: `/en/tasks?${search}` });
    const root = rootOf(res.body);
    expect(cardTitles(root)).toEqual(['Mow the lawn']);
    expect(root).toContain('<span>1 task found</span>');
    const data = dataOf(res.body);
    const spa = await spaRequest('en', search);
    expect(data.taskList?.args).toEqual(spa.args);
    expect(data.taskList?.args).toMatchObject({
      categories: ['gardening'],
      status: 'open',
      budget_max: 100,
      sort: 'budget_asc',
    });
    expect(data.taskList?.page).toEqual(spa.body);

    // A page past the end: the total and the empty-list note, as the SPA shows it.
    const past = await t.app.inject({ method: 'GET', url: '/en/tasks?page=9' });
    const pastRoot = rootOf(past.body);
    expect(cardTitles(pastRoot)).toEqual([]);
    expect(pastRoot).toContain(`<p>${escapeHtml(catalog('en')['taskList.results.empty'])}</p>`);
    expect(dataOf(past.body).taskList?.page.meta).toMatchObject({ current_page: 9, total: 3 });
  });

  it('a request the API refuses gets no first paint: the SPA shows the answer itself', async () => {
    for (const search of ['categories=no-such-category', 'budget_min=500&budget_max=10']) {
      expect((await spaRequest('en', search)).status).toBe(422);
      const res = await t.app.inject({ method: 'GET', url: `/en/tasks?${search}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('talka-first-paint');
      expect(dataOf(res.body).taskList).toBeNull();
    }
    // Not a locale: the plain SPA page.
    const other = await t.app.inject({ method: 'GET', url: '/xx/tasks' });
    expect(other.body).toContain('<div id="root"></div>');
    expect(other.body).not.toContain('talka-data');
  });

  it('cannot be injected into: titles and places are escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/en/tasks' });
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<svg');
    const root = rootOf(res.body);
    expect(root).toContain(`>${escapeHtml(EVIL)}</a></h2>`);
    expect(root).toContain(`<dd>${escapeHtml(`Cēsis ${EVIL}`)}</dd>`);
    // Only the first card's photo (the lawn is the second card): one <img>, no other markup.
    expect(root.match(/<img/g)).toHaveLength(1);
    // The embedded JSON keeps the text as typed, with nothing that closes the script.
    expect(res.body.match(/<script/g)).toHaveLength(2);
    expect(dataOf(res.body).taskList?.page.data[0].title).toBe(EVIL);
  });

  it('speaks the locale of the URL: labels, category titles, numbers, <html lang>', async () => {
    const lv = catalog('lv');
    const res = await t.app.inject({ method: 'GET', url: '/lv/tasks?categories=moving' });
    expect(res.body).toContain('<html lang="lv">');
    const root = rootOf(res.body);
    expect(root).toContain(`<h1 id="fp-title">${escapeHtml(lv['taskList.heading'])}</h1>`);
    expect(root).toContain(`<span>${escapeHtml(lv['taskList.card.category'])}: Pārvākšanās</span>`);
    expect(root).toContain(`<dt>${escapeHtml(lv['taskList.card.budget'])}</dt>`);
    expect(root).toContain(`<dd class="fp-b">${cardBudgetText(30, 30, 'lv')}</dd>`);
    expect(cardBudgetText(1500, 1500, 'lv')).toMatch(/^1\s?500\s€$/);
    expect(root).toContain(`aria-label="${escapeHtml(lv['app.logo.label'])}"`);
    expect(dataOf(res.body).taskList?.args.locale).toBe('lv');
    expect(dataOf(res.body).taskList?.page.data[0].category.title).toBe('Pārvākšanās');
  });

  it('embeds the current user, so the SPA does not ask for it', async () => {
    const viewer = await loggedInAgent(t.app, await createUser(t.db, { full_name: 'Vera Viewer' }));
    const res = await viewer.get('/en/tasks');
    expect(res.statusCode).toBe(200);
    expect(dataOf(res.body).me).toMatchObject({ full_name: 'Vera Viewer' });
    expect(res.headers.vary).toContain('Cookie');
  });
});
