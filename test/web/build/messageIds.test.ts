/**
 * Production builds ship short message ids (scripts/webpack/messageIds.cjs, issue 15's sizes): the
 * descriptors in our sources get them from stripDefaultMessagesLoader.cjs and the catalogs' keys from
 * compiledMessagesLoader.cjs. A message looked up by an id written anywhere else (a string built at
 * runtime, a descriptor without its English text) would find nothing in a production catalog, so
 * this checks every source the SPA's build compiles: after the loader, no catalog id is left.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { LOCALES } from '../../../src/shared/locales';

type Loader = (this: { resourcePath: string; resourceQuery?: string }, source: string) => string;
/* eslint-disable @typescript-eslint/no-require-imports -- the build's loaders are CommonJS */
const strip = require('../../../scripts/webpack/stripDefaultMessagesLoader.cjs') as Loader;
const compile = require('../../../scripts/webpack/compiledMessagesLoader.cjs') as Loader;
const { shortIds, isKept } = require('../../../scripts/webpack/messageIds.cjs') as {
  shortIds: () => Map<string, string>;
  isKept: (id: string) => boolean;
};
/* eslint-enable @typescript-eslint/no-require-imports */

const root = path.join(__dirname, '../../..');
const english = JSON.parse(
  fs.readFileSync(path.join(root, 'translations/en.json'), 'utf8'),
) as Record<string, string>;
const table = shortIds();
const short = (id: string) => table.get(id) as string;

const run = (resourcePath: string, source: string) => strip.call({ resourcePath }, source);

describe('the short ids', () => {
  it('give every catalog id but the validation ones a short one of its own', () => {
    const renamed = Object.keys(english).filter((id) => !id.startsWith('validation.'));
    expect([...table.keys()].sort()).toEqual(renamed.sort());
    const shorts = [...table.values()];
    expect(new Set(shorts).size).toBe(shorts.length);
    for (const value of shorts) expect(value).toMatch(/^[0-9a-z]{1,3}$/);
    expect(isKept('validation.required')).toBe(true);
    expect(isKept('tasks.detail.description')).toBe(false);
  });
});

describe('stripDefaultMessagesLoader', () => {
  const source = `
    import { defineMessages } from 'react-intl';
    export const messages = defineMessages({
      description: { id: 'tasks.detail.description', defaultMessage: 'Description', description: 'a heading' },
      required: { id: 'validation.required', defaultMessage: 'This field is required.' },
    });
    export const title = { id: 'task-detail-title', className: 'x' };
    export const bare = { id: 'tasks.detail.description' };
  `;
  const out = run('/src/web/x.tsx', source);

  it("gives a descriptor the build's short id and drops its English text", () => {
    expect(out).toMatch(
      new RegExp(`description: \\{ id: "${short('tasks.detail.description')}",\\s*\\}`),
    );
    expect(out).not.toContain('defaultMessage');
    expect(out).not.toContain('a heading');
  });

  it('keeps the validation ids, which the API names, and ids that are not descriptors', () => {
    expect(out).toMatch(/required: \{ id: 'validation\.required',\s*\}/);
    expect(out).toContain("{ id: 'task-detail-title', className: 'x' }");
    // Not a descriptor: left as written (and caught by the check of the sources below).
    expect(out).toContain("bare = { id: 'tasks.detail.description' }");
  });
});

/** The SPA's sources: what the production build compiles with the loader. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Catalog ids left in a compiled source: literals, and template prefixes of ids ('tasks.${x}'). */
function longIdsIn(file: string, code: string): string[] {
  const tree = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const prefixes = [...table.keys()];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (table.has(node.text)) found.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      const head = node.head.text;
      if (head.includes('.') && prefixes.some((id) => id.startsWith(head)))
        found.push(`${head}\${…}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

it("leaves no catalog id in the SPA's sources after the loader (each is a descriptor's)", () => {
  const files = [...sources(path.join(root, 'src/web')), ...sources(path.join(root, 'src/shared'))];
  expect(files.length).toBeGreaterThan(100);
  const left: string[] = [];
  for (const file of files) {
    const out = run(file, fs.readFileSync(file, 'utf8'));
    for (const id of longIdsIn(file, out)) left.push(`${path.relative(root, file)}: ${id}`);
  }
  expect(left).toEqual([]);
  // The check itself finds one.
  expect(longIdsIn('x.ts', "const bare = { id: 'tasks.detail.description' };")).toEqual([
    'tasks.detail.description',
  ]);
  expect(longIdsIn('x.ts', 'const id = `tasks.detail.${name}`;')).toHaveLength(1);
});

describe.each(LOCALES)('the %s catalog compiled', (locale) => {
  it('is keyed by the short ids, the validation ids as they are', () => {
    const resourcePath = path.join(root, 'translations', `${locale}.json`);
    const source = fs.readFileSync(resourcePath, 'utf8');
    const compiled = JSON.parse(
      compile.call({ resourcePath, resourceQuery: '' }, source),
    ) as Record<string, unknown>;
    const expected = Object.keys(english).map((id) => (isKept(id) ? id : short(id)));
    expect(Object.keys(compiled).sort()).toEqual(expected.sort());
    expect(compiled[short('tasks.detail.description')]).toBeDefined();
    expect(compiled['validation.required']).toBeDefined();
  });
});
