/**
 * scripts/styledComponentIds.cjs: the transform the browser's build and the server's render both run
 * on src/web (stable component ids, minified CSS templates).
 */
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's CommonJS script
const { addStyledComponentIds } = require('../../../scripts/styledComponentIds.cjs') as {
  addStyledComponentIds(source: string, filename: string): string;
};

const FILE = path.resolve(__dirname, '../../../src/web/ui/Example.tsx');

describe('styled templates in the build', () => {
  it('minifies the CSS of styled components and keeps every interpolation', () => {
    const source = [
      "import styled from 'styled-components';",
      'const Box = styled.div<{ $wide: boolean }>`',
      '  /* the box */',
      '  display: flex;',
      '  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};',
      '  box-shadow: 0 -2px 8px rgba(0, 0, 0, 0.08);',
      '',
      '  &:hover > a,',
      '  &:focus-within {',
      '    color: red;',
      '  }',
      '  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {',
      '    display: block;',
      '  }',
      '`;',
    ].join('\n');
    const out = addStyledComponentIds(source, FILE);
    expect(out).toMatch(
      /styled\.div\.withConfig\(\{ componentId: "sc-[0-9a-f]{8}" \}\)<\{ \$wide: boolean \}>`/,
    );
    const css = out.slice(out.indexOf('`') + 1, out.lastIndexOf('`'));
    expect(css).toBe(
      'display:flex;padding:${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};' +
        'box-shadow:0 -2px 8px rgba(0,0,0,0.08);&:hover > a,&:focus-within{color:red;}' +
        '@media (min-width:${({ theme }) => theme.breakpoints.md}){display:block;}',
    );
  });

  it('minifies css``, createGlobalStyle`` and keyframes`` without giving them an id', () => {
    const source =
      'const a = css`\n  color: red;\n`;\nconst b = keyframes`\n  from { opacity: 0; }\n`;\n' +
      'const c = createGlobalStyle`\n  body {\n    margin: 0;\n  }\n`;';
    expect(addStyledComponentIds(source, FILE)).toBe(
      'const a = css`color:red;`;\nconst b = keyframes`from{opacity:0;}`;\n' +
        'const c = createGlobalStyle`body{margin:0;}`;',
    );
  });

  it('leaves other template literals as written', () => {
    const source =
      "import styled from 'styled-components';\nconst s = `a:  b;\n  c`;\nconst t = html`x  {  y }`;";
    expect(addStyledComponentIds(source, FILE)).toBe(source);
  });

  it('gives the same ids and CSS on every call (the server and the browser must agree)', () => {
    const source =
      'const A = styled.p`\n  margin: 0;\n`;\nconst B = styled(A)`\n  color: blue;\n`;';
    const once = addStyledComponentIds(source, FILE);
    expect(addStyledComponentIds(source, FILE)).toBe(once);
    expect(new Set(once.match(/sc-[0-9a-f]{8}/g)).size).toBe(2);
  });
});
