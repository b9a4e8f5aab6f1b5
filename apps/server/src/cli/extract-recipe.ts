import { readFile } from 'node:fs/promises';
import { extractRecipe } from '@mealplan/core/extract';
import { parsePositionalAndOption } from './arguments.js';

/**
 * `mealplan extract-recipe FILE --url URL`: reads a saved recipe page and prints the recipe as
 * one JSON object on stdout, the same extraction the browser extension runs. Exit codes: 0 with
 * a recipe, 1 when the file cannot be read or holds no recipe, 2 for a usage error.
 */

const USAGE = 'Usage: mealplan extract-recipe FILE [--url URL]\n';

/** The page's text. Saved pages are almost always UTF-8; a declared legacy charset is honoured. */
function decodePage(bytes: Buffer): string {
  const head = bytes.subarray(0, 4096).toString('latin1');
  const declared = /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (declared && !/^utf-?8$/.test(declared)) {
    try {
      return new TextDecoder(declared).decode(bytes);
    } catch {
      // An unknown label: fall back to UTF-8, which decodes anything (with replacements).
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

/** Runs the command; resolves to the process exit code. */
export async function extractRecipeCommand(args: string[]): Promise<number> {
  const parsed = parsePositionalAndOption(args, 'url', 'FILE');
  if (typeof parsed === 'string') {
    process.stderr.write(`mealplan extract-recipe: ${parsed}\n${USAGE}`);
    return 2;
  }
  let html: string;
  try {
    html = decodePage(await readFile(parsed.positional));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    process.stderr.write(`mealplan extract-recipe: cannot read ${parsed.positional}: ${reason}\n`);
    return 1;
  }
  const recipe = extractRecipe(html, parsed.value);
  if (!recipe) {
    process.stderr.write(`mealplan extract-recipe: no recipe found in ${parsed.positional}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(recipe)}\n`);
  return 0;
}
