import {
  CONTACT_MARKER as M,
  findContacts,
  maskContacts,
  splitMasked,
} from '../../src/shared/contactMask';

describe('maskContacts hides phone numbers', () => {
  it.each([
    ['+371 29123456', `${M}`],
    ['+37129123456', `${M}`],
    ['+371 29 123 456', `${M}`],
    ['29123456', `${M}`],
    ['29 123 456', `${M}`],
    ['2912 3456', `${M}`],
    ['29-12-34-56', `${M}`],
    ['29.12.34.56', `${M}`],
    ['(+371) 2912 3456', `${M}`],
    ['8-800-555-35-35', `${M}`],
    ['8 (800) 555-35-35', `${M}`],
    ['+7 (912) 345-67-89', `${M}`],
    ['+370 612 34567', `${M}`],
    ['8 612 34567', `${M}`],
    ['2 9 1 2 3 4 5 6', `${M}`],
    ['+90 532 123 45 67', `${M}`],
  ])('%s', (input, expected) => {
    expect(maskContacts(input)).toBe(expected);
  });

  it('in Latvian, Russian and Lithuanian sentences', () => {
    expect(maskContacts('Zvaniet man uz 29 123 456, lūdzu!')).toBe(`Zvaniet man uz ${M}, lūdzu!`);
    expect(maskContacts('Позвоните: +7 912 345-67-89 после 18:00')).toBe(
      `Позвоните: ${M} после 18:00`,
    );
    expect(maskContacts('Skambinkite +370 612 34567 bet kada')).toBe(`Skambinkite ${M} bet kada`);
  });
});

describe('maskContacts hides email addresses', () => {
  it.each([
    'anna@gmail.com',
    'anna.berzina+talka@inbox.lv',
    'anna @ gmail . com',
    'anna at gmail dot com',
    'anna (at) gmail (dot) com',
    'anna[at]gmail[dot]com',
    'anna(@)gmail(.)com',
    'иван собака mail точка ru',
    'jonas eta gmail taškas lt',
    'jānis@pasts.lv',
  ])('%s', (input) => {
    expect(maskContacts(input)).toBe(M);
  });

  it('in Latvian, Russian and Lithuanian sentences', () => {
    expect(maskContacts('Rakstiet uz janis at inbox dot lv, atbildēšu.')).toBe(
      `Rakstiet uz ${M}, atbildēšu.`,
    );
    expect(maskContacts('Пишите на ivan@mail.ru.')).toBe(`Пишите на ${M}.`);
    expect(maskContacts('Rašykite jonas@gmail.com arba skambinkite')).toBe(
      `Rašykite ${M} arba skambinkite`,
    );
  });
});

describe('maskContacts hides links', () => {
  it.each([
    ['https://example.com/path?a=1', M],
    ['http://janis.lv', M],
    ['www.x.lv', M],
    ['WWW.Example.COM/portfolio', M],
    ['janis.lv', M],
    ['t.me/janis', M],
    ['wa.me/37129123456', M],
    ['See www.remonts.lv.', `See ${M}.`],
    ['(https://talka.example.com)', `(${M})`],
    ['Mans portfolio: https://portfolio.lv/darbi, skatiet!', `Mans portfolio: ${M}, skatiet!`],
  ])('%s', (input, expected) => {
    expect(maskContacts(input)).toBe(expected);
  });
});

describe('maskContacts leaves ordinary text alone', () => {
  it.each([
    'The budget is 150 EUR.',
    'Budžets 1 500 EUR, varbūt 2 000 eiro.',
    'Бюджет 1500-2000 евро',
    'Бюджет 15 000 руб.',
    'Biudžetas 1500 eurų',
    '€1 500 – €2 000',
    'EUR 25000',
    'Budget 1500-2000',
    'Start 12.05.2026 at 10:00',
    'Sākums 12.05.2026. plkst. 9:00–18:00',
    'Начало 2026-05-12, с 9:00 до 18:00',
    'Pradžia 2026.05.12',
    'Between 2025 – 2026',
    'Room 12, floor 3, 45 m2, 3 windows',
    'I need 2 people for 3 hours',
    'Rīga, Brīvības iela 68-12',
    'Would you meet at the cafe?',
    'A dot at the end.',
    'Can you paint it e.g. white?',
    'Good work and fair price.No hurry',
    'Скидка 10% на 2-3 дня',
  ])('%s', (input) => {
    expect(findContacts(input)).toEqual([]);
    expect(maskContacts(input)).toBe(input);
  });
});

describe('markers', () => {
  it('drops a pasted marker, so every marker served is the mask', () => {
    expect(maskContacts(`a${M}b`)).toBe('ab');
  });

  it('masks several details in one text, each as one marker', () => {
    expect(maskContacts('Call 29123456 or mail a@b.lv, see www.x.lv')).toBe(
      `Call ${M} or mail ${M}, see ${M}`,
    );
  });

  it('splits a served text into parts and hidden markers', () => {
    expect(splitMasked(`Call ${M} now${M}`)).toEqual([
      { text: 'Call ', hidden: false },
      { text: '', hidden: true },
      { text: ' now', hidden: false },
      { text: '', hidden: true },
    ]);
  });

  it('names the kind of each span', () => {
    expect(findContacts('29123456 a@b.lv x.lv').map((s) => s.kind)).toEqual([
      'phone',
      'email',
      'link',
    ]);
  });
});
