/**
 * The catalog a server render gives react-intl, synchronously: translations/{locale}.json (ICU
 * strings; the browser gets the same messages precompiled), limited to the page's parts with the
 * build's own rule (`partOf` of scripts/webpack/compiledMessagesLoader.cjs), so the server shows
 * exactly the texts the browser will have at hydration (src/web/i18n/pageMessages.ts says which
 * parts a page loads). Read once per locale, kept for the process.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(__filename);
const { partOf } = require('../../../scripts/webpack/compiledMessagesLoader.cjs') as {
  partOf: (id: string) => string;
};

const TRANSLATIONS = path.resolve(__dirname, '../../../translations');
const byPart = new Map<string, Map<string, Record<string, string>>>();
const merged = new Map<string, Record<string, string>>();

/** A locale's catalog split into its parts ('core', 'home', 'list', 'task', 'later'). */
function catalogParts(locale: string): Map<string, Record<string, string>> {
  let parts = byPart.get(locale);
  if (!parts) {
    if (!/^[a-z]{2}$/.test(locale)) throw new Error(`no catalog for locale ${locale}`);
    const file = path.join(TRANSLATIONS, `${locale}.json`);
    const catalog = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
    parts = new Map();
    for (const [id, message] of Object.entries(catalog)) {
      const part = partOf(id);
      let messages = parts.get(part);
      if (!messages) {
        messages = {};
        parts.set(part, messages);
      }
      messages[id] = message;
    }
    byPart.set(locale, parts);
  }
  return parts;
}

/** The messages of these parts of a locale's catalog, merged (one object per locale and parts). */
export function pageCatalog(locale: string, parts: readonly string[]): Record<string, string> {
  const key = `${locale}:${[...parts].sort().join(',')}`;
  let messages = merged.get(key);
  if (!messages) {
    const all = catalogParts(locale);
    messages = Object.assign({}, ...parts.map((part) => all.get(part) ?? {})) as Record<
      string,
      string
    >;
    merged.set(key, messages);
  }
  return messages;
}
