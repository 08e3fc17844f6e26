/**
 * The first paint of a task page, written by the server into #root: the header bar, the task's
 * status, title, budget, description and first photo, as plain escaped HTML with a small critical
 * CSS block, laid out like the SPA's task page (src/web/features/tasks/TaskDetailPage.tsx). The SPA
 * renders over it when it mounts (createRoot replaces what #root holds), so a visitor on a slow
 * network reads the task before the JavaScript has arrived, and the largest paint does not wait
 * for it.
 *
 * The task list (/{locale}/tasks) gets the cards of its first page the same way (renderTaskListFirstPaint),
 * laid out like src/web/features/taskList/TaskListPage.tsx and TaskSummaryCard.tsx.
 *
 * Everything user-typed goes through escapeHtml; labels come from the SPA's catalogs
 * (translations/*.json) through the server's translate().
 */
import type { Locale } from '../shared/locales';
import { displayStatus, type DisplayStatus } from '../shared/taskLifecycle';
import type { Paginated, Task, TaskSummary } from '../shared/types';
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
  // The task list (TaskListPage, TaskSummaryCard): heading row, the phones' Filters button's
  // place, and the cards in one, two or three columns.
  '.fp-lhead{display:flex;flex-wrap:wrap;align-items:baseline;justify-content:space-between;gap:.5rem}',
  '.fp-lhead h1{margin:0 0 1rem;font-size:2em;line-height:1.5}',
  '.fp-fbar{height:44px;margin-bottom:1rem}',
  '@media (min-width:768px){.fp-fbar{display:none}}',
  '.fp-cards{display:grid;gap:1rem;margin:0;padding:0;list-style:none}',
  '@media (min-width:768px){.fp-cards{grid-template-columns:repeat(2,minmax(0,1fr))}}',
  '@media (min-width:1200px){.fp-cards{grid-template-columns:repeat(3,minmax(0,1fr))}}',
  '.fp-card{display:grid;gap:.5rem;height:100%;padding:1rem;border:1px solid #c9d1db;border-radius:16px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.12);box-sizing:border-box}',
  '.fp-thumb{display:block;width:100%;height:140px;object-fit:cover;border-radius:8px;background:#f5f7fa}',
  '.fp-top{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;font-size:.875rem;color:#4d5763}',
  '.fp-ctitle{margin:0;font-size:1.25rem;line-height:1.3;overflow-wrap:anywhere}',
  '.fp-ctitle a{color:#1b1f24;text-decoration:none}',
  '.fp-facts{display:grid;grid-template-columns:auto 1fr;gap:.25rem .5rem;margin:0;font-size:.875rem}',
  '.fp-facts dt{color:#4d5763}.fp-facts dd{margin:0;overflow-wrap:anywhere}.fp-facts .fp-b{font-weight:700}',
  '.fp-foot{display:flex;align-items:center;justify-content:space-between;gap:.5rem;margin-top:auto;font-size:.875rem}',
  '.fp-foot>span:first-child{display:inline-flex;align-items:center;gap:.25rem;min-width:0}',
  '.fp-av{flex:none;width:28px;height:28px;border-radius:50%;background:#e8eef5}',
  '.fp-note{padding:1.5rem;border:1px dashed #c9d1db;border-radius:16px}.fp-note p{margin:0}',
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
export function renderTaskFirstPaint(
  task: PreviewTask,
  locale: Locale,
  now = new Date(),
  /** The first photo's source when it is inlined (a data: URI, spa.ts inlineThumbnail). */
  photoSrc?: string,
): string {
  const status = displayStatus(task, now);
  const first = task.images[0];
  const photo = first
    ? `<img class="fp-photo" src="${escapeHtml(photoSrc ?? first.thumbnail)}" alt="${escapeHtml(
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

/** The list's status pills: the SPA's card labels (taskList.status.*). */
const LIST_STATUS_IDS: Record<DisplayStatus, string> = {
  open: 'taskList.status.open',
  in_progress: 'taskList.status.inProgress',
  completed: 'taskList.status.completed',
  incomplete: 'taskList.status.incomplete',
  expired: 'taskList.status.expired',
  unknown: 'taskList.status.unknown',
};

const wholeEuro = (value: number, locale: Locale): string =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'EUR',
    maximumFractionDigits: 0,
  }).format(value);

/** A card's budget, as the SPA's formatBudget (src/web/features/taskList/format.ts) writes it. */
export function cardBudgetText(from: number, to: number, locale: Locale): string {
  if (from === to) return wholeEuro(from, locale);
  return translate(locale, 'taskList.card.budgetRange', {
    from: wholeEuro(from, locale),
    to: wholeEuro(to, locale),
  });
}

/** '2026-12-02T18:00:00' -> '02.12.2026 18:00' (the SPA's formatDisplayDateTime of that local time). */
const displayDateTime = (value: string | null): string | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(value?.trim() ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]} ${match[4]}:${match[5]}` : null;
};

/** A card's time window, as the SPA's formatDue writes it. */
function cardDueText(task: TaskSummary, locale: Locale): string {
  const start = displayDateTime(task.due_start);
  const end = displayDateTime(task.due_end);
  if (task.due_type === 'period' && start && end) {
    return translate(locale, 'taskList.card.duePeriod', { start, end });
  }
  if (task.due_type === 'start' && start) {
    return translate(locale, 'taskList.card.dueStart', { date: start });
  }
  if (end) return translate(locale, 'taskList.card.dueEnd', { date: end });
  if (start) return translate(locale, 'taskList.card.dueStart', { date: start });
  return translate(locale, 'taskList.card.dueNone');
}

/** A card's place: the city, else the approximate address, else 'Anywhere' (as formatPlace). */
function cardPlaceText(task: TaskSummary, locale: Locale): string {
  if (task.location_type === 'specific') {
    const place = task.city?.trim() || task.approximate_address?.trim();
    if (place) return place;
  }
  return translate(locale, 'taskList.card.anywhere');
}

/** One task card of the list, as TaskSummaryCard shows it (the author's photo left to the SPA). */
function taskCard(task: TaskSummary, locale: Locale, now: Date, first: boolean): string {
  const status = displayStatus(task, now);
  const t = (id: string, values?: Record<string, string | number>) =>
    escapeHtml(translate(locale, id, values));
  // Only the first card's photo may be the largest paint; the others wait until they are near.
  const thumb = task.thumbnail
    ? `<img class="fp-thumb" src="${escapeHtml(task.thumbnail)}" alt="" width="320" height="140" ${
        first ? 'fetchpriority="high"' : 'loading="lazy"'
      } decoding="async" />`
    : '';
  const author = task.author
    ? t('taskList.card.author', { name: task.author.display_name })
    : t('taskList.card.deletedAuthor');
  return (
    `<li><article class="fp-card">${thumb}` +
    `<div class="fp-top"><span class="fp-pill fp-${status}">${t(LIST_STATUS_IDS[status])}</span>` +
    `<span>${t('taskList.card.category')}: ${escapeHtml(task.category.title)}</span></div>` +
    `<h2 class="fp-ctitle"><a href="/${locale}/tasks/${escapeHtml(
      encodeURIComponent(task.identifier),
    )}">${escapeHtml(task.title)}</a></h2>` +
    `<dl class="fp-facts"><dt>${t('taskList.card.budget')}</dt><dd class="fp-b">${escapeHtml(
      cardBudgetText(task.budget_from, task.budget_to, locale),
    )}</dd><dt>${t('taskList.card.deadline')}</dt><dd>${escapeHtml(
      cardDueText(task, locale),
    )}</dd><dt>${t('taskList.card.location')}</dt><dd>${escapeHtml(
      cardPlaceText(task, locale),
    )}</dd></dl>` +
    `<div class="fp-foot"><span><span class="fp-av" aria-hidden="true"></span><span>${author}</span></span>` +
    `<span>${t('taskList.card.offers', { count: task.offers_count })}</span></div>` +
    `</article></li>`
  );
}

/**
 * The task list's first paint, for #root: the heading, the total and the cards of the page the
 * server loaded with the URL's filters (src/server/spa.ts). The filters form, the category sidebar
 * and the pagination are left to the SPA; on phones the place of the Filters button is kept empty
 * so the cards do not move down when it appears.
 */
export function renderTaskListFirstPaint(
  page: Paginated<TaskSummary>,
  locale: Locale,
  now = new Date(),
): string {
  const t = (id: string, values?: Record<string, string | number>) =>
    escapeHtml(translate(locale, id, values));
  const cards =
    page.data.length === 0
      ? `<div class="fp-note"><p>${t('taskList.results.empty')}</p></div>`
      : `<ul class="fp-cards">${page.data
          .map((task, index) => taskCard(task, locale, now, index === 0))
          .join('')}</ul>`;
  const content =
    `<section aria-labelledby="fp-title"><div class="fp-lhead">` +
    `<h1 id="fp-title">${t('taskList.heading')}</h1>` +
    `<span>${t('taskList.results.total', { count: page.meta.total })}</span></div>` +
    `<div class="fp-fbar"></div>${cards}</section>`;
  return shell(locale, content);
}
