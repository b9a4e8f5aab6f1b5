import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const coreSource = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));
const coreFolder = fileURLToPath(new URL('./packages/core/src/', import.meta.url));
const alias = [
  { find: /^@mealplan\/core$/, replacement: coreSource },
  // The parser and the extractor alone, for the CLI (packages/core/package.json "exports").
  { find: /^@mealplan\/core\/(ingredients|extract|importers)$/, replacement: `${coreFolder}$1/index.ts` },
];

/** One vitest run over every workspace; `--project NAME` picks one. */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        // Property tests run hundreds of cases; on a loaded 2-core CI box 5 s is not enough.
        test: { name: 'core', root: './packages/core', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: { name: 'web', root: './apps/web', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: { name: 'extension', root: './apps/extension', include: ['src/**/*.test.ts'] },
      },
    ],
  },
});
