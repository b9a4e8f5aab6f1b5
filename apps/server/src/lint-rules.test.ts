import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The server's layers are enforced by `npm run lint` (eslint.config.mjs, docs/ARCHITECTURE.md):
// routes -> services -> repositories -> db, and no import cycles. Each case breaks one on purpose.
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repo, ignore: false });

async function rules(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, 'apps/server/src', file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the server layering rules', () => {
  it.each([
    ['a service importing the HTTP layer', "import { x } from '../http/auth.js';", 'services/x.service.ts'],
    ['a service importing a route', "import { x } from '../routes/auth.routes.js';", 'services/x.service.ts'],
    [
      'a repository importing a service',
      "import { x } from '../services/auth.service.js';",
      'repositories/x.repository.ts',
    ],
    ['the database layer importing a repository', "import { x } from '../repositories/store.js';", 'db/x.ts'],
  ])('refuse %s', async (_, code, file) => {
    expect(await rules(`${code}\nexport const y = x;\n`, file)).toEqual([
      expect.stringMatching(/^no-restricted-imports: /),
    ]);
  });

  it('accept the layers in their order', async () => {
    expect(
      await rules(
        "import { x } from '../repositories/store.js';\nexport const y = x;\n",
        'services/x.service.ts',
      ),
    ).toEqual([]);
    expect(
      await rules(
        "import { x } from '../services/auth.service.js';\nexport const y = x;\n",
        'routes/x.routes.ts',
      ),
    ).toEqual([]);
  });

  it('refuse an import cycle', async () => {
    const [result] = await eslint.lintFiles([
      path.join(repo, 'apps/server/src/__lint-fixtures__/cycle-a.ts'),
    ]);
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['mealplan/no-cycle']);
  });
}, 60_000);
