// Short message ids for production builds (issue 15's size budgets). A descriptor's id appears in
// the code that shows it (`{id:"tasks.detail.offers.title"}`) and again as its catalog's key, in
// chunks of their own, so gzip cannot share them: about 2 KB gzip of a task page's scripts were ids.
// The build gives every id a short one, its index in the sorted English catalog in base 36 ("0" to
// "lk" today): stripDefaultMessagesLoader.cjs rewrites the ids of the descriptors in our sources and
// compiledMessagesLoader.cjs the catalogs' keys, from this one table.
//
// Kept as they are: the `validation.` ids, which cross the wire (the API's field errors name them,
// src/server/plugins/errorHandler.ts, and the forms look them up by name, ui/schemaErrors.ts).
// Development, tests and the server's render use the ids as written; what they render is the same
// text. test/web/build/messageIds.test.ts runs the loader over every source of the SPA and fails on
// a catalog id left outside a descriptor (a lookup a production catalog would not answer), and
// checks that every catalog is keyed by the short ids.
const fs = require('fs');
const path = require('path');

const CATALOG = path.join(__dirname, '../../translations/en.json');
const KEPT_PREFIXES = ['validation'];

/** Whether an id keeps its name in production builds. */
const isKept = (id) => KEPT_PREFIXES.includes(id.split('.')[0]);

/** id -> short id, built once per process from translations/en.json. */
let table;
function shortIds() {
  if (!table) {
    const ids = Object.keys(JSON.parse(fs.readFileSync(CATALOG, 'utf8')))
      .filter((id) => !isKept(id))
      .sort();
    table = new Map(ids.map((id, index) => [id, index.toString(36)]));
  }
  return table;
}

/** The id a production build ships for a catalog id (itself when kept or unknown). */
const shortId = (id) => shortIds().get(id) ?? id;

module.exports = { CATALOG, KEPT_PREFIXES, isKept, shortIds, shortId };
