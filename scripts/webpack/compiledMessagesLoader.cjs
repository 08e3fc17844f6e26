// Webpack loader for translations/<locale>.json (production builds): precompiles every ICU message to
// its AST, as `formatjs compile --ast` does, so the SPA can ship intl-messageformat without the ICU
// parser (see the alias in webpack.config.ts). The catalogs in translations/ stay the source.
//
// A query (`?core`, `?home`, `?list`, `?task`, `?party`, `?later`; src/web/i18n/loadMessages.ts)
// keeps one part of the catalog, by id prefix: the parts of the first pages (home, task list, task)
// load with their page, `party` (what only a task's parties see: offers, completion, chat) with a
// task page that shows it, `later` (registration, login, profile, task form, freelancers,
// validation texts, the footer's pages) with any other page, `core` (the shell: every other prefix)
// always. No query: the whole catalog. The keys are the build's short ids (messageIds.cjs); the
// parts are cut by the ids as written.
const { parse } = require('@formatjs/icu-messageformat-parser');
const { CATALOG, shortId } = require('./messageIds.cjs');

/**
 * Id prefixes of each part but `core`: an id is in the part of its longest prefix here (whole
 * dot-separated segments: `offers.make` takes `offers.make.button` from `offers`), else in `core`.
 */
const PARTS = {
  home: ['home'],
  list: ['taskList'],
  // The map and the lightbox show on the task page and the task form (which loads every part);
  // the make-offer button and its tooltips on every open task.
  task: ['lightbox', 'map', 'offers.make', 'questions', 'reports', 'tasks'],
  // The parties' parts of the task page (slots.tsx): offers, the owner's edit and delete, the
  // agreement and contacts (tasks/partyMessages.ts), completion, reviews, chat.
  party: [
    'chat',
    'completion',
    'offers',
    'tasks.detail.agreement',
    'tasks.detail.contacts',
    'tasks.detail.delete',
    'tasks.detail.edit',
  ],
  later: [
    'alerts',
    'freelancers',
    'info',
    'moderation',
    'myReports',
    'profile',
    'registration',
    'session.login',
    'taskForm',
    'ui.dateTimeInput',
    'ui.imageDropzone',
    'validation',
  ],
};

const PREFIXES = Object.entries(PARTS)
  .flatMap(([part, prefixes]) => prefixes.map((prefix) => [prefix, part]))
  .sort(([a], [b]) => b.length - a.length);

const partOf = (id) =>
  PREFIXES.find(([prefix]) => id === prefix || id.startsWith(`${prefix}.`))?.[1] ?? 'core';

module.exports = function compiledMessagesLoader(source) {
  const catalog = JSON.parse(source);
  const part = (this.resourceQuery || '').replace(/^\?/, '');
  // The short ids come from the English catalog: a change there renames across every catalog.
  this.addDependency?.(CATALOG);
  const compiled = {};
  for (const [id, message] of Object.entries(catalog)) {
    if (part && partOf(id) !== part) continue;
    try {
      compiled[shortId(id)] = parse(message);
    } catch (error) {
      throw new Error(`${this.resourcePath}: message "${id}" is not valid ICU: ${error.message}`);
    }
  }
  return JSON.stringify(compiled);
};

module.exports.PARTS = PARTS;
module.exports.partOf = partOf;
