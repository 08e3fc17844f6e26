import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import formatjs from 'eslint-plugin-formatjs';
import globals from 'globals';

// Dependencies flow one way: shared -> ui -> features -> app; the server never imports the SPA,
// except src/server/render/, which renders the app's React tree for every page.
const layer = (from, forbidden, message) => ({
  files: [from],
  rules: {
    'no-restricted-imports': [
      'error',
      // A group is a path pattern or a list of them (gitignore style: '!' takes one back).
      { patterns: forbidden.map((group) => ({ group: [group].flat(), message })) },
    ],
  },
});

/** A letter of our six languages' alphabets (Latin with diacritics, Cyrillic), not × or ÷. */
const LETTER = '[A-Za-zÀ-ÖØ-öø-žА-яЁё]';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'public/vendor',
      'bench/results',
      '.cache',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Build helpers loaded by webpack's require: CommonJS by nature.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'test/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, formatjs },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'formatjs/no-invalid-icu': 'error',
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-plural-rules': 'off',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportSpecifier[imported.name=/^use(Selector|Dispatch)$/][parent.source.value='react-redux']",
          message: 'Use the typed hooks from src/web/app/hooks.',
        },
        {
          selector:
            'ImportSpecifier[imported.name=/^(Link|NavLink)$/][parent.source.value=/^react-router(-dom)?$/]',
          message:
            "Use src/web/ui/Link: react-router's Link carries framework mode's prefetching (docs/PERFORMANCE.md).",
        },
        // Every word a user reads is a react-intl message in the six catalogs: no letters in JSX
        // text or in the text attributes (symbols such as × or · are fine).
        {
          selector: `JSXText[value=/${LETTER}/]`,
          message: 'Text a user reads is a react-intl message (intl.formatMessage), not JSX text.',
        },
        {
          selector: `JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt)$/] > Literal[value=/${LETTER}/]`,
          message: 'Text a user reads is a react-intl message (intl.formatMessage), not a literal.',
        },
      ],
    },
  },
  layer(
    'src/shared/**',
    ['**/web/**', '**/server/**', 'react', 'react-dom'],
    'src/shared is imported by both sides and imports neither.',
  ),
  {
    ...layer(
      'src/server/**',
      ['**/web/**', 'react', 'react-dom', 'react-redux'],
      'The server never imports the SPA (src/server/render/ renders it).',
    ),
    ignores: ['src/server/render/**'],
  },
  layer(
    'src/web/ui/**',
    ['**/features/**', ['**/app/**', '!**/app/theme'], '**/api/**'],
    'ui/ knows nothing of features, the store or the API (the theme is its one import from app/).',
  ),
  layer(
    'src/web/features/**',
    ['**/web/app/App*', '**/web/app/router*'],
    'features do not import the app shell.',
  ),
);
