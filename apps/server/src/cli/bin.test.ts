import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoDir = path.resolve(serverDir, '../..');

describe('the mealplan command (npx mealplan)', () => {
  it('is a committed file, so npm links it at install time, before anything is built', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
    };
    const bin = path.join(serverDir, pkg.bin.mealplan);
    expect(path.relative(serverDir, bin)).not.toMatch(/^dist/);
    expect(fs.existsSync(bin)).toBe(true);
    expect(fs.statSync(bin).mode & 0o111).not.toBe(0);
  });

  it('says to build first when the CLI is not built', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-bin-'));
    fs.mkdirSync(path.join(dir, 'bin'));
    fs.copyFileSync(path.join(serverDir, 'bin/mealplan.js'), path.join(dir, 'bin/mealplan.js'));
    const failed = await run(process.execPath, [path.join(dir, 'bin/mealplan.js'), 'help']).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringMatching(/not built yet.*npm start/s) });
  });

  // `npm test` builds before the unit suites run; a lone vitest run on an unbuilt tree skips this.
  it.runIf(fs.existsSync(path.join(serverDir, 'dist/cli.js')))(
    'runs the built CLI through the linked name, from the repository root',
    async () => {
      const { stdout } = await run(path.join(repoDir, 'node_modules/.bin/mealplan'), ['help'], {
        cwd: repoDir,
      });
      expect(stdout).toMatch(/^Usage: mealplan <command>/);
      expect(stdout).toContain('export EMAIL');
    },
  );
});
