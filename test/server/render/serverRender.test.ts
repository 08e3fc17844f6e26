/**
 * The whole server render (src/server/render) through HTTP, as a browser or a crawler gets it: every
 * route for a visitor and a signed-in user in two locales. The page's heading is in the HTML,
 * <html lang> is the URL's locale, the status is right, and nothing private is in it: no exact
 * address before assignment, nobody else's email or phone.
 */
import fs from 'node:fs';
import path from 'node:path';

import type { Locale } from '../../../src/shared/locales';
import { ALL_PARTS } from '../../../src/web/i18n/loadMessages';
import { routePath, type RouteName } from '../../../src/web/i18n/routes';
import {
  createCategory,
  createTask,
  createUser,
  loggedInAgent,
  type TestApp,
  type TestTask,
  type TestUser,
} from '../../support/server';
import { buildRenderApp } from '../../support/serverRender';
import { embeddedAnswer, embeddedData, rootOf } from '../../support/spaPage';

const STREET = 'Slepenā iela 12';
const OWNER_PHONE = '+37120000077';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let task: TestTask;

beforeAll(async () => {
  t = await buildRenderApp();
  owner = await createUser(t.db, {
    full_name: 'Owner Person',
    display_name: 'Owner P.',
    phone_number: OWNER_PHONE,
  });
  other = await createUser(t.db, { full_name: 'Other Person', display_name: 'Other P.' });
  const category = await createCategory(t.db);
  task = await createTask(t.db, {
    author_uuid: owner.uuid,
    category_id: category.id,
    title: 'Paint the garden fence',
    description: 'Two coats, white.',
    locations: [{ address: `${STREET}, Rīga, LV-1010`, city: 'Rīga', lat: 56.958, lng: 24.121 }],
  });
}, 60_000);
afterAll(() => t.close());

async function get(url: string, viewer: TestUser | null) {
  if (!viewer) return t.app.inject({ method: 'GET', url });
  return (await loggedInAgent(t.app, viewer)).get(url);
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

interface Case {
  name: RouteName;
  /** The page's <title>. */
  title?: (locale: Locale) => string;
  /** Text of the page's main content. */
  shows?: (locale: Locale) => RegExp;
  /** Where the page sends this viewer instead (a 302 before any HTML), if it does. */
  redirects?: (locale: Locale, viewer: TestUser | null) => string | null;
}

const CASES: Case[] = [
  { name: 'home' },
  { name: 'tasks', shows: () => /Paint the garden fence/ },
  { name: 'task', shows: () => /Paint the garden fence.*Two coats, white\./ },
  { name: 'freelancers' },
  { name: 'profile', shows: () => /Owner P\./ },
  { name: 'login' },
  { name: 'register' },
  { name: 'becomeFreelancer' },
  {
    name: 'tasksCreate',
    redirects: (locale, viewer) =>
      viewer
        ? null
        : `${routePath(locale, 'login')}?next=${encodeURIComponent(routePath(locale, 'tasksCreate'))}`,
  },
  { name: 'confirmEmail' },
  // The footer's pages: their title and their first section, in the URL's language.
  {
    name: 'terms',
    title: (locale) => (locale === 'en' ? 'Terms of use' : 'Условия использования'),
    shows: (locale) =>
      locale === 'en'
        ? /Terms of use.*What Talka is.*not a party to the agreement.*Governing law.*Republic of Latvia/
        : /Условия использования.*Что такое Talka.*не является стороной договора.*Применимое право/,
  },
  {
    name: 'privacy',
    title: (locale) => (locale === 'en' ? 'Privacy policy' : 'Политика конфиденциальности'),
    shows: (locale) =>
      locale === 'en'
        ? /Privacy policy.*GDPR.*Legal basis.*Your rights.*support@talka\.example/
        : /Политика конфиденциальности.*GDPR.*Правовое основание.*Ваши права.*support@talka\.example/,
  },
  {
    name: 'help',
    title: (locale) => (locale === 'en' ? 'Help' : 'Помощь'),
    shows: (locale) =>
      locale === 'en'
        ? /1\. Post a task.*5\. Rate each other.*Questions and answers/
        : /1\. Разместите задание.*5\. Оцените друг друга.*Вопросы и ответы/,
  },
  {
    name: 'contact',
    title: (locale) => (locale === 'en' ? 'Contact' : 'Контакты'),
    shows: (locale) =>
      locale === 'en'
        ? /Contact.*support@talka\.example.*What to include/
        : /Контакты.*support@talka\.example.*Что указать в письме/,
  },
  // Where a created task lands: its page, under its identifier.
  { name: 'taskView', redirects: (locale) => routePath(locale, 'task', { slug: task.identifier }) },
];

describe.each(['en', 'ru'] as const)('server render in %s', (locale) => {
  const viewers: [string, () => TestUser | null][] = [
    ['a visitor', () => null],
    ['a signed-in user', () => other],
  ];
  describe.each(viewers)('for %s', (_label, viewerOf) => {
    it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const viewer = viewerOf();
      const params: Record<string, string> =
        c.name === 'task'
          ? { slug: task.identifier }
          : c.name === 'profile'
            ? { uuid: owner.uuid }
            : c.name === 'taskView'
              ? { uuid: task.uuid }
              : {};
      const res = await get(routePath(locale, c.name, params), viewer);
      const redirect = c.redirects?.(locale, viewer) ?? null;
      if (redirect) {
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(redirect);
        expect(res.body).toBe('');
        return;
      }
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(`<html lang="${locale}">`);
      expect(res.body.match(/<title>/g)).toHaveLength(1);
      if (c.title) expect(res.body).toContain(`<title>${c.title(locale)} · Talka</title>`);
      // What a search result shows under the title, in the page's language.
      const description = /<meta name="description" content="([^"]+)"/.exec(res.body)?.[1];
      if (c.name === 'task') expect(description).toBe('Two coats, white.');
      else if (locale === 'en') expect(description).toMatch(/^Describe your task, get offers/);
      else expect(description).toMatch(/^[^a-z]*[а-я]/);
      const root = rootOf(res.body);
      expect(root).toMatch(/<header/);
      // The footer's links, in the page's language, on every page.
      for (const name of ['terms', 'privacy', 'help', 'contact'] as const) {
        expect(root).toContain(`href="${routePath(locale, name)}"`);
      }
      if (c.shows) expect(text(root)).toMatch(c.shows(locale));
      // Nothing private: the exact address before assignment, the owner's contacts.
      expect(res.body).not.toContain(STREET);
      expect(res.body).not.toContain(OWNER_PHONE);
      expect(res.body).not.toContain(owner.email);
      // Only the viewer's own data: who they are.
      const me = embeddedAnswer<{ uuid: string } | null>(res.body, 'me');
      expect(me?.uuid ?? null).toBe(viewer?.uuid ?? null);
    });
  });

  it('an unknown path is the 404 page with status 404', async () => {
    const res = await get(`/${locale}/no/such/page`, null);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(`<html lang="${locale}">`);
    expect(rootOf(res.body)).toContain('data-status="404"');
  });
});

it('a task list link with filters the API refuses renders what is wrong, not a dead end', async () => {
  const range = await get('/en/tasks?budget_min=500&budget_max=10', null);
  expect(range.statusCode).toBe(200);
  const shown = text(rootOf(range.body));
  expect(shown).toContain('This link has filters that cannot be used:');
  expect(shown).toMatch(/Budget to \(€\)\s*: The lower amount cannot be above the upper amount\./);
  expect(shown).toContain('Remove filter: Budget to (€)');
  expect(shown).not.toContain('could not be loaded');

  const category = await get('/lv/tasks?categories=no-such-category', null);
  expect(text(rootOf(category.body))).toMatch(/Kategorija\s*: Šādas kategorijas nav\./);
});

it('a page whose data fails on the server is the 500 page with status 500', async () => {
  // Nothing kept from the tests before (a visitor's page is served without its queries).
  t.app.readModel.bus.emit({ kind: 'all', key: null });
  const query = t.db.query.bind(t.db);
  // The task's load fails (as a lost database would make it); every other query answers.
  const spy = jest
    .spyOn(t.db, 'query')
    .mockImplementation((sql, params) =>
      sql.includes('AS viewed_recently') ? Promise.reject(new Error('boom')) : query(sql, params),
    );
  const log = jest.spyOn(t.app.log, 'error').mockImplementation(() => undefined);
  try {
    const res = await get(`/en/tasks/${task.identifier}`, null);
    expect(spy.mock.calls.some(([sql]) => sql.includes('AS viewed_recently'))).toBe(true);
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(rootOf(res.body)).toContain('data-status="500"');
    expect(text(rootOf(res.body))).toContain('Something went wrong on our side');
    expect(res.body).not.toContain('boom');
  } finally {
    spy.mockRestore();
    log.mockRestore();
  }
});

it('the owner sees the exact address of their task in the rendered page', async () => {
  const res = await get(`/en/tasks/${task.identifier}`, owner);
  expect(res.statusCode).toBe(200);
  expect(text(rootOf(res.body))).toContain(STREET);
});

it('names the catalog parts it rendered with: the parties’ texts only for a task page that shows them', async () => {
  const parts = (html: string) => embeddedData<{ messageParts: string[] }>(html).messageParts;
  const visitor = await get(`/en/tasks/${task.identifier}`, null);
  expect(parts(visitor.body)).toEqual(['core', 'task']);
  // The owner's offers section is rendered with its texts (party), and says which part it used.
  const mine = await get(`/en/tasks/${task.identifier}`, owner);
  expect(parts(mine.body)).toEqual(['core', 'task', 'party']);
  expect(text(rootOf(mine.body))).toContain('No offers yet. Find freelancers');
  expect(text(rootOf(visitor.body))).not.toContain('No offers yet');
  expect(
    parts((await get(routePath('ru', 'task', { slug: task.identifier }), other)).body),
  ).toEqual(['core', 'task', 'party']);
  expect(parts((await get('/lv', null)).body)).toEqual(['core', 'home', 'list']);
  expect(parts((await get('/en/login', null)).body)).toEqual(ALL_PARTS);
});

it('the page carries its styles and no inline script (the CSP allows none)', async () => {
  const res = await get('/lv', null);
  expect(res.body).toMatch(/<style data-styled="true"/);
  expect(res.body.match(/<script(?![^>]*type="application\/json")[^>]*>/g) ?? []).toEqual([]);
});

it.each(['/lv', '/en/tasks', '/ru/login'])(
  '%s is painted first once it is parsed: its render waits for the marker after the page',
  async (url) => {
    const { body } = await get(url, null);
    // <link rel="expect" blocking="render">: the browser paints nothing before #talka-end is parsed
    // (or the parser ends), so a long page is not painted in parts, its larger part later.
    const expectLink = body.indexOf('<link rel="expect" href="#talka-end" blocking="render"');
    expect(expectLink).toBeGreaterThan(-1);
    expect(expectLink).toBeLessThan(body.indexOf('<style'));
    const root = body.indexOf('<div id="root">');
    const marker = body.indexOf('<div id="talka-end" hidden></div>');
    expect(root).toBeGreaterThan(-1);
    expect(marker).toBeGreaterThan(root);
    expect(body.slice(marker)).not.toMatch(/<(main|footer|header|section|h1|p)\b/);
  },
);

it('links a PNG tab icon inside the page, never an SVG one', async () => {
  // A browser draws an SVG icon as an SVG document of its own: a frame the page's renderer creates,
  // lays out and paints on its main thread after the first paint (7-30 ms on every page load).
  for (const url of ['/lv', '/en/tasks', '/ru/login']) {
    const { body } = await get(url, null);
    const icons = (body.match(/<link\s+rel="(?:icon|apple-touch-icon)"[^>]*>/g) ?? []).join('\n');
    expect(icons).toMatch(
      /<link\s+rel="icon"\s+type="image\/png"\s+sizes="48x48"\s+href="data:image\/png;base64,/,
    );
    expect(icons).toContain('<link rel="apple-touch-icon" href="/images/apple-touch-icon.png"');
    expect(icons).not.toMatch(/svg/i);
  }
  // public/ is what the build copies beside the bundles: a 180 x 180 PNG (its IHDR chunk).
  const touchIcon = fs.readFileSync(
    path.join(__dirname, '../../../public/images/apple-touch-icon.png'),
  );
  expect(touchIcon.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([touchIcon.readUInt32BE(16), touchIcon.readUInt32BE(20)]).toEqual([180, 180]);
});

it('preloads no picture on the home page or the list: every picture there waits for its layout', async () => {
  // React's server render turns an eager <img> into <link rel="preload" as="image"> in the head:
  // the home page's hero, hidden on phones, was fetched and drawn (an SVG document of its own)
  // before the bundles on every phone.
  for (const url of ['/lv', '/en', '/en/tasks']) {
    const { body } = await get(url, null);
    expect(body).not.toMatch(/<link[^>]+as="image"/);
    const eager = (body.match(/<img [^>]*>/g) ?? []).filter((tag) => !/loading="lazy"/.test(tag));
    expect(eager).toEqual([]);
  }
});

/** The page's CSS rules (selector and declarations) for a class of an element's class attribute. */
function rulesOf(body: string, classAttr: string): { selector: string; body: string }[] {
  const css = [...body.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)]
    .map((m) => m[1].replace(/\/\*[\s\S]*?\*\//g, ''))
    .join('\n');
  const names = classAttr.split(/\s+/).filter(Boolean);
  return [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)]
    .map((m) => ({ selector: m[1].trim(), body: m[2] }))
    .filter((rule) => names.some((name) => rule.selector.startsWith(`.${name}`)));
}

/** Whether an element with this class attribute gets `content-visibility: auto` itself. */
const drawnWhenNear = (body: string, classAttr: string): boolean =>
  rulesOf(body, classAttr).some(
    (rule) => /^\.[\w-]+$/.test(rule.selector) && /content-visibility:auto/.test(rule.body),
  );

const classesOf = (body: string, tag: RegExp): { tag: string; classes: string }[] =>
  [...body.matchAll(tag)].map((m) => ({
    tag: m[0],
    classes: /class="([^"]*)"/.exec(m[0])?.[1] ?? '',
  }));

it('draws what is off the screen only when it comes near: list cards, home sections, the footer', async () => {
  // A phone shows two of the list's cards and the home page's first two sections; the rest was
  // laid out and painted in the first frame (docs/PERFORMANCE.md, "Lighthouse").
  const list = (await get('/en/tasks', null)).body;
  const grids = classesOf(list, /<ul [^>]*aria-busy[^>]*>|<ul [^>]*>(?=<li><article)/g);
  expect(grids).toHaveLength(1);
  // The cards after the first six; the first ones never wait (a late one would move those under it).
  const cardRules = rulesOf(list, grids[0].classes).filter((rule) =>
    /content-visibility:auto/.test(rule.body),
  );
  expect(cardRules.map((rule) => rule.selector.replace(/^\.[\w-]+/, ''))).toEqual([
    '>li:nth-child(n + 7)',
  ]);
  for (const card of classesOf(list, /<article [^>]*>/g)) {
    expect(drawnWhenNear(list, card.classes)).toBe(false);
  }

  const home = (await get('/en', null)).body;
  const sections = classesOf(home, /<section [^>]*>/g);
  expect(sections.map((s) => /aria-labelledby="([^"]+)"/.exec(s.tag)?.[1])).toEqual([
    'home-hero-title',
    'home-categories-title',
    'home-how-title',
    'home-recent-title',
    'home-app-title',
  ]);
  // The hero holds the largest text of the first paint: it is drawn at once.
  expect(sections.map((s) => drawnWhenNear(home, s.classes))).toEqual([
    false,
    true,
    true,
    true,
    true,
  ]);
  for (const body of [list, home]) {
    const footer = classesOf(body, /<footer [^>]*>/g);
    expect(footer).toHaveLength(1);
    expect(drawnWhenNear(body, footer[0].classes)).toBe(true);
  }
});

it.each([
  ['/lv', 'lv', 'Talka var lasīt bez JavaScript'],
  ['/ru/zadaniya', 'ru', 'Читать Talka можно и без JavaScript'],
  ['/en/tasks', 'en', 'You can read Talka without JavaScript'],
])(
  '%s tells a browser without JavaScript what needs it, in its language',
  async (url, lang, notice) => {
    const res = await get(url, null);
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(/<noscript>([^<]*)<\/noscript>/.exec(res.body)?.[1]).toContain(notice);
  },
);
