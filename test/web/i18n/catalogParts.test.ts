/**
 * The production build splits each catalog in two (scripts/webpack/compiledMessagesLoader.cjs,
 * `?first` / `?later`): every id must be in exactly one part, compiled, and the ids the shell and
 * the first pages (home, task list, task) use must be in the first part, which they do not wait
 * beyond (src/web/app/router.tsx FIRST_PAGES).
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../../src/shared/locales';

type Loader = ((
  this: { resourceQuery: string; resourcePath: string },
  source: string,
) => string) & {
  LATER: ReadonlySet<string>;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the loader is CommonJS
const loader = require('../../../scripts/webpack/compiledMessagesLoader.cjs') as Loader;

const root = path.join(__dirname, '../../..');
const run = (locale: string, query: string): Record<string, unknown> => {
  const resourcePath = path.join(root, 'translations', `${locale}.json`);
  const source = fs.readFileSync(resourcePath, 'utf8');
  return JSON.parse(loader.call({ resourceQuery: query, resourcePath }, source)) as Record<
    string,
    unknown
  >;
};

describe.each(LOCALES)('the %s catalog in two parts', (locale) => {
  const catalog = JSON.parse(
    fs.readFileSync(path.join(root, 'translations', `${locale}.json`), 'utf8'),
  ) as Record<string, string>;
  const first = run(locale, '?first');
  const later = run(locale, '?later');

  it('has every id in exactly one part, compiled to an AST', () => {
    const ids = Object.keys(catalog).sort();
    expect([...Object.keys(first), ...Object.keys(later)].sort()).toEqual(ids);
    expect(Object.keys(first).filter((id) => id in later)).toEqual([]);
    for (const value of [...Object.values(first), ...Object.values(later)]) {
      expect(Array.isArray(value)).toBe(true);
    }
    // No query (development-like use of the loader): the whole catalog.
    expect(Object.keys(run(locale, '')).sort()).toEqual(ids);
  });

  it('keeps the ids of the shell and the first pages in the first part', () => {
    const prefixes = new Set(Object.keys(later).map((id) => id.split('.')[0]));
    expect([...prefixes].sort()).toEqual([...loader.LATER].sort());
    for (const prefix of ['app', 'common', 'errors', 'session', 'ui', 'categories', 'home']) {
      expect(prefixes.has(prefix)).toBe(false);
    }
    for (const prefix of ['taskList', 'tasks', 'offers', 'completion', 'reports', 'chat']) {
      expect(Object.keys(first).some((id) => id.startsWith(`${prefix}.`))).toBe(true);
    }
  });
});
