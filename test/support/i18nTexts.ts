/**
 * Every user-visible text of a language that the i18n tests read: the SPA catalog, the API's own
 * messages, the emails and the seeded incomplete reasons. Each text is named by where it comes from.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  isLiteralElement,
  isPluralElement,
  isPoundElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { mailTexts } from '../../src/server/auth/mail';
import { REASONS } from '../../src/server/db/seedData/reasons';
import { serverMessages } from '../../src/server/i18n/messages';
import type { Locale } from '../../src/shared/locales';

export interface I18nText {
  /** 'catalog:taskList.results.total', 'server:auth.invalid_credentials', 'mail:…', 'reason:1' */
  source: string;
  text: string;
  /** ICU messages (catalog and server) are parsed; emails and reasons are plain text. */
  icu: boolean;
}

const TRANSLATIONS = path.resolve(__dirname, '../../translations');

export function catalogOf(locale: Locale): Record<string, string> {
  return JSON.parse(readFileSync(path.join(TRANSLATIONS, `${locale}.json`), 'utf8')) as Record<
    string,
    string
  >;
}

export function textsOf(locale: Locale): I18nText[] {
  const texts: I18nText[] = [];
  for (const [id, text] of Object.entries(catalogOf(locale)))
    texts.push({ source: `catalog:${id}`, text, icu: true });
  for (const [id, text] of Object.entries(serverMessages[locale]))
    texts.push({ source: `server:${id}`, text, icu: true });
  for (const [template, mail] of Object.entries(mailTexts[locale])) {
    texts.push({ source: `mail:${template}.subject`, text: mail.subject, icu: false });
    texts.push({ source: `mail:${template}.body`, text: mail.body, icu: false });
  }
  for (const reason of REASONS)
    texts.push({ source: `reason:${reason.id}`, text: reason.title[locale], icu: false });
  return texts;
}

function literalParts(elements: MessageFormatElement[]): string[] {
  const parts: string[] = [];
  for (const element of elements) {
    if (isLiteralElement(element)) parts.push(element.value);
    else if (isPoundElement(element)) parts.push('#');
    else if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options))
        parts.push(literalParts(option.value).join(''));
    } else if (isTagElement(element)) parts.push(literalParts(element.children).join(''));
  }
  return parts;
}

/**
 * What a reader sees of a text: its words without ICU syntax (argument names, select keys), each
 * plural or select branch on its own line.
 */
export function readableText({ text, icu }: I18nText): string {
  if (!icu) return text.replace(/\{\w+\}/g, ' ');
  return literalParts(parse(text)).join('\n');
}
