// `node scripts/screenshots.mjs [baseURL]`: what a person sees, page by page. Every page of the app
// at phone (412 px) and desktop (1366 px) width in all six languages, as a visitor, and the pages
// that need an account as the demo account each names (customer: creating a task, becoming a
// freelancer, a task signed in, My reports; freelancer: task alerts and Tasks for you; moderator:
// the moderation page), into docs/screenshots/{locale}/{page}-{width}.jpg (full page, JPEG: 252
// files). Needs a running server with the demo data (npm start). A hidden task's 410 page is not
// in the set: the demo data has no hidden task.
//
//   LOCALES=lv,en  PAGES=home,task  node scripts/screenshots.mjs http://localhost:3000
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { CHROMIUM_FLAGS, ensureChromium, root } from './lib.mjs';

// The app's own route table: the localised paths, never a copy of them.
const { routePath } = await tsImport('../src/web/i18n/routes.ts', import.meta.url);
const { LOCALES } = await tsImport('../src/shared/locales.ts', import.meta.url);

const base = (process.argv[2] || 'http://localhost:3000').replace(/\/$/, '');
/** The demo accounts a page can be seen as (README's table; the password is the same for all). */
const ACCOUNTS = {
  customer: 'customer@talka.test',
  freelancer: 'freelancer@talka.test',
  moderator: 'moderator@talka.test',
};
const PASSWORD = 'talka-demo';

/** A freelancer's public profile: the first of the freelancers' list. */
async function someProfileUuid() {
  const res = await fetch(`${base}/api/freelancers?locale=en`);
  const body = await res.json();
  const uuid = body?.data?.[0]?.uuid;
  if (!uuid) throw new Error('no freelancer in the demo data: is the server seeded?');
  return uuid;
}

const profile = await someProfileUuid();
/** [file name, route name, params, query, account (a key of ACCOUNTS; none: a visitor)] */
const PAGES = [
  ['home', 'home'],
  ['tasks', 'tasks'],
  ['tasks-filtered', 'tasks', {}, { status: 'open', sort: 'deadline' }],
  ['task', 'task', { slug: 'TKOPEN01' }],
  ['task-no-photos', 'task', { slug: 'TKNEW001' }],
  ['freelancers', 'freelancers'],
  ['profile', 'profile', { uuid: profile }],
  ['login', 'login'],
  ['register', 'register'],
  ['help', 'help'],
  ['contact', 'contact'],
  ['terms', 'terms'],
  ['privacy', 'privacy'],
  ['not-found', null],
  ['create-task', 'tasksCreate', {}, undefined, 'customer'],
  ['become-freelancer', 'becomeFreelancer', {}, undefined, 'customer'],
  ['task-signed-in', 'task', { slug: 'TKOPEN01' }, undefined, 'customer'],
  ['my-reports', 'myReports', {}, undefined, 'customer'],
  ['alerts', 'alerts', {}, undefined, 'freelancer'],
  ['tasks-for-you', 'alertMatches', {}, undefined, 'freelancer'],
  ['moderation', 'moderation', {}, undefined, 'moderator'],
];
for (const [file, , , , account] of PAGES) {
  if (account && !ACCOUNTS[account]) throw new Error(`${file}: no demo account '${account}'`);
}
const wantedLocales = process.env.LOCALES ? process.env.LOCALES.split(',') : LOCALES;
const wantedPages = process.env.PAGES ? new Set(process.env.PAGES.split(',')) : null;

const out = path.join(root, 'docs/screenshots');
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });

async function signIn(context, email) {
  // The API's own login (CSRF: the XSRF-TOKEN cookie echoed in a header), as the SPA does it.
  const page = await context.newPage();
  await page.goto(`${base}/en`);
  const ok = await page.evaluate(
    async (credentials) => {
      const token = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch('/api/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
        body: JSON.stringify(credentials),
      });
      return res.ok;
    },
    { email, password: PASSWORD },
  );
  await page.close();
  if (!ok) throw new Error(`could not sign in as ${email}`);
}

let count = 0;
for (const [width, height, label] of [
  [412, 915, 'phone'],
  [1366, 900, 'desktop'],
]) {
  // One browser context per account (a visitor first), signed in once.
  for (const account of [undefined, ...Object.keys(ACCOUNTS)]) {
    const pages = PAGES.filter(
      ([file, , , , as]) => as === account && (!wantedPages || wantedPages.has(file)),
    );
    if (pages.length === 0) continue;
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    if (account) await signIn(context, ACCOUNTS[account]);
    const page = await context.newPage();
    for (const locale of wantedLocales) {
      fs.mkdirSync(path.join(out, locale), { recursive: true });
      for (const [file, name, params = {}, query] of pages) {
        const url = name ? routePath(locale, name, params, query) : `/${locale}/no-such-page`;
        await page.goto(base + url, { waitUntil: 'networkidle' });
        // Lazy images and the map draw once scrolled into view: scroll through, back to the top.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        // Parts off the screen are drawn when scrolled to (content-visibility: auto); a full-page
        // shot does not scroll, so draw them all for it.
        await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
        const target = path.join(out, locale, `${file}-${label}.jpg`);
        await page.screenshot({ path: target, fullPage: true, type: 'jpeg', quality: 60 });
        count += 1;
        console.log(path.relative(root, target));
      }
    }
    await context.close();
  }
}
await browser.close();
console.log(`${count} screenshots in ${path.relative(root, out)}/`);
