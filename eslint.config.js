// Lint, including the layering of STYLE.md item 4: common/ imports nothing from the other folders,
// renderer/ never imports backend/ or electron/, backend/ and electron/ never import renderer/.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { houseRules } from './build/lint-feature-entries.mjs';

const forbid = (...folders) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: folders.map((folder) => ({
        group: [`**/${folder}`, `**/${folder}/**`],
        message: `This layer must not import from ${folder}/ (STYLE.md item 4).`,
      })),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment only in the config module of each edge (STYLE.md item 3).' }],
    },
  },
  { files: ['common/**'], rules: forbid('renderer', 'backend', 'electron', 'scripts', 'tests') },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid('backend', 'electron', 'scripts') },
  },
  // Features import each other only through their public entries (issue 27 item 4).
  { files: ['renderer/src/**'], plugins: { house: houseRules }, rules: { 'house/feature-entries': 'error' } },
  // One owner of the answer map (issue 27 item 3): only features/answers/typed-answers.ts touches
  // the atom (issue 36 item 1 moved it there from state/); the rest of the renderer reads and writes
  // through its hooks, derived atoms and named writes.
  {
    files: ['renderer/src/**'],
    ignores: ['renderer/src/features/answers/typed-answers.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='studentAnswersAtom'], ExportSpecifier[local.name='studentAnswersAtom']",
          message: 'Read and write the answers through features/answers/typed-answers.ts (useAnswer, useAnswers, useSetAnswers, answersAtom...), not the atom itself (issue 27 item 3).',
        },
      ],
    },
  },
  { files: ['backend/**'], rules: forbid('renderer', 'electron', 'scripts') },
  { files: ['electron/**'], rules: forbid('renderer', 'backend', 'scripts') },
  // The outbox is a layer (issue 36 item 4): features enqueue, forget and read their mails through
  // backend/mail's API; only it, the migrations and the schema name the table.
  {
    files: ['backend/**', 'scripts/**'],
    ignores: ['backend/mail/**', 'backend/store/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value=/^mail_outbox( as \\w+)?$/]",
          message: 'Only backend/mail names the mail_outbox table: enqueue, forget or read a delivery through its API (mail-outbox-store.ts; issue 36 item 4).',
        },
      ],
    },
  },
  // What scripts share with the tests (a backend process, clients, fixtures) lives in scripts/support,
  // which both import; scripts import no tests (issue 27 item 4).
  { files: ['scripts/**'], rules: forbid('tests') },
  // A source file over 300 lines holds more than one thing (issue 27 item 4); a test file is a list of cases, and is not counted.
  {
    files: ['common/**', 'backend/**', 'renderer/**', 'electron/**', 'scripts/**', 'build/**'],
    ignores: ['**/*.test.*', '**/*.spec.*'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    files: ['backend/platform/config.ts', 'electron/index.ts', 'scripts/**', 'tests/**', '*.config.*', 'renderer/vite.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
