// `node scripts/screenshots.mjs [baseURL]`: phone and desktop screenshots of the main pages into
// docs/screenshots/, to look at what a person sees. Needs a running server (npm start).
import { chromium } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_FLAGS, ensureChromium, root } from './lib.mjs';

const base = process.argv[2] || 'http://localhost:3000';
// The footer's pages (help, contact, terms, privacy) in one locale each.
const pages = (
  process.env.PAGES ||
  '/en/,/lv/tasks,/en/tasks/TKOPEN01,/en/login,/en/help,/ru/kontakty,/lv/noteikumi,/tr/gizlilik'
).split(',');
const out = path.join(root, 'docs/screenshots');
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: ensureChromium(),
  args: CHROMIUM_FLAGS,
});
for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
]) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  for (const p of pages) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const file = path.join(
      out,
      `${p.replace(/^\/|\/$/g, '').replace(/\//g, '-') || 'root'}-${name}.png`,
    );
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
