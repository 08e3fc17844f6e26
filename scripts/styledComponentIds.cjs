// Gives every styled component of src/web a componentId from its file and its place in the file:
// `styled.div<P>` becomes `styled.div.withConfig({ componentId: "sc-<hash>" })<P>`.
//
// Without it styled-components numbers components in the order their modules run, which differs
// between the browser (the entry, then the page's chunk) and the server (every page it rendered so
// far), so the class names of the server's HTML would not be the browser's and hydration would fail.
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

/** The source with a componentId inserted after each styled tag; unchanged when there is none. */
function addStyledComponentIds(source, filename) {
  if (!source.includes('styled')) return source;
  const file = ts.createSourceFile(
    filename,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const relative = path.relative(ROOT, filename).split(path.sep).join('/');
  const inserts = [];
  const visit = (node) => {
    if (ts.isTaggedTemplateExpression(node) && isStyledTag(node.tag)) {
      const hash = createHash('sha1')
        .update(`${relative}:${inserts.length}`)
        .digest('hex')
        .slice(0, 8);
      inserts.push({ at: node.tag.end, text: `.withConfig({ componentId: "sc-${hash}" })` });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  let out = source;
  for (const { at, text } of inserts.reverse()) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

module.exports = { addStyledComponentIds };
