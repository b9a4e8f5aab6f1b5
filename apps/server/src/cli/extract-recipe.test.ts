import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { extractRecipeCommand } from './extract-recipe.js';

/** Runs the command with stdout and stderr captured. */
async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const stdout = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk) => ((out += String(chunk)), true));
  const stderr = vi
    .spyOn(process.stderr, 'write')
    .mockImplementation((chunk) => ((err += String(chunk)), true));
  try {
    return { code: await extractRecipeCommand(args), out, err };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

describe('mealplan extract-recipe', () => {
  let dir = '';
  const recipePage = `<html><head><meta property="og:image" content="/pic.jpg"></head><body>
    <script type="application/ld+json">{"@type":"Recipe","name":"Flapjacks","recipeIngredient":["200 g oats","100 g butter"],
    "recipeInstructions":[{"@type":"HowToStep","text":"Melt."},{"@type":"HowToStep","text":"Bake."}],"recipeYield":"12","totalTime":"PT35M"}</script>
    </body></html>`;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'extract-recipe-'));
    writeFileSync(join(dir, 'recipe.html'), recipePage);
    writeFileSync(
      join(dir, 'latin1.html'),
      Buffer.from(
        recipePage.replace('Flapjacks', 'Crêpes').replace('<head>', '<head><meta charset="iso-8859-1">'),
        'latin1',
      ),
    );
    writeFileSync(join(dir, 'plain.html'), '<html><body><h1>About us</h1></body></html>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints exactly one JSON object with the recipe', async () => {
    const { code, out } = await run([join(dir, 'recipe.html'), '--url', 'https://bake.test/flapjacks']);
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(out)).toEqual({
      name: 'Flapjacks',
      ingredients: ['200 g oats', '100 g butter'],
      instructions: 'Melt.\nBake.',
      servings: 12,
      prepTime: null,
      cookTime: null,
      totalTime: 35,
      image: 'https://bake.test/pic.jpg',
      url: 'https://bake.test/flapjacks',
      categories: [],
    });
  });

  it('accepts --url=URL before the file, and no url at all', async () => {
    const withUrl = await run(['--url=https://bake.test/a', join(dir, 'recipe.html')]);
    expect(JSON.parse(withUrl.out)).toMatchObject({ url: 'https://bake.test/a' });
    const withoutUrl = await run([join(dir, 'recipe.html')]);
    expect(JSON.parse(withoutUrl.out)).toMatchObject({ name: 'Flapjacks', image: null, url: null });
  });

  it('decodes a page saved in a declared legacy charset', async () => {
    const { out } = await run([join(dir, 'latin1.html')]);
    expect(JSON.parse(out)).toMatchObject({ name: 'Crêpes' });
  });

  it('fails with a clear message on a missing file', async () => {
    const { code, out, err } = await run([join(dir, 'nope.html'), '--url', 'https://x.test/']);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain('cannot read');
    expect(err).toContain('no such file');
  });

  it('fails with a clear message when the page holds no recipe', async () => {
    const { code, out, err } = await run([join(dir, 'plain.html')]);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toContain('no recipe found');
  });

  it('answers usage errors with code 2', async () => {
    expect((await run([])).code).toBe(2);
    expect((await run(['a.html', '--url'])).err).toContain('--url needs a value');
    expect((await run(['a.html', '--bogus'])).err).toContain('unknown option --bogus');
    expect((await run(['a.html', 'b.html'])).err).toContain('unexpected argument b.html');
  });
});
