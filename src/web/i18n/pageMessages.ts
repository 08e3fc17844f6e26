/**
 * Which parts of the catalog (./loadMessages.ts) a page renders with: the first pages a visitor
 * opens only theirs, every other page all. The client loads them before the page's first render
 * (beside its chunk, and before hydrateRoot); a server render uses exactly the same parts
 * (src/server/render/catalog.ts `pageCatalog`), so both draw the same texts and a text outside
 * them shows as a missing translation in the server-render tests, not as an id on screen.
 */
import type { Locale } from '../../shared/locales';
import { ALL_PARTS, loadMessageParts, type MessagePart, type Messages } from './loadMessages';
import type { RouteName } from './routes';

export const PAGE_MESSAGES: Partial<Record<RouteName, readonly MessagePart[]>> = {
  home: ['core', 'home', 'list'],
  tasks: ['core', 'list'],
  task: ['core', 'task'],
  // The footer's pages: their texts (`info.` ids) are in `later`.
  terms: ['core', 'later'],
  privacy: ['core', 'later'],
  help: ['core', 'later'],
  contact: ['core', 'later'],
};

/** The catalog parts of a route's page (null: a path no route matches, the 404 page). */
export function pageMessageParts(name: RouteName | null): readonly MessagePart[] {
  return (name && PAGE_MESSAGES[name]) || ALL_PARTS;
}

/**
 * Loads a page's parts of a locale's catalog; resolves with every part loaded so far, which is what
 * the I18nProvider's first render shows (main.tsx awaits it before hydrateRoot).
 */
export const loadPageMessages = (locale: Locale, name: RouteName | null): Promise<Messages> =>
  loadMessageParts(locale, pageMessageParts(name));
