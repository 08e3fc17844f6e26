/**
 * The head tags of a task page (/{locale}/tasks/{slug}): title, description, Open Graph and Twitter
 * card. Crawlers do not run JavaScript, so the server writes these into the HTML. Every user text is
 * HTML-escaped (safe in text and in double- or single-quoted attributes).
 */
import type { Locale } from '../../shared/locales';
import type { Task } from '../../shared/types';

export const DESCRIPTION_MAX = 160;

const OG_LOCALES: Record<Locale, string> = {
  lv: 'lv_LV',
  en: 'en_US',
  ru: 'ru_RU',
  tr: 'tr_TR',
  et: 'et_EE',
  lt: 'lt_LT',
};

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Whitespace collapsed; cut at a word boundary near `max` characters, with an ellipsis. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** '/uploads/x.jpg' -> 'https://talka.example/uploads/x.jpg'; absolute URLs stay. */
const absoluteUrl = (publicUrl: string, url: string): string =>
  /^https?:\/\//i.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;

/** The canonical page path of a task: identifier, not uuid. */
export const taskPagePath = (locale: Locale, identifier: string): string =>
  `/${locale}/tasks/${encodeURIComponent(identifier)}`;

export function taskPageTitle(task: Pick<Task, 'title' | 'category'>): string {
  return `${task.title} · ${task.category.title} · Talka`;
}

export function renderTaskHead(
  task: Pick<Task, 'identifier' | 'title' | 'description' | 'category' | 'images'>,
  locale: Locale,
  publicUrl: string,
): string {
  const title = taskPageTitle(task);
  const description = summarize(task.description);
  const url = `${publicUrl}${taskPagePath(locale, task.identifier)}`;
  const image = task.images[0] ? absoluteUrl(publicUrl, task.images[0].original) : null;
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:site_name', 'Talka'),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', OG_LOCALES[locale]),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
  ].join('\n    ');
}
