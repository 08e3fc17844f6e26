// Lighthouse 12.8.2 (mobile, simulated throttling: its default config) in Debian's Chromium on the
// home page, the task list, a seeded task with images and a location, and the floor: a static HTML
// page with the same task's content (title, description, images, places) and no JavaScript.
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, ensureChromium } from '../lib.mjs';

export const TASK_SLUG = process.env.BENCH_TASK_SLUG || 'TKOPEN01';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

/** The floor page: what the task page shows first, as plain HTML and CSS. */
export function floorHtml(task) {
  const images = task.images
    .map(
      (image, i) =>
        `<li><a href="${escapeHtml(image.original)}"><img src="${escapeHtml(image.thumbnail)}" ` +
        `alt="${escapeHtml(`${task.title} ${i + 1}`)}" width="160" height="120"></a></li>`,
    )
    .join('');
  const places = task.locations
    .map((l) => `<li>${escapeHtml(l.address || l.approximate_address || l.city)}</li>`)
    .join('');
  const description = escapeHtml(task.description).replace(/\n/g, '<br>');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(task.title)} | Talka</title>
<meta name="description" content="${escapeHtml(task.description.slice(0, 160))}">
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1a1a;background:#fff}
header{padding:12px 16px;border-bottom:1px solid #ddd;font-weight:700}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.6rem;margin:0 0 8px}
ul.gallery{display:flex;flex-wrap:wrap;gap:8px;list-style:none;padding:0}
ul.gallery img{display:block;border-radius:6px;object-fit:cover}
.budget{font-size:1.25rem;font-weight:700}
</style>
</head>
<body>
<header>Talka</header>
<main>
<h1>${escapeHtml(task.title)}</h1>
<p class="budget">${escapeHtml(task.budget_from ?? '')} – ${escapeHtml(task.budget_to ?? '')} EUR</p>
<p>${description}</p>
<ul class="gallery">${images}</ul>
<h2>Places</h2>
<ul>${places}</ul>
</main>
</body>
</html>
`;
}

/** Writes the floor page for the seeded task, as a visitor gets it from the API. */
export async function writeFloorPage(base, file) {
  const res = await fetch(`${base}/api/tasks/${TASK_SLUG}?locale=en`, {
    headers: { accept: 'application/json', 'accept-language': 'en' },
  });
  if (!res.ok) throw new Error(`GET /api/tasks/${TASK_SLUG}: ${res.status}`);
  const { data: task } = await res.json();
  fs.writeFileSync(file, floorHtml(task));
  return { images: task.images.length, locations: task.locations.length };
}

/** The run with the median LCP (a run without an LCP counts as the slowest). */
const medianRun = (runs) => {
  const sorted = [...runs].sort((a, b) => (a.lcpMs ?? Infinity) - (b.lcpMs ?? Infinity));
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** The audits of a category that did not pass. */
const failed = (lhr, category) =>
  Object.values(lhr.audits)
    .filter((a) => lhr.categories[category]?.auditRefs.some((r) => r.id === a.id))
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => a.id);

function lcpElementOf(lhr) {
  const tables = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  const phases = tables[1]?.items ?? [];
  return {
    selector: node?.selector ?? null,
    snippet: node?.snippet ? String(node.snippet).slice(0, 160) : null,
    phases: Object.fromEntries(phases.map((p) => [p.phase, Math.round(p.timing)])),
  };
}

function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    fcpMs: audit('first-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    failedAccessibility: failed(lhr, 'accessibility'),
    failedSeo: failed(lhr, 'seo'),
    // Where the main thread's time went (what TBT is made of): the costliest scripts, in ms.
    bootup: (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 5).map((item) => ({
      url: String(item.url).replace(/^https?:\/\/[^/]+/, ''),
      totalMs: Math.round(item.total),
      scriptingMs: Math.round(item.scripting),
    })),
    mainThread: Object.fromEntries(
      (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
        item.group,
        Math.round(item.duration),
      ]),
    ),
    // Which element the LCP is, and its phases (time to first byte, load delay, load time, render
    // delay): what to look at when a page's LCP moves.
    lcpElement: lcpElementOf(lhr),
    runtimeError: lhr.runtimeError?.message ?? null,
    // Audits that could not measure (e.g. NO_LCP): their messages, to read beside a missing figure.
    auditErrors: ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
      .map((id) => lhr.audits[id]?.errorMessage)
      .filter(Boolean),
  };
}

/**
 * Runs every page `runs` times (default 1) and keeps the run with the median LCP. The pages take
 * turns (home, list, task, floor, home, ...), so a busy spell of the machine spreads over all of
 * them rather than spoiling one page's every run; every run's score and TBT are kept beside it.
 */
export async function runLighthouse(base, { runs = Number(process.env.BENCH_LH_RUNS || 1) } = {}) {
  const pages = [
    { name: 'home', url: `${base}/en` },
    { name: 'task list', url: `${base}/en/tasks` },
    { name: `task ${TASK_SLUG}`, url: `${base}/en/tasks/${TASK_SLUG}` },
    { name: 'floor (static)', url: `${base}/bench/floor.html` },
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: CHROME_FLAGS,
  });
  const all = pages.map(() => []);
  try {
    for (let i = 0; i < runs; i += 1) {
      for (const [index, page] of pages.entries()) {
        const started = Date.now();
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        all[index].push(figures(result.lhr));
        console.log(`  lighthouse ${page.name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
      }
    }
  } finally {
    await chrome.kill();
  }
  // Every run's LCP, score and TBT too: on a busy machine the spread says how far to trust the
  // median.
  const results = pages.map((page, index) => ({
    page: page.name,
    url: page.url,
    runs,
    ...medianRun(all[index]),
    lcpRunsMs: all[index].map((run) => (run.lcpMs === null ? null : Math.round(run.lcpMs))),
    performanceRuns: all[index].map((run) => run.performance),
    tbtRunsMs: all[index].map((run) => (run.tbtMs === null ? null : Math.round(run.tbtMs))),
  }));
  const floor = results.at(-1);
  const task = results.at(-2);
  return {
    pages: results,
    lcpRatioToFloor: floor.lcpMs ? task.lcpMs / floor.lcpMs : null,
    lcpRatioGoal: 1.3,
  };
}
