/**
 * Estonian addresses the user formally (teie) everywhere: catalog, server messages, emails, reasons
 * (docs/i18n/GLOSSARY.md). A short command label (a button or link: the imperative is its first
 * word and it is not a sentence) keeps the singular imperative Estonian interfaces use for commands.
 */
import { readableText, textsOf } from '../support/i18nTexts';

const word = (words: string[]): string =>
  `(?<![\\p{L}\\p{N}])(?:${words.join('|')})(?![\\p{L}\\p{N}])`;

/** The informal pronoun in every case it is written in, and the 2nd person singular of verbs. */
const INFORMAL = new RegExp(
  word([
    'sina',
    'sinu',
    'sul',
    'sulle',
    'sind',
    'sinul',
    'sinult',
    'sinuga',
    'sinust',
    'sinuni',
    'oled',
    'saad',
    'räägid',
    'töötad',
    'leiad',
    'tegeled',
    'pead',
    'soovid',
  ]),
  'iu',
);

/** Singular imperatives found in sentences (and fixed to -ge/-ke): "Kasuta…" → "Kasutage…". */
const SINGULAR_IMPERATIVES = [
  'kasuta',
  'sisesta',
  'vali',
  'kontrolli',
  'proovi',
  'oota',
  'mine',
  'ole',
  'ava',
  'vaata',
  'loo',
  'logi',
  'kinnita',
  'nõustu',
  'registreeru',
  'kirjelda',
  'võrdle',
  'suhtle',
  'saa',
  'hakka',
  'vasta',
  'ütle',
  'jäta',
  'leia',
];
// "ei ole", "ei saa", "ega kasuta" are the negative indicative, not imperatives.
const IMPERATIVE = new RegExp(`(?<!(?:^|\\s)(?:ei|ega)\\s)${word(SINGULAR_IMPERATIVES)}`, 'iu');
const IMPERATIVE_FIRST = new RegExp(`^${word(SINGULAR_IMPERATIVES)}`, 'iu');

/** A command label: starts with the imperative and is not a sentence (no . ! ? : inside). */
const isCommandLabel = (line: string): boolean =>
  IMPERATIVE_FIRST.test(line) && !/[.!?:]/.test(line);

const etTexts = textsOf('et').map((t) => ({ source: t.source, words: readableText(t) }));

it('no Estonian text uses the informal second person (sina, sinu, sul, oled…)', () => {
  const found = etTexts.filter(({ words }) => INFORMAL.test(words));
  expect(found).toEqual([]);
});

it('no Estonian sentence uses a singular imperative (Kasuta, Mine, Ole…): they are plural', () => {
  const found = etTexts.filter(({ words }) =>
    words
      .split('\n')
      .map((line) => line.trim())
      .some((line) => IMPERATIVE.test(line) && !isCommandLabel(line)),
  );
  expect(found).toEqual([]);
});

it('a command label is one thing and a sentence another', () => {
  expect(isCommandLabel('Proovi uuesti')).toBe(true);
  expect(isCommandLabel('Kinnita ja logi sisse')).toBe(true);
  expect(isCommandLabel('Mine avalehele.')).toBe(false);
  expect(isCommandLabel('Pakkumise tegemiseks logi sisse')).toBe(false);
  expect(IMPERATIVE.test('See väärtus ei ole kehtiv.')).toBe(false);
  expect(IMPERATIVE.test('Me ei müü andmeid ega kasuta neid reklaamiks.')).toBe(false);
  expect(IMPERATIVE.test('Ole esimene, kes ühe lisab!')).toBe(true);
});
