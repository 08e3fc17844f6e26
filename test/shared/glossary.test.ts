/**
 * docs/i18n/glossary.json names one term per concept in each language and the synonyms that must not
 * be used instead; none of them may appear in the language's catalog, server messages, emails or
 * seeded reasons (docs/i18n/GLOSSARY.md).
 */
import glossary from '../../docs/i18n/glossary.json';
import { LOCALES, type Locale } from '../../src/shared/locales';
import { readableText, textsOf } from '../support/i18nTexts';

type Entry = { use: string; forbidden: string[] };
const entries = (locale: Locale): Array<[string, Entry]> =>
  Object.entries(glossary[locale] as Record<string, Entry>);

/** A whole word or phrase, any case: 'ata' is not found in 'atama' nor 'Ata' in 'data'. */
const wholeWord = (phrase: string): RegExp =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
    'iu',
  );

it('has an entry for every UI language and each entry names the term to use', () => {
  for (const locale of LOCALES) {
    expect(entries(locale).length).toBeGreaterThanOrEqual(10);
    for (const [concept, entry] of entries(locale))
      expect({ locale, concept, use: entry.use.trim() !== '' }).toEqual({
        locale,
        concept,
        use: true,
      });
  }
});

describe.each(LOCALES)('%s texts', (locale) => {
  it('use no forbidden synonym of the glossary', () => {
    const texts = textsOf(locale).map((t) => ({ source: t.source, words: readableText(t) }));
    const found: string[] = [];
    for (const [concept, entry] of entries(locale)) {
      for (const synonym of entry.forbidden) {
        const pattern = wholeWord(synonym);
        for (const { source, words } of texts)
          if (pattern.test(words)) found.push(`${source}: "${synonym}" (${concept}: ${entry.use})`);
      }
    }
    expect(found).toEqual([]);
  });
});
