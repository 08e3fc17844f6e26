// Webpack loader for the SPA's TypeScript sources (production builds): removes `defaultMessage` and
// `description` from message descriptors ({ id: '...', defaultMessage: '...' } object literals), as
// babel-plugin-formatjs's removeDefaultMessage does, and gives the descriptor the build's short id
// (messageIds.cjs; the catalogs' keys get the same in compiledMessagesLoader.cjs). Production
// catalogs hold every id (test/shared/catalogs.test.ts), so the English texts in the code are dead
// weight there: about 1-2 KB gzip of a first load (issue 8), the long ids about 2 KB more (issue
// 15). Runs before swc-loader, on the source text.
const ts = require('typescript');
const { CATALOG, shortId } = require('./messageIds.cjs');

const STRIPPED = new Set(['defaultMessage', 'description']);
const nameOf = (property) =>
  property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
    ? property.name.text
    : undefined;
const isTextLiteral = (node) =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);

module.exports = function stripDefaultMessagesLoader(source) {
  if (!source.includes('defaultMessage')) return source;
  this.addDependency?.(CATALOG);
  const file = ts.createSourceFile(
    this.resourcePath,
    source,
    ts.ScriptTarget.Latest,
    true,
    this.resourcePath.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const edits = [];
  const visit = (node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const props = node.properties;
      const id = props.find(
        (p) => ts.isPropertyAssignment(p) && nameOf(p) === 'id' && isTextLiteral(p.initializer),
      );
      if (id) {
        // A descriptor (an id and its English text): its id becomes the build's short one.
        const isDescriptor = props.some(
          (p) => ts.isPropertyAssignment(p) && nameOf(p) === 'defaultMessage',
        );
        const short = shortId(id.initializer.text);
        if (isDescriptor && short !== id.initializer.text) {
          edits.push([
            id.initializer.getStart(file),
            id.initializer.getEnd(),
            JSON.stringify(short),
          ]);
        }
        props.forEach((p, i) => {
          if (!ts.isPropertyAssignment(p) || !STRIPPED.has(nameOf(p))) return;
          // A literal text only: a computed default (a variable) may be read at runtime.
          if (!isTextLiteral(p.initializer) && !ts.isBinaryExpression(p.initializer)) return;
          const next = props[i + 1];
          // Cut the property and its comma: up to the next property, or past a trailing comma.
          let end = next ? next.getStart(file) : p.getEnd();
          if (!next) {
            const after = /^\s*,/.exec(source.slice(end));
            if (after) end += after[0].length;
          }
          edits.push([p.getStart(file), end, '']);
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  if (edits.length === 0) return source;
  let out = '';
  let at = 0;
  for (const [start, end, text] of edits.sort((a, b) => a[0] - b[0])) {
    out += source.slice(at, start) + text;
    at = end;
  }
  return out + source.slice(at);
};
