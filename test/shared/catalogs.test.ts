import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  parse,
  isArgumentElement,
  isDateElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  isTimeElement,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { LOCALES, type Locale } from '../../src/shared/locales';

const dir = path.resolve(__dirname, '../../translations');
const load = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8'));
const catalogs = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<
  Locale,
  Record<string, string>
>;
const enKeys = Object.keys(catalogs.en).sort();

/** CLDR plural categories each locale's messages must spell out (lt many, tr one included). */
const requiredPlurals = (locale: Locale): string[] =>
  new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

function plurals(elements: MessageFormatElement[]): Array<{ value: string; options: string[] }> {
  const found: Array<{ value: string; options: string[] }> = [];
  for (const element of elements) {
    if (isPluralElement(element)) {
      found.push({ value: element.value, options: Object.keys(element.options) });
    }
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options)) found.push(...plurals(option.value));
    }
    if (isTagElement(element)) found.push(...plurals(element.children));
  }
  return found;
}

/** The names of every argument ({name}, {count, plural, …}, {role, select, …}), nested too. */
function argumentNames(elements: MessageFormatElement[]): string[] {
  const found: string[] = [];
  for (const element of elements) {
    if (
      isArgumentElement(element) ||
      isNumberElement(element) ||
      isDateElement(element) ||
      isTimeElement(element) ||
      isSelectElement(element) ||
      isPluralElement(element)
    ) {
      found.push(element.value);
    }
    if (isPluralElement(element) || isSelectElement(element)) {
      for (const option of Object.values(element.options))
        found.push(...argumentNames(option.value));
    }
    if (isTagElement(element)) found.push(...argumentNames(element.children));
  }
  return found;
}

it('en.json is not empty and is sorted by key', () => {
  expect(enKeys.length).toBeGreaterThan(10);
  for (const locale of LOCALES) {
    const keys = Object.keys(catalogs[locale]);
    expect(keys).toEqual([...keys].sort());
  }
});

describe.each(LOCALES)('%s catalog', (locale) => {
  const catalog = catalogs[locale];

  it('has exactly the keys of en.json', () => {
    expect(Object.keys(catalog).sort()).toEqual(enKeys);
  });

  it('has no empty message and every message parses as ICU', () => {
    for (const [id, message] of Object.entries(catalog)) {
      expect({ id, empty: message.trim() === '' }).toEqual({ id, empty: false });
      expect(() => parse(message)).not.toThrow();
    }
  });

  it('uses the CLDR plural categories of the language', () => {
    const required = requiredPlurals(locale);
    for (const [id, message] of Object.entries(catalog)) {
      for (const plural of plurals(parse(message))) {
        const missing = required.filter((c) => !plural.options.includes(c));
        expect({ id, missing }).toEqual({ id, missing: [] });
      }
    }
  });

  it('keeps the placeholders of the English message', () => {
    // From the parsed message: a select branch's text such as '{Tellija}' is not a placeholder.
    const names = (message: string) => argumentNames(parse(message)).sort();
    for (const id of enKeys) {
      expect({ id, names: [...new Set(names(catalog[id]))] }).toEqual({
        id,
        names: [...new Set(names(catalogs.en[id]))],
      });
    }
  });

  if (locale !== 'en') {
    it('is really translated: most messages differ from English', () => {
      const same = enKeys.filter((id) => catalog[id] === catalogs.en[id]);
      expect(same.length / enKeys.length).toBeLessThan(0.15);
    });
  }
});
