/**
 * Each language quotes with its own pair of double quotation marks (docs/i18n/GLOSSARY.md, the pairs
 * in docs/i18n/glossary.json): en and tr “…”, lv, et and lt „…“, ru «…». Every text a user reads
 * (catalog, API messages, emails, seeded reasons) may use only its language's pair, opened before it
 * is closed; a straight " or another language's mark ("…", “…” in Latvian, „…” in Estonian) fails.
 */
import glossary from '../../../docs/i18n/glossary.json';
import { LOCALES, type Locale } from '../../../src/shared/locales';
import { textsOf } from '../../support/i18nTexts';

/** Every double quotation mark of the six languages and the straight one. */
const DOUBLE_QUOTES = /["“”„‟«»]/gu;

const pairOf = (locale: Locale): readonly [string, string] => {
  const [open, close] = glossary.quotationMarks[locale];
  return [open, close];
};

/** "source: what is wrong" for each mark of the text that is not its language's, or out of order. */
function quoteProblems(locale: Locale, source: string, text: string): string[] {
  const [open, close] = pairOf(locale);
  const problems: string[] = [];
  let inside = false;
  for (const [mark] of text.matchAll(DOUBLE_QUOTES)) {
    if (!inside && mark === open) inside = true;
    else if (inside && mark === close) inside = false;
    else problems.push(`${source}: ${mark} in ${text}`);
  }
  if (inside) problems.push(`${source}: ${open} not closed in ${text}`);
  return problems;
}

it('names one opening and one closing mark for every UI language', () => {
  for (const locale of LOCALES) {
    const [open, close] = pairOf(locale);
    expect({ locale, marks: [open.length, close.length] }).toEqual({ locale, marks: [1, 1] });
  }
});

describe.each(LOCALES)('%s texts', (locale) => {
  it(`quote with ${pairOf(locale).join('…')} only`, () => {
    const problems = textsOf(locale).flatMap(({ source, text }) =>
      quoteProblems(locale, source, text),
    );
    expect(problems).toEqual([]);
  });
});

it('catches another language’s marks, straight quotes and a mark left open', () => {
  expect(quoteProblems('lv', 'a', 'Poga „Ziņot“ un „{title}“')).toEqual([]);
  expect(quoteProblems('lv', 'b', 'Poga “Ziņot”')).toEqual([
    'b: “ in Poga “Ziņot”',
    'b: ” in Poga “Ziņot”',
  ]);
  expect(quoteProblems('et', 'c', 'Nupp „Teata”')).toEqual([
    'c: ” in Nupp „Teata”',
    'c: „ not closed in Nupp „Teata”',
  ]);
  expect(quoteProblems('en', 'd', 'Choose "Report"')).toEqual([
    'd: " in Choose "Report"',
    'd: " in Choose "Report"',
  ]);
  expect(quoteProblems('ru', 'e', 'Кнопка «Пожаловаться»')).toEqual([]);
  expect(quoteProblems('tr', 'f', '„Bildir“ düğmesi')).toEqual([
    'f: „ in „Bildir“ düğmesi',
    'f: “ not closed in „Bildir“ düğmesi',
  ]);
});
