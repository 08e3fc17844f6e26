/**
 * The production build splits each catalog by id prefix (scripts/webpack/compiledMessagesLoader.cjs,
 * `?core`, `?home`, `?list`, `?task`, `?party`, `?later`): every id must be in exactly one part,
 * compiled, the ids the shell uses in `core`, which every page has (src/web/i18n/pageMessages.ts),
 * and an id in the part of its longest prefix.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../../src/shared/locales';

type Loader = ((
  this: { resourceQuery: string; resourcePath: string },
  source: string,
) => string) & {
  PARTS: Record<string, string[]>;
  partOf: (id: string) => string;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is CommonJS
const loader = require('../../../scripts/webpack/compiledMessagesLoader.cjs') as Loader;
// The parts are keyed by the build's short ids (test/web/build/messageIds.test.ts): back to the ids.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, as above
const { shortIds } = require('../../../scripts/webpack/messageIds.cjs') as {
  shortIds: () => Map<string, string>;
};
const longId = new Map([...shortIds()].map(([id, short]) => [short, id]));
const unshorten = (compiled: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(compiled).map(([key, value]) => [longId.get(key) ?? key, value]),
  );
const PART_NAMES = ['core', 'home', 'list', 'task', 'party', 'later'];

const root = path.join(__dirname, '../../..');
const run = (locale: string, query: string): Record<string, unknown> => {
  const resourcePath = path.join(root, 'translations', `${locale}.json`);
  const source = fs.readFileSync(resourcePath, 'utf8');
  return unshorten(
    JSON.parse(loader.call({ resourceQuery: query, resourcePath }, source)) as Record<
      string,
      unknown
    >,
  );
};

describe.each(LOCALES)('the %s catalog in parts', (locale) => {
  const catalog = JSON.parse(
    fs.readFileSync(path.join(root, 'translations', `${locale}.json`), 'utf8'),
  ) as Record<string, string>;
  const parts = Object.fromEntries(PART_NAMES.map((part) => [part, run(locale, `?${part}`)]));
  const prefixesOf = (part: string) =>
    [...new Set(Object.keys(parts[part] ?? {}).map((id) => id.split('.')[0]))].sort();

  it('has every id in exactly one part, compiled to an AST', () => {
    const ids = Object.keys(catalog).sort();
    const all = PART_NAMES.flatMap((part) => Object.keys(parts[part] ?? {}));
    expect(all.sort()).toEqual(ids);
    for (const part of PART_NAMES) {
      for (const value of Object.values(parts[part] ?? {})) expect(Array.isArray(value)).toBe(true);
    }
    // No query (development-like use of the loader): the whole catalog.
    expect(Object.keys(run(locale, '')).sort()).toEqual(ids);
  });

  it('splits by the longest prefix of each id, the shell’s in core', () => {
    const partOfId = (id: string) => PART_NAMES.find((part) => id in (parts[part] ?? {}));
    for (const id of Object.keys(catalog)) {
      const prefixes = Object.entries(loader.PARTS).flatMap(([part, list]) =>
        list.filter((prefix) => id === prefix || id.startsWith(`${prefix}.`)).map((p) => [p, part]),
      );
      const longest = prefixes.sort(([a], [b]) => (b?.length ?? 0) - (a?.length ?? 0))[0];
      expect([id, partOfId(id)]).toEqual([id, longest?.[1] ?? 'core']);
    }
    for (const prefix of ['app', 'common', 'errors', 'session', 'ui', 'categories', 'push']) {
      expect(prefixesOf('core')).toContain(prefix);
    }
    expect(prefixesOf('home')).toEqual(['home']);
    expect(prefixesOf('list')).toEqual(['taskList']);
    expect(prefixesOf('task')).toEqual([
      'lightbox',
      'map',
      'offers',
      'questions',
      'reports',
      'tasks',
    ]);
    expect(prefixesOf('party')).toEqual(['chat', 'completion', 'offers', 'tasks']);
    // What a visitor's task page shows is not in the parties' part, and the reverse.
    expect(partOfId('offers.make.button')).toBe('task');
    expect(partOfId('offers.make.loginTooltip')).toBe('task');
    expect(partOfId('offers.form.price')).toBe('party');
    expect(partOfId('completion.reviews.byCustomer')).toBe('party');
    expect(partOfId('tasks.detail.delete.confirm')).toBe('party');
    expect(partOfId('tasks.detail.contacts.phone')).toBe('party');
    expect(partOfId('tasks.detail.description')).toBe('task');
    // The login page's texts wait for it; the menu's link to it is the shell's.
    expect(partOfId('session.login.title')).toBe('later');
    expect(partOfId('session.menu.login')).toBe('core');
    expect(loader.partOf('session.loginx')).toBe('core');
  });
});
