/**
 * Which parts of the catalog (./loadMessages.ts) a page renders with: the first pages a visitor
 * opens only theirs, every other page all. The client loads them before the page's first render
 * (beside its chunk, and before hydrateRoot); a server render uses exactly the same parts
 * (src/server/render/catalog.ts `pageCatalog`), so both draw the same texts and a text outside
 * them shows as a missing translation in the server-render tests, not as an id on screen.
 */
import type { Locale } from '../../shared/locales';
import { getBootData } from '../app/config';
import {
  ALL_PARTS,
  isMessagePart,
  loadMessageParts,
  type MessagePart,
  type Messages,
} from './loadMessages';
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
 * The parts a server render of a page uses: the page's, and on a task page that shows the parties'
 * parts (slots.tsx: a signed-in viewer's offers, the owner's actions, contacts, completion; a
 * finished task's reviews, for anyone) the `party` part too. The page embeds them (#talka-data
 * `messageParts`) and the browser loads exactly these before it hydrates (main.tsx): a lazy slot
 * hydrates with the texts it was rendered with. A visitor's task page has none of those parts, and
 * its browser does not download their texts.
 */
export function renderedMessageParts(
  name: RouteName | null,
  showsPartyParts: boolean,
): readonly MessagePart[] {
  const parts = pageMessageParts(name);
  return name === 'task' && showsPartyParts && !parts.includes('party')
    ? [...parts, 'party']
    : parts;
}

/** The parts the server rendered this page with (#talka-data `messageParts`), if it did. */
export function renderedPartsFromBootData(): MessagePart[] | undefined {
  const boot = getBootData<{ messageParts?: unknown }>();
  const parts = boot && typeof boot === 'object' ? boot.messageParts : undefined;
  return Array.isArray(parts) ? parts.filter(isMessagePart) : undefined;
}

/**
 * Loads a page's parts of a locale's catalog (those its server render names, else the route's);
 * resolves with every part loaded so far, which is what the I18nProvider's first render shows
 * (main.tsx awaits it before hydrateRoot).
 */
export const loadPageMessages = (
  locale: Locale,
  name: RouteName | null,
  rendered?: readonly MessagePart[],
): Promise<Messages> => loadMessageParts(locale, rendered ?? pageMessageParts(name));
