/**
 * The first paint of a task page, written by the server into #root: the header bar, the task's
 * status, title, budget, description and first photo, as plain escaped HTML with a small critical
 * CSS block, laid out like the SPA's task page (src/web/features/tasks/TaskDetailPage.tsx). The SPA
 * renders over it when it mounts (createRoot replaces what #root holds), so a visitor on a slow
 * network reads the task before the JavaScript has arrived, and the largest paint does not wait
 * for it.
 *
 * Everything user-typed goes through escapeHtml; labels come from the SPA's catalogs
 * (translations/*.json) through the server's translate().
 */
import type { Locale } from '../shared/locales';
import { displayStatus } from '../shared/taskLifecycle';
import type { Task } from '../shared/types';
import { translate } from './i18n';
import { escapeHtml } from './tasks/head';

/** The first photo's box: as the SPA's gallery tile (src/web/ui/Gallery.tsx). */
const PHOTO_WIDTH = 400;
const PHOTO_HEIGHT = 250;

/** Marks the server-rendered preview; main.tsx waits for what the SPA needs while it shows. */
export const FIRST_PAINT_ATTR = 'data-first-paint';

/**
 * Critical CSS of the preview only (class prefix fp-), values from src/web/app/theme.ts and the
 * SPA's GlobalStyle, Layout and task page styles, so the switch to the SPA keeps the layout.
 */
export const FIRST_PAINT_CSS = [
  'body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;font-size:1rem;line-height:1.5;color:#1b1f24;background:#fff}',
  '.fp{display:flex;flex-direction:column;min-height:100vh}',
  '.fp-bar{border-bottom:1px solid #c9d1db;background:#fff}',
  '.fp-bar>div{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;max-width:1200px;margin:0 auto;padding:.5rem 1rem}',
  '.fp-logo{min-height:2.75rem;display:inline-flex;align-items:center}',
  '.fp-nav{width:100%}.fp-nav a{display:inline-block;padding:.25rem 0;color:#1b1f24;font-weight:500}',
  '@media (min-width:768px){.fp-nav{width:auto;flex:1}}',
  '.fp-author{display:grid;align-content:start;margin:0;min-height:4.5rem;padding-left:4rem;font-size:.875rem;color:#4d5763}',
  '.fp-author strong{font-size:1rem;color:#0b5cad}',
  '.fp-meta code{color:#1b1f24}',
  '.fp-logo{font-size:1.25rem;font-weight:800;color:#0b5cad;text-decoration:none}',
  '.fp-main{flex:1;width:100%;max-width:1200px;margin:0 auto;padding:1rem;box-sizing:border-box}',
  '.fp-task{display:grid;gap:1.5rem;min-width:0}',
  '.fp-head{display:grid;gap:1rem}',
  '.fp-meta{margin:0;color:#4d5763;font-size:.875rem}',
  '.fp-pill{display:inline-flex;align-items:center;padding:.15rem .5rem;border:1px solid currentColor;border-radius:999px;font-weight:600;white-space:nowrap;background:#fff}',
  '.fp-open{color:#1e6b34}.fp-in_progress{color:#0b5cad}.fp-completed{color:#14273d}.fp-incomplete{color:#b3261e}.fp-unknown{color:#4d5763}.fp-expired{color:#8a5300}',
  '.fp-title{margin:0;font-size:1.75rem;line-height:1.25;overflow-wrap:anywhere}',
  '@media (min-width:768px){.fp-title{font-size:2.25rem}}',
  '.fp-budget{display:inline-block;margin:0;padding:.25rem 1rem;border-radius:999px;background:#0b5cad;color:#fff;font-size:1.25rem;font-weight:700}',
  '.fp-desc{margin:0;white-space:pre-line;overflow-wrap:anywhere}',
  '.fp-photo{display:block;width:100%;max-width:480px;height:250px;object-fit:cover;border:1px solid #c9d1db;border-radius:8px;background:#f5f7fa;box-sizing:border-box}',
  '.fp-hero{display:grid;gap:1rem;padding:2.5rem 1rem;border-radius:16px;background:linear-gradient(135deg,#e8f1fb 0%,#f7fafd 100%)}',
  '@media (min-width:768px){.fp-hero{padding:4rem 2.5rem}}',
  '.fp-hero h1{margin:0;font-size:1.75rem;line-height:1.2}',
  '@media (min-width:768px){.fp-hero h1{font-size:2.25rem}}',
  '.fp-hero p{max-width:40em;margin:0;font-size:1.25rem;color:#4d5763}',
  '.fp-vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}',
].join('\n');

const euro = (value: number, locale: Locale): string =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(value);

/** '€500' or '€100 – €200' in the page locale, as the SPA's BudgetBadge writes it. */
export function budgetText(from: number, to: number, locale: Locale): string {
  if (from === to) return euro(from, locale);
  return translate(locale, 'tasks.detail.budget.range', {
    from: euro(Math.min(from, to), locale),
    to: euro(Math.max(from, to), locale),
  });
}

const STATUS_IDS = {
  open: 'tasks.detail.status.open',
  in_progress: 'tasks.detail.status.inProgress',
  completed: 'tasks.detail.status.completed',
  incomplete: 'tasks.detail.status.incomplete',
  unknown: 'tasks.detail.status.unknown',
  expired: 'tasks.detail.status.expired',
} as const;

type PreviewTask = Pick<
  Task,
  | 'identifier'
  | 'author'
  | 'title'
  | 'description'
  | 'status'
  | 'due_end'
  | 'budget_from'
  | 'budget_to'
  | 'images'
>;

/** <link rel=preload> for the task's first photo, so it loads beside the HTML, not after it. */
export function taskImagePreload(task: Pick<Task, 'images'>): string {
  const first = task.images[0];
  if (!first) return '';
  return `<link rel="preload" as="image" href="${escapeHtml(first.thumbnail)}" fetchpriority="high" />`;
}

/** The <style> block of the preview, for the head. */
export const firstPaintStyle = (): string =>
  `<style id="talka-first-paint">${FIRST_PAINT_CSS}</style>`;

/** The header bar and main landmark the SPA's Layout has, around the page's preview. */
function shell(locale: Locale, content: string): string {
  const home = `/${locale}`;
  return (
    `<div class="fp" ${FIRST_PAINT_ATTR}>` +
    `<header class="fp-bar"><div><a class="fp-logo" href="${home}" aria-label="${escapeHtml(
      translate(locale, 'app.logo.label'),
    )}">Talka</a>` +
    `<nav class="fp-nav" aria-label="${escapeHtml(translate(locale, 'app.nav.label'))}">` +
    `<a href="${home}/tasks">${escapeHtml(translate(locale, 'app.nav.browseTasks'))}</a></nav>` +
    `</div></header>` +
    `<main class="fp-main" id="main">${content}</main></div>`
  );
}

/** The home page's first paint, for #root: the hero's title and subtitle (its largest text). */
export function renderHomeFirstPaint(locale: Locale): string {
  const content =
    `<section class="fp-hero" aria-labelledby="fp-title">` +
    `<h1 id="fp-title">${escapeHtml(translate(locale, 'home.hero.title'))}</h1>` +
    `<p>${escapeHtml(translate(locale, 'home.hero.subtitle'))}</p></section>`;
  return shell(locale, content);
}

/** The task page's first paint, for #root. */
export function renderTaskFirstPaint(task: PreviewTask, locale: Locale, now = new Date()): string {
  const status = displayStatus(task, now);
  const first = task.images[0];
  const photo = first
    ? `<img class="fp-photo" src="${escapeHtml(first.thumbnail)}" alt="${escapeHtml(
        translate(locale, 'tasks.detail.images.alt', {
          index: 1,
          count: task.images.length,
          title: task.title,
        }),
      )}" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" fetchpriority="high" decoding="async" />`
    : '';
  const content =
    `<article class="fp-task" aria-labelledby="fp-title">` +
    `<header class="fp-head"><p class="fp-author">${escapeHtml(
      translate(locale, 'tasks.detail.author.label'),
    )}<strong>${escapeHtml(
      task.author?.display_name ?? translate(locale, 'tasks.detail.author.deleted'),
    )}</strong></p><p class="fp-meta"><span class="fp-pill fp-${status}">${escapeHtml(
      translate(locale, STATUS_IDS[status]),
    )}</span></p>` +
    `<p class="fp-meta">${escapeHtml(translate(locale, 'tasks.detail.identifier'))}: <code>${escapeHtml(
      task.identifier,
    )}</code></p>` +
    `<h1 class="fp-title" id="fp-title">${escapeHtml(task.title)}</h1></header>` +
    `<div><p class="fp-budget"><span class="fp-vh">${escapeHtml(
      translate(locale, 'tasks.detail.budget'),
    )}: </span>${escapeHtml(budgetText(task.budget_from, task.budget_to, locale))}</p></div>` +
    `<section aria-labelledby="fp-description"><h2 class="fp-vh" id="fp-description">${escapeHtml(
      translate(locale, 'tasks.detail.description'),
    )}</h2><p class="fp-desc">${escapeHtml(task.description)}</p></section>` +
    photo +
    `</article>`;
  return shell(locale, content);
}
