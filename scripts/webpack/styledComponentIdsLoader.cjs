// Stable styled-components ids for the browser's build, the same the server's render gives
// (scripts/styledComponentIds.cjs says why). Runs on the TypeScript source, before swc.
const { addStyledComponentIds } = require('../styledComponentIds.cjs');

module.exports = function styledComponentIdsLoader(source) {
  return addStyledComponentIds(source, this.resourcePath);
};
