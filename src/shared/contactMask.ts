/**
 * Contact details in public texts (issue 20 'Questions on a task'): before an offer is chosen, phone
 * numbers, email addresses and links in questions and answers are served as CONTACT_MARKER, which
 * the SPA shows as a translated "[hidden]", so deals stay on the platform. Texts are stored as
 * written; the server masks them when it serves them (src/server/questions/questions.ts).
 *
 *   maskContacts('Zvaniet +371 29 123 456') === `Zvaniet ${CONTACT_MARKER}`
 *   findContacts('mail me: anna at gmail dot com') // [{ kind: 'email', start: 9, end: 31 }]
 *
 * The detector errs on the side of hiding, but leaves what a task's questions are full of: prices
 * and budgets ('150 EUR', '€1 500', '1500-2000'), dates and times ('12.05.2026', '2026-05-12',
 * '14:30') and short numbers.
 */

import { CONTACT_MARKER } from './maskedText';

export { CONTACT_MARKER, splitMasked } from './maskedText';

export type ContactKind = 'email' | 'link' | 'phone';

export interface ContactSpan {
  kind: ContactKind;
  start: number;
  end: number;
}

/** Words people write for '@' and '.' to get past filters, in the app's languages. */
const AT_WORDS = ['at', 'собака', 'sobaka', 'et', 'ete', 'eta', 'pie'];
const DOT_WORDS = ['dot', 'точка', 'tochka', 'punkts', 'punkt', 'taškas', 'taskas', 'tašku'];
const word = (words: readonly string[]): string => words.join('|');

const LOCAL = String.raw`[\p{L}\p{N}._%+-]+`;
const LABEL = String.raw`[\p{L}\p{N}-]+`;
const AT = String.raw`(?:\s*@\s*|\s*[([{]\s*(?:${word(AT_WORDS)}|@)\s*[)\]}]\s*|\s+(?:${word(AT_WORDS)})\s+)`;
const DOT = String.raw`(?:\s*\.\s*|\s*[([{]\s*(?:${word(DOT_WORDS)}|\.)\s*[)\]}]\s*|\s+(?:${word(DOT_WORDS)})\s+)`;
const EMAIL = new RegExp(
  String.raw`(?<![\p{L}\p{N}._%+-])${LOCAL}${AT}${LABEL}(?:${DOT}${LABEL})*${DOT}\p{L}{2,10}(?![\p{L}\p{N}])`,
  'giu',
);

/** Top-level domains a bare address ('janis.lv', 'wa.me/371...') is recognised by. */
const TLDS = [
  'lv',
  'lt',
  'ee',
  'ru',
  'eu',
  'com',
  'net',
  'org',
  'info',
  'biz',
  'io',
  'me',
  'co',
  'app',
  'de',
  'uk',
  'fi',
  'se',
  'no',
  'dk',
  'pl',
  'tr',
  'by',
  'ua',
  'kz',
  'site',
  'online',
  'shop',
  'store',
  'page',
  'link',
  'ly',
  'gl',
  'to',
  'tv',
  'xyz',
  'pro',
  'dev',
];
const LINK = new RegExp(String.raw`(?:https?|ftp):\/\/\S+|www\.\S+`, 'giu');
/** A bare address: its domain in lower case ('price.No hurry' is a missing space, not a link). */
const BARE_DOMAIN = new RegExp(
  String.raw`(?<![\p{L}\p{N}@._-])(?:[\p{L}\p{N}][\p{L}\p{N}-]*\.)+(?:${TLDS.join('|')})(?![\p{L}\p{N}-])(?:[/?#]\S*)?`,
  'gu',
);
/** Punctuation that ends a sentence after a link rather than belonging to it. */
const TRAILING = /[.,;:!?)\]}'"»”]+$/u;

/** A run of digits with at most two separators between them, optionally after '+'. */
const PHONE =
  /(?<![\p{L}\p{N}])(?:\(\s?)?\+?(?:\(\s?)?\d(?:[\s.\-–‐/()]{0,2}\d)+(?![\p{L}\p{N}])/gu;
const MIN_PHONE_DIGITS = 8;
const MIN_INTERNATIONAL_DIGITS = 7;

/** Spans that are not phone numbers however many digits they hold: dates, times and amounts. */
const CURRENCY = String.raw`(?:€|\$|£|eur|euro|eiro|евро|евр|руб(?:\.|лей|ля)?|eurų|eurai|euras|eurot|eurol|eurosu|lira|tl|₺|₽|usd)`;
const NOT_PHONE = new RegExp(
  [
    // 12.05.2026, 12/05/26, 12-05-2026 (a trailing dot, as Latvian writes a date, too).
    String.raw`(?<!\d[./-]?)\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})(?![./-]?\d)\.?`,
    // 2026-05-12, 2026.05.12.
    String.raw`(?<!\d[./-]?)\d{4}[./-]\d{1,2}[./-]\d{1,2}(?![./-]?\d)\.?`,
    // 14:30, 9:00-18:00.
    String.raw`(?<!\d)\d{1,2}:\d{2}(?!\d)`,
    // Amounts: '1 500 EUR', '1500,00 €', '150-200 eiro', '€ 1 500', 'EUR 2000'.
    String.raw`\d[\d\s.,\-–]*\s?${CURRENCY}(?![\p{L}])`,
    String.raw`(?<![\p{L}])${CURRENCY}\s?\d[\d\s.,]*`,
  ].join('|'),
  'giu',
);
/** A range of two plain numbers ('1500-2000', '2025 – 2026'): a budget or years, not a phone. */
const RANGE = /^\d{1,5}\s?[-–]\s?\d{1,5}$/u;

const digitCount = (text: string): number => text.replace(/\D/g, '').length;

function phoneSpans(text: string): ContactSpan[] {
  // Blank out what is not a phone (same length, so positions hold), then look for digit runs.
  const blanked = text.replace(NOT_PHONE, (match) => 'x'.repeat(match.length));
  const spans: ContactSpan[] = [];
  for (const match of blanked.matchAll(PHONE)) {
    let value = match[0];
    let start = match.index;
    // Brackets or separators at the edges are not part of the number.
    const lead = /^[\s.\-–‐/)]+/u.exec(value)?.[0].length ?? 0;
    value = value.slice(lead);
    start += lead;
    value = value.replace(/[\s.\-–‐/(]+$/u, '');
    const digits = digitCount(value);
    const international = value.includes('+');
    if (digits < (international ? MIN_INTERNATIONAL_DIGITS : MIN_PHONE_DIGITS)) continue;
    if (!international && RANGE.test(value)) continue;
    spans.push({ kind: 'phone', start, end: start + value.length });
  }
  return spans;
}

function regexSpans(text: string, pattern: RegExp, kind: ContactKind): ContactSpan[] {
  const spans: ContactSpan[] = [];
  for (const match of text.matchAll(pattern)) {
    const value = kind === 'link' ? match[0].replace(TRAILING, '') : match[0];
    if (value === '') continue;
    spans.push({ kind, start: match.index, end: match.index + value.length });
  }
  return spans;
}

/** The contact details in a text, in order, without overlaps (the earliest, then longest, wins). */
export function findContacts(text: string): ContactSpan[] {
  const all = [
    ...regexSpans(text, EMAIL, 'email'),
    ...regexSpans(text, LINK, 'link'),
    ...regexSpans(text, BARE_DOMAIN, 'link'),
    ...phoneSpans(text),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: ContactSpan[] = [];
  for (const span of all) {
    const last = out[out.length - 1];
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      continue;
    }
    out.push({ ...span });
  }
  return out;
}

/** The text with every contact detail replaced by one CONTACT_MARKER (pasted markers dropped). */
export function maskContacts(text: string): string {
  const clean = text.split(CONTACT_MARKER).join('');
  let out = '';
  let at = 0;
  for (const span of findContacts(clean)) {
    out += clean.slice(at, span.start) + CONTACT_MARKER;
    at = span.end;
  }
  return out + clean.slice(at);
}
