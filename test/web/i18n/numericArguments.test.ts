/**
 * Numbers in messages are formatted by the language, never printed raw (issue 17, "every message with
 * a numeric argument formatted as plural or number"): a bare `{max}` prints "500000" where lv says
 * "500 000" and puts "12 attēlus" where the genitive "12 attēlu" belongs.
 *
 * The rule, over every message of the six catalogs and of the API's own messages
 * (src/server/i18n/messages.ts): an argument is numeric when
 *   - its name is one of NUMERIC_NAMES below (every call site passes a number under these names), or
 *   - any language formats it, in the same message, as `plural`, `selectordinal` or `number`;
 * and a numeric argument must never appear as a bare `{name}`: a counted noun after it takes
 * `{name, plural, …}` with every CLDR category (catalogs.test.ts checks the categories), a number
 * standing alone (a limit, a size, a page, a rating) takes `{name, number}`.
 *
 * Money is not a bare number: `price`, `amount`, `from` and `to` are passed already formatted by the
 * shared currency formatter (formatEuro, src/shared/money.ts), so they are strings and stay `{name}`.
 * Validation limits on amounts (`validation.budget_min`/`budget_max`) come from the shared schema as
 * numbers and use `{min, number}` / `{max, number}`.
 */
import {
  isArgumentElement,
  isNumberElement,
  isPluralElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { serverMessages } from '../../../src/server/i18n/messages';
import { LOCALES, type Locale } from '../../../src/shared/locales';
import { catalogOf } from '../../support/i18nTexts';

/** Argument names that always carry a number (add a name here when a call site passes a new one). */
const NUMERIC_NAMES = [
  'count',
  'days',
  'hours',
  'index',
  'km',
  'limit',
  'max',
  'min',
  'minutes',
  'n',
  'number',
  'page',
  'pages',
  'percent',
  'radius',
  'rate',
  'rating',
  'size',
  'stars',
  'total',
] as const;

interface Arguments {
  bare: Set<string>;
  formatted: Set<string>;
}

function collect(elements: MessageFormatElement[], found: Arguments): Arguments {
  for (const element of elements) {
    if (isArgumentElement(element)) found.bare.add(element.value);
    if (isNumberElement(element) || isPluralElement(element)) found.formatted.add(element.value);
    if (isPluralElement(element) || isSelectElement(element))
      for (const option of Object.values(element.options)) collect(option.value, found);
    if (isTagElement(element)) collect(element.children, found);
  }
  return found;
}

const argumentsOf = (message: string): Arguments =>
  collect(parse(message), { bare: new Set(), formatted: new Set() });

/** "locale id {name}" for every numeric argument written bare, over one set of messages by id. */
function bareNumbers(messagesByLocale: Partial<Record<Locale, Record<string, string>>>): string[] {
  const problems: string[] = [];
  const locales = Object.keys(messagesByLocale) as Locale[];
  const ids = new Set(locales.flatMap((locale) => Object.keys(messagesByLocale[locale] ?? {})));
  for (const id of ids) {
    const parsed = locales.flatMap((locale) => {
      const message = messagesByLocale[locale]?.[id];
      return message === undefined ? [] : [{ locale, args: argumentsOf(message) }];
    });
    const numeric = new Set<string>(NUMERIC_NAMES);
    for (const { args } of parsed) for (const name of args.formatted) numeric.add(name);
    for (const { locale, args } of parsed)
      for (const name of args.bare)
        if (numeric.has(name)) problems.push(`${locale} ${id} {${name}}`);
  }
  return problems.sort();
}

describe('numeric arguments', () => {
  it('are formatted as plural or number in every catalog message', () => {
    const catalogs = Object.fromEntries(LOCALES.map((locale) => [locale, catalogOf(locale)]));
    expect(bareNumbers(catalogs)).toEqual([]);
  });

  it('are formatted as plural or number in every message of the API', () => {
    expect(bareNumbers(serverMessages)).toEqual([]);
  });

  it('catches a bare number by its name and by another language formatting it', () => {
    expect(
      bareNumbers({
        en: { a: 'At most {max} characters', b: '{total} of {of}', c: 'Hello {name}' },
        lv: { a: 'Ne vairāk kā {max, number}', b: '{total, number} no {of, number}', c: '{name}' },
      }),
    ).toEqual(['en a {max}', 'en b {of}', 'en b {total}']);
  });
});
