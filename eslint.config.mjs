import js from '@eslint/js';
import mealplan from './eslint-rules/no-cycle.mjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      '.tmp/**',
      // Files that break the rules on purpose, for the lint tests that prove each rule fires.
      '**/__lint-fixtures__/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'warn',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/extension/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The boundary: core is pure. Nothing from the apps, no Node modules, no DOM globals.
    files: ['packages/core/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'packages/core runs in the browser too: no Node modules.' },
            {
              group: ['@mealplan/server', '@mealplan/web', '@mealplan/extension', '**/apps/**'],
              message: 'packages/core imports nothing from apps/*.',
            },
            {
              group: ['fs', 'path', 'os', 'crypto', 'http', 'https', 'child_process', 'url'],
              message: 'packages/core runs in the browser too: no Node modules.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'navigator',
          'location',
          'fetch',
          'process',
          'Buffer',
          'require',
          '__dirname',
        ].map((name) => ({
          name,
          message: 'packages/core is pure: no DOM, Node or I/O globals.',
        })),
      ],
    },
  },
  {
    // No import cycles in any package: dependencies point one way (docs/WEB-MODULES.md,
    // docs/ARCHITECTURE.md). Type-only imports count too; dynamic import() counts too.
    files: ['packages/core/src/**/*.ts', 'apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { mealplan },
    rules: { 'mealplan/no-cycle': 'error' },
  },
  {
    // The web's folders are modules: another folder is used only through its entry (`index.ts`),
    // never by reaching into its files. Lazy `import()` of a page or modal may name the file, so
    // that it stays its own chunk; styles are imported by file. Tests may reach in.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.test-helpers.{ts,tsx}', '**/test-utils.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*', '!../*/*.css'],
              message:
                "Import another folder through its entry ('../folder'), not its files (docs/WEB-MODULES.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers: routes -> services -> repositories -> db. A service never sees HTTP.
    files: ['apps/server/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../http/*', '../routes/*'],
              message: 'Services do not import the HTTP layer (routes, http).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/repositories/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../services/*', '../http/*', '../routes/*'],
              message: 'Repositories import only the database layer (db) and errors.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '../repositories/*',
                '../services/*',
                '../http/*',
                '../routes/*',
                '../../repositories/*',
                '../../services/*',
                '../../http/*',
                '../../routes/*',
              ],
              message: 'The database layer imports no layer above it.',
            },
          ],
        },
      ],
    },
  },
);
