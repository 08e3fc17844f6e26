/**
 * Counts read as a native writes them: every plural message of en, lv, lt, ru, tr and et is rendered for
 * 0, 1, 2, 5, 11, 21, 22, 25 and 100, and the messages whose grammar was wrong are checked word by word
 * against the table below. Server messages must spell out every CLDR category too (the catalogs are
 * checked in catalogs.test.ts).
 */
import {
  isPluralElement,
  isSelectElement,
  isTagElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { serverMessages } from '../../src/server/i18n/messages';
import type { Locale } from '../../src/shared/locales';
import { catalogOf } from '../support/i18nTexts';

const NUMBERS = [0, 1, 2, 5, 11, 21, 22, 25, 100] as const;

/**
 * The word after the number for each of NUMBERS in turn (nine words). Latvian takes the genitive
 * plural after 0
 * and the indeclinable numbers (10–20, 30…, 100); Lithuanian the genitive plural after 0, 10–20, 30…,
 * the accusative plural after 2–9 as an object; Russian "не более" takes the genitive.
 */
const EXPECTED: Partial<Record<Locale, Record<string, string>>> = {
  lv: {
    'taskList.results.total':
      'uzdevumu uzdevums uzdevumi uzdevumi uzdevumu uzdevums uzdevumi uzdevumi uzdevumu',
    'freelancers.results.total':
      'izpildītāju izpildītājs izpildītāji izpildītāji izpildītāju izpildītājs izpildītāji izpildītāji izpildītāju',
    'completion.rating.star':
      'zvaigžņu zvaigzne zvaigznes zvaigznes zvaigžņu zvaigzne zvaigznes zvaigznes zvaigžņu',
    'validation.too_many_images':
      'attēlu attēlu attēlus attēlus attēlu attēlu attēlus attēlus attēlu',
    'validation.too_many_locations':
      'adrešu adresi adreses adreses adrešu adresi adreses adreses adrešu',
    'validation.too_many_categories':
      'kategoriju kategoriju kategorijas kategorijas kategoriju kategoriju kategorijas kategorijas kategoriju',
    'registration.errors.tooManyCategories':
      'kategoriju kategoriju kategorijas kategorijas kategoriju kategoriju kategorijas kategorijas kategoriju',
    'validation.max_length':
      'rakstzīmju rakstzīmi rakstzīmes rakstzīmes rakstzīmju rakstzīmi rakstzīmes rakstzīmes rakstzīmju',
    'profile.errors.minLength':
      'rakstzīmju rakstzīmi rakstzīmes rakstzīmes rakstzīmju rakstzīmi rakstzīmes rakstzīmes rakstzīmju',
    'registration.passwordHint':
      'rakstzīmju rakstzīme rakstzīmes rakstzīmes rakstzīmju rakstzīme rakstzīmes rakstzīmes rakstzīmju',
    'ui.imageDropzone.tooMany': 'attēlu attēls attēli attēli attēlu attēls attēli attēli attēlu',
    'validation.description_length':
      'rakstzīmēm rakstzīmei rakstzīmēm rakstzīmēm rakstzīmēm rakstzīmei rakstzīmēm rakstzīmēm rakstzīmēm',
    'completion.feedback.length':
      'rakstzīmēm rakstzīmei rakstzīmēm rakstzīmēm rakstzīmēm rakstzīmei rakstzīmēm rakstzīmēm rakstzīmēm',
    // "no 10 līdz 500 rakstzīmēm": the dative after "līdz", as in validation.description_length.
    'moderation.reason.hint':
      'rakstzīmēm rakstzīmei rakstzīmēm rakstzīmēm rakstzīmēm rakstzīmei rakstzīmēm rakstzīmēm rakstzīmēm',
    'moderation.reason.questionHint':
      'rakstzīmēm rakstzīmei rakstzīmēm rakstzīmēm rakstzīmēm rakstzīmei rakstzīmēm rakstzīmēm rakstzīmēm',
    'moderation.reason.noteHint':
      'rakstzīmju rakstzīme rakstzīmes rakstzīmes rakstzīmju rakstzīme rakstzīmes rakstzīmes rakstzīmju',
  },
  lt: {
    'taskList.results.total':
      'užduočių užduotis užduotys užduotys užduočių užduotis užduotys užduotys užduočių',
    'profile.errors.maxLength':
      'simbolių simbolį simbolius simbolius simbolių simbolį simbolius simbolius simbolių',
    'validation.too_many_categories':
      'kategorijų kategoriją kategorijas kategorijas kategorijų kategoriją kategorijas kategorijas kategorijų',
    'validation.too_many_images':
      'nuotraukų nuotrauką nuotraukas nuotraukas nuotraukų nuotrauką nuotraukas nuotraukas nuotraukų',
    'registration.passwordHint':
      'simbolių simbolis simboliai simboliai simbolių simbolis simboliai simboliai simbolių',
    'completion.rating.star':
      'žvaigždučių žvaigždutė žvaigždutės žvaigždutės žvaigždučių žvaigždutė žvaigždutės žvaigždutės žvaigždučių',
    'validation.title_length':
      'simbolių simbolio simbolių simbolių simbolių simbolio simbolių simbolių simbolių',
    'moderation.reason.hint':
      'simbolių simbolio simbolių simbolių simbolių simbolio simbolių simbolių simbolių',
    'moderation.reason.noteHint':
      'simbolių simbolis simboliai simboliai simbolių simbolis simboliai simboliai simbolių',
    // A task alert is "prenumerata" (pranešimas is the report): the object of "Turite".
    'alerts.page.count':
      'prenumeratų prenumeratą prenumeratas prenumeratas prenumeratų prenumeratą prenumeratas prenumeratas prenumeratų',
  },
  ru: {
    'taskList.results.total':
      'заданий задание задания заданий заданий задание задания заданий заданий',
    'profile.errors.maxLength':
      'символов символа символов символов символов символа символов символов символов',
    'validation.too_many_categories':
      'категорий категории категорий категорий категорий категории категорий категорий категорий',
    'validation.title_length':
      'символов символа символов символов символов символа символов символов символов',
    'moderation.reason.noteHint':
      'символов символа символов символов символов символа символов символов символов',
  },
  tr: {
    'taskList.results.total': 'görev görev görev görev görev görev görev görev görev',
    'chat.panel.unread':
      'okunmamış okunmamış okunmamış okunmamış okunmamış okunmamış okunmamış okunmamış okunmamış',
    'completion.rating.star': 'yıldız yıldız yıldız yıldız yıldız yıldız yıldız yıldız yıldız',
    'validation.max_length':
      'karakter karakter karakter karakter karakter karakter karakter karakter karakter',
    'validation.too_many_images': 'görsel görsel görsel görsel görsel görsel görsel görsel görsel',
    'validation.too_many_locations': 'adres adres adres adres adres adres adres adres adres',
    'moderation.reason.noteHint':
      'karakter karakter karakter karakter karakter karakter karakter karakter karakter',
    'alerts.page.count':
      'alarmınız alarmınız alarmınız alarmınız alarmınız alarmınız alarmınız alarmınız alarmınız',
  },
  et: {
    'taskList.results.total':
      'ülesannet ülesanne ülesannet ülesannet ülesannet ülesannet ülesannet ülesannet ülesannet',
    'completion.rating.star': 'tärni tärn tärni tärni tärni tärni tärni tärni tärni',
    'validation.min_length': 'märki märki märki märki märki märki märki märki märki',
    'registration.passwordHint': 'märki märk märki märki märki märki märki märki märki',
    'validation.title_length': 'märki märgi märki märki märki märki märki märki märki',
    'validation.too_many_images': 'pilti pilt pilti pilti pilti pilti pilti pilti pilti',
    'validation.too_many_categories':
      'kategooriat kategooria kategooriat kategooriat kategooriat kategooriat kategooriat kategooriat kategooriat',
    'validation.too_many_locations':
      'aadressi aadress aadressi aadressi aadressi aadressi aadressi aadressi aadressi',
    'ui.imageDropzone.full': 'pilti pildi pilti pilti pilti pilti pilti pilti pilti',
  },
  // Issue 17: English counts too ("1 character", "0 characters").
  en: {
    'validation.max_length':
      'characters character characters characters characters characters characters characters characters',
    'validation.title_length':
      'characters character characters characters characters characters characters characters characters',
    'validation.too_many_categories':
      'categories category categories categories categories categories categories categories categories',
    'validation.too_many_locations':
      'addresses address addresses addresses addresses addresses addresses addresses addresses',
    'ui.imageDropzone.full': 'images image images images images images images images images',
    'taskForm.counter.label':
      'characters character characters characters characters characters characters characters characters',
  },
};

const LANGUAGES = ['en', 'lv', 'lt', 'ru', 'tr', 'et'] as const;

/** The plural elements of a message, nested ones too. */
function plurals(elements: MessageFormatElement[]): Array<{ value: string; options: string[] }> {
  const found: Array<{ value: string; options: string[] }> = [];
  for (const element of elements) {
    if (isPluralElement(element))
      found.push({ value: element.value, options: Object.keys(element.options) });
    if (isPluralElement(element) || isSelectElement(element))
      for (const option of Object.values(element.options)) found.push(...plurals(option.value));
    if (isTagElement(element)) found.push(...plurals(element.children));
  }
  return found;
}

/** Values for every argument: the plural's gets n, the others a stand-in. */
function render(locale: Locale, message: string, n: number): string {
  const counted = new Set(plurals(parse(message)).map((p) => p.value));
  const values = new Proxy({} as Record<string, string | number>, {
    get: (_target, name: string) => (counted.has(name) ? n : 'X'),
    has: () => true,
  });
  return String(new IntlMessageFormat(message, locale).format(values));
}

/** Each rendering of the message says "<n> <word>" with the word of the table for that n. */
function expectWords(locale: Locale, message: string, words: string): void {
  const rendered = NUMBERS.map((n) => render(locale, message, n));
  const expected = NUMBERS.map((n, i) => `${n} ${words.split(' ')[i]}`);
  expect(rendered.map((text, i) => (text.includes(expected[i]) ? expected[i] : text))).toEqual(
    expected,
  );
}

describe.each(LANGUAGES)('%s', (locale) => {
  const catalog = catalogOf(locale);
  const pluralIds = Object.keys(catalog).filter((id) => plurals(parse(catalog[id])).length > 0);

  it('renders every plural message for 0, 1, 2, 5, 11, 21, 22, 25 and 100', () => {
    expect(pluralIds.length).toBeGreaterThan(5);
    for (const id of pluralIds)
      for (const n of NUMBERS) {
        const text = render(locale, catalog[id], n);
        expect({ id, n, ok: text.length > 0 && !text.includes('{') }).toEqual({ id, n, ok: true });
      }
  });

  const table = Object.entries(EXPECTED[locale] ?? {});
  it.each(table)('%s says the number with the right word', (id, words) => {
    expectWords(locale, catalog[id], words);
  });
});

/** The API's own validation messages (src/server/i18n/messages.ts), word by word as above. */
const SERVER_EXPECTED: Partial<Record<Locale, Record<string, string>>> = {
  lv: {
    'validation.min_length':
      'rakstzīmju rakstzīmi rakstzīmes rakstzīmes rakstzīmju rakstzīmi rakstzīmes rakstzīmes rakstzīmju',
    'validation.max_length':
      'rakstzīmju rakstzīmi rakstzīmes rakstzīmes rakstzīmju rakstzīmi rakstzīmes rakstzīmes rakstzīmju',
  },
  lt: {
    'validation.max_length':
      'simbolių simbolį simbolius simbolius simbolių simbolį simbolius simbolius simbolių',
    'alerts.too_many':
      'prenumeratų prenumeratą prenumeratas prenumeratas prenumeratų prenumeratą prenumeratas prenumeratas prenumeratų',
  },
  en: {
    'validation.min_length':
      'characters character characters characters characters characters characters characters characters',
    'alerts.too_many': 'alerts alert alerts alerts alerts alerts alerts alerts alerts',
  },
  tr: {
    'validation.max_length':
      'karakter karakter karakter karakter karakter karakter karakter karakter karakter',
  },
  et: {
    'validation.max_length': 'märki märki märki märki märki märki märki märki märki',
    'alerts.too_many':
      'teavitust teavituse teavitust teavitust teavitust teavitust teavitust teavitust teavitust',
  },
};

describe.each([...LANGUAGES] as Locale[])('%s server messages', (locale) => {
  it('spell out every CLDR plural category of the language', () => {
    const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    for (const [id, message] of Object.entries(serverMessages[locale]))
      for (const plural of plurals(parse(message))) {
        const missing = categories.filter((c) => !plural.options.includes(c));
        expect({ id, missing }).toEqual({ id, missing: [] });
      }
  });

  const messages: Record<string, string> = serverMessages[locale];
  const table = Object.entries(SERVER_EXPECTED[locale] ?? {});
  if (table.length > 0)
    it.each(table)('%s says the number with the right word', (id, words) => {
      expectWords(locale, messages[id], words);
    });
});
