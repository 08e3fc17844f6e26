// Webpack loader for translations/<locale>.json (production builds): precompiles every ICU message to
// its AST, as `formatjs compile --ast` does, so the SPA can ship intl-messageformat without the ICU
// parser (see the alias in webpack.config.ts). The catalogs in translations/ stay the source.
const { parse } = require('@formatjs/icu-messageformat-parser');

module.exports = function compiledMessagesLoader(source) {
  const catalog = JSON.parse(source);
  const compiled = {};
  for (const [id, message] of Object.entries(catalog)) {
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
};
