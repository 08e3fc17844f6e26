import fs from 'node:fs';
import path from 'node:path';

// scripts/webpack/pureTopLevelCallsLoader.cjs on react-router's real production build (issue 15):
// the module-level component declarations become pure and their displayName statements go, so
// webpack and terser can drop the components the SPA does not import (scripts/size.mjs measures it).
type Loader = (source: string) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS webpack loader
const loader = require('../../../scripts/webpack/pureTopLevelCallsLoader.cjs') as Loader;

const dist = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production',
);
const chunk = fs
  .readdirSync(dist)
  .map((name) => path.join(dist, name))
  .find((file) => file.endsWith('.mjs') && fs.readFileSync(file, 'utf8').includes('var Form ='));

it('finds the build that declares the components', () => {
  expect(chunk).toBeDefined();
});

describe('on react-router’s build', () => {
  const source = fs.readFileSync(chunk as string, 'utf8');
  const out = loader(source);

  it('marks the module-level forwardRef, memo, createContext and Symbol calls pure', () => {
    expect(out).toMatch(/^var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(out).toMatch(/^var NavLink = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(out).toMatch(/^var DataRouterContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/m);
    expect(out).toMatch(/^var MemoizedDataRoutes = \/\* @__PURE__ \*\/ React\d*\.memo\(/m);
    expect(out).not.toMatch(
      /^(?:var|let|const) \w+ = React\d*\.(?:forwardRef|createContext|memo)\(/m,
    );
  });

  it('drops the module-level displayName statements and keeps those inside functions', () => {
    expect(source).toMatch(/^Form\.displayName = "Form";$/m);
    expect(out).not.toMatch(/^[\w$]+\.displayName = /m);
    expect(out).toContain('FetcherForm2.displayName = "fetcher.Form"');
  });

  it('changes nothing else', () => {
    // The dropped statements leave their line empty: line numbers stay as the source map has them.
    const strip = (text: string) =>
      text.replace(/\/\* @__PURE__ \*\/ /g, '').replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '');
    expect(strip(out)).toBe(strip(source));
  });
});
