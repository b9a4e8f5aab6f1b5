import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web's module rules are enforced by `npm run lint` (eslint.config.mjs, docs/WEB-MODULES.md).
// The fixtures break each rule on purpose; the main lint run ignores them, this test does not.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixture = (name: string) => path.join(repo, 'apps/web/src/__lint-fixtures__', name);
const eslint = new ESLint({ cwd: repo, ignore: false });

async function messages(file: string) {
  const [result] = await eslint.lintFiles([fixture(file)]);
  return result!.messages.map((m) => ({ rule: m.ruleId, text: m.message }));
}

describe('the web module rules', () => {
  it("refuse an import that reaches into another folder's file", async () => {
    expect(await messages('deep-import.ts')).toEqual([
      {
        rule: 'no-restricted-imports',
        text: expect.stringContaining("Import another folder through its entry ('../folder')"),
      },
    ]);
  });

  it('refuse an import cycle', async () => {
    expect(await messages('cycle-a.ts')).toEqual([
      {
        rule: 'mealplan/no-cycle',
        text: 'Import cycle: apps/web/src/__lint-fixtures__/cycle-a.ts -> apps/web/src/__lint-fixtures__/cycle-b.ts -> apps/web/src/__lint-fixtures__/cycle-a.ts',
      },
    ]);
  });

  it("accept an entry import, a folder's styles and a lazy page", async () => {
    expect(await messages('entry-import.ts')).toEqual([]);
  });
}, 60_000);
