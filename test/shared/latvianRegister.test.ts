/**
 * Latvian addresses the user with the polite plural "jūs" (docs/i18n/GLOSSARY.md), and with it a past
 * participle takes the plural whoever reads it: "Jūs jau esat ziņojuši", "kamēr bijāt pieteikušies",
 * never the singular "esat ziņojis" or "būdams pieteicies" (which also assumes a man).
 */
import { readableText, textsOf } from '../support/i18nTexts';

/** "esat/neesat/bijāt" and up to three words later a singular active participle (-is, -usi, -ies, -usies; the plural -ušies is not). */
const SINGULAR_AFTER_JUS =
  /(?<![\p{L}])(?:esat|neesat|bijāt|nebijāt)(?:\s+\p{L}+){0,3}?\s+\p{L}+(?:is|usi|(?<!uš)ies)(?![\p{L}])/iu;
/** The singular participles of "būt" that agree with one man or one woman, and "esiet pirmais"-like adjectives. */
const BUDAMS = /(?<![\p{L}])(?:būdams|būdama|(?:esiet|esat)\s+\p{L}+ais)(?![\p{L}])/iu;

it('uses the plural participle with the polite jūs in every Latvian text', () => {
  const found = textsOf('lv')
    .map((text) => ({ source: text.source, words: readableText(text) }))
    .filter(({ words }) => SINGULAR_AFTER_JUS.test(words) || BUDAMS.test(words))
    .map(({ source, words }) => `${source}: ${words}`);
  expect(found).toEqual([]);
});

it('tells the singular from the plural and from nouns', () => {
  for (const wrong of [
    'Jūs jau esat ziņojis par šo uzdevumu',
    'Jūs vēl neesat ne par ko ziņojis.',
    'par kuriem ziņojāt, būdams pieteicies',
    'Esiet pirmais, kas to pievieno!',
  ])
    expect({ wrong, caught: SINGULAR_AFTER_JUS.test(wrong) || BUDAMS.test(wrong) }).toEqual({
      wrong,
      caught: true,
    });
  for (const right of [
    'Jūs jau esat ziņojuši par šo uzdevumu',
    'Jūs esat pievienojuši 10 attēlu',
    'Jūs jau esat izpildītājs.',
    'kamēr bijāt pieteikušies',
  ])
    expect({ right, caught: SINGULAR_AFTER_JUS.test(right) || BUDAMS.test(right) }).toEqual({
      right,
      caught: false,
    });
});
