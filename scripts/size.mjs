// `npm run test:size`: the JavaScript and CSS a visitor downloads before a page is interactive, gzip,
// from the production build's chunk groups, checked against the budgets of issue 8. Prints a table;
// exits 1 when a budget is exceeded (docs/ARCHITECTURE.md "Size" says how the first pages stay under).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildIfStale, root } from './lib.mjs';

buildIfStale();
const stats = JSON.parse(fs.readFileSync(path.join(root, '.cache/webpack-stats.json'), 'utf8'));
const dist = path.join(root, 'dist');
const KB = 1024;

const sizeOf = (file) => {
  const buf = fs.readFileSync(path.join(dist, file));
  return {
    raw: buf.length,
    gzip: zlib.gzipSync(buf, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(buf).length,
  };
};
const assetsOf = (group) =>
  (stats.namedChunkGroups[group]?.assets ?? []).map((a) => (typeof a === 'string' ? a : a.name));
const sum = (files, ext) =>
  files
    .filter((f) => f.endsWith(ext))
    .reduce(
      (acc, f) => {
        const s = sizeOf(f);
        return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, brotli: acc.brotli + s.brotli };
      },
      { raw: 0, gzip: 0, brotli: 0 },
    );

// The entry's bundles and the loader that starts them after the first paint
// (scripts/webpack/paintFirstPlugin.cjs: not a chunk, so not in the stats' chunk groups).
const entry = [
  ...assetsOf('main'),
  ...fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => /^boot\.[0-9a-f]+\.js$/.test(f))
    .map((f) => `assets/${f}`),
];
// A first visit in Latvian: the entry, the page's chunk and the parts of the Latvian catalog the
// page waits for (src/web/app/router.tsx PAGE_MESSAGES): the shell's (messages-lv-json) and the
// page's own (home-messages-lv-json, ...).
const PAGE_MESSAGES = {
  'page-home': ['home', 'list'],
  'page-tasks': ['list'],
  'page-task': ['task'],
};
const messagesOf = (page) =>
  Object.keys(stats.namedChunkGroups).filter(
    (g) =>
      /^messages-.*lv/.test(g) ||
      (PAGE_MESSAGES[page] ?? []).some((part) => g.startsWith(`${part}-messages-lv`)),
  );
const firstLoad = (page) => [
  ...new Set([...entry, ...assetsOf(page), ...messagesOf(page).flatMap(assetsOf)]),
];

const budgets = [
  {
    name: 'home page (first load)',
    files: firstLoad('page-home'),
    ext: '.js',
    max: 150 * KB,
  },
  {
    name: 'task list (first load)',
    files: firstLoad('page-tasks'),
    ext: '.js',
    max: 150 * KB,
  },
  {
    name: 'task detail (first load)',
    files: firstLoad('page-task'),
    ext: '.js',
    max: 150 * KB,
  },
  { name: 'map chunk', files: assetsOf('map'), ext: '.js', max: 100 * KB },
  { name: 'gallery chunk', files: assetsOf('lightbox'), ext: '.js', max: 25 * KB },
  // styled-components puts the CSS in the JS, so a first page may have no CSS file at all.
  {
    name: 'CSS of a first page',
    files: firstLoad('page-task'),
    ext: '.css',
    max: 20 * KB,
    optional: true,
  },
];

let failed = false;
const rows = [];
for (const b of budgets) {
  // A budgeted chunk group that is missing (renamed chunk, no CSS emitted) fails: it must not pass
  // silently.
  const known = b.optional || b.files.some((f) => f.endsWith(b.ext));
  const s = sum(b.files, b.ext);
  const withinBudget = known && s.gzip <= b.max;
  if (!withinBudget) failed = true;
  rows.push({
    budget: b.name,
    'raw KB': (s.raw / KB).toFixed(1),
    'gzip KB': (s.gzip / KB).toFixed(1),
    'brotli KB': (s.brotli / KB).toFixed(1),
    'max gzip KB': (b.max / KB).toFixed(0),
    result: !known ? 'MISSING' : withinBudget ? 'ok' : 'OVER',
  });
}
console.table(rows);
// `--json=FILE` (npm run bench): the same rows as JSON, for the bench's results file.
const jsonArg = process.argv.find((a) => a.startsWith('--json='));
if (jsonArg) fs.writeFileSync(jsonArg.slice('--json='.length), JSON.stringify(rows, null, 2));
// `--report` (npm run bench) prints the figures without failing.
if (failed && !process.argv.includes('--report')) {
  console.error('A size budget is exceeded (see the table above).');
  process.exit(1);
}
