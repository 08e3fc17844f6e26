// Webpack loader for translations/<locale>.json (production builds): precompiles every ICU message to
// its AST, as `formatjs compile --ast` does, so the SPA can ship intl-messageformat without the ICU
// parser (see the alias in webpack.config.ts). The catalogs in translations/ stay the source.
//
// `?first` / `?later` (src/web/i18n/loadMessages.ts) split a catalog in two at build time: the ids of
// the features only the later pages use (registration, profile, the task form and the task edit
// modal, freelancers, the form validation texts) are the `later` part, loaded beside the `first` one
// but not waited for by the first pages (home, task list, task); everything else is the `first` part.
// The pages and the modal of the `later` features wait for it (src/web/app/router.tsx, OwnerActions).
const { parse } = require('@formatjs/icu-messageformat-parser');

/** Id prefixes (before the first dot) of the `later` part. */
const LATER = new Set(['freelancers', 'profile', 'registration', 'taskForm', 'validation']);

const inPart = (id, part) => {
  if (part !== 'first' && part !== 'later') return true;
  return LATER.has(id.split('.')[0]) === (part === 'later');
};

module.exports = function compiledMessagesLoader(source) {
  const catalog = JSON.parse(source);
  const part = (this.resourceQuery || '').replace(/^\?/, '');
  const compiled = {};
  for (const [id, message] of Object.entries(catalog)) {
    if (!inPart(id, part)) continue;
    try {
      compiled[id] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
};

module.exports.LATER = LATER;
