// Gives every styled component of src/web a componentId from its file and its place in the file:
// `styled.div<P>` becomes `styled.div.withConfig({ componentId: "sc-<hash>" })<P>`.
//
// Without it styled-components numbers components in the order their modules run, which differs
// between the browser (the entry, then the page's chunk) and the server (every page it rendered so
// far), so the class names of the server's HTML would not be the browser's and hydration would fail.
//
// It also minifies the CSS of every styled, css``, createGlobalStyle`` and keyframes`` template (as
// babel-plugin-styled-components' `minify` does): comments go, whitespace runs become one space and
// none is kept around `{`, `}`, `;` and `,` or after `:`. The class names hash the CSS, so the browser's build and
// the server's render must see the same text: both call this function.
//
// Used by the webpack build (scripts/webpack/styledComponentIdsLoader.cjs) and by the server's
// render (src/server/render/webModules.ts), on the same TypeScript source.
const { createHash } = require('node:crypto');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');

/** The root of `styled.div`, `styled(Link)`, `styled.div.attrs(...)`: the `styled` identifier? */
function isStyledTag(node) {
  let current = node;
  for (;;) {
    if (ts.isIdentifier(current)) return current.text === 'styled';
    if (ts.isPropertyAccessExpression(current)) current = current.expression;
    else if (ts.isCallExpression(current)) current = current.expression;
    else return false;
  }
}

const CSS_HELPERS = new Set(['css', 'createGlobalStyle', 'keyframes']);

/** One piece of a CSS template's text (between interpolations), minified. */
function minifyCssPiece(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,]) ?/g, '$1')
    .replace(/: /g, ':');
}

/** [start, end) of the text pieces of a template literal, without its `, ${ and } delimiters. */
function templatePieces(template) {
  if (ts.isNoSubstitutionTemplateLiteral(template)) {
    return [[template.getStart() + 1, template.end - 1]];
  }
  const pieces = [[template.head.getStart() + 1, template.head.end - 2]];
  for (const span of template.templateSpans) {
    const literal = span.literal;
    const tail = ts.isTemplateTail(literal);
    pieces.push([literal.getStart() + 1, literal.end - (tail ? 1 : 2)]);
  }
  return pieces;
}

/** The source with a componentId inserted after each styled tag; unchanged when there is none. */
function addStyledComponentIds(source, filename) {
  if (!source.includes('styled') && !/\b(css|createGlobalStyle|keyframes)`/.test(source)) {
    return source;
  }
  const file = ts.createSourceFile(
    filename,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const relative = path.relative(ROOT, filename).split(path.sep).join('/');
  // Edits as [start, end, text], applied from the end of the source so earlier offsets hold.
  const edits = [];
  let components = 0;
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node)) {
      const styled = isStyledTag(node.tag);
      if (styled) {
        const hash = createHash('sha1')
          .update(`${relative}:${components}`)
          .digest('hex')
          .slice(0, 8);
        components += 1;
        edits.push([node.tag.end, node.tag.end, `.withConfig({ componentId: "sc-${hash}" })`]);
      }
      if (styled || (ts.isIdentifier(node.tag) && CSS_HELPERS.has(node.tag.text))) {
        const pieces = templatePieces(node.template);
        pieces.forEach(([start, end], index) => {
          let text = minifyCssPiece(source.slice(start, end));
          if (index === 0) text = text.trimStart();
          if (index === pieces.length - 1) text = text.trimEnd();
          edits.push([start, end, text]);
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) {
    out = out.slice(0, start) + text + out.slice(end);
  }
  return out;
}

module.exports = { addStyledComponentIds };
