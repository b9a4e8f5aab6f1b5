import { readFile } from 'node:fs/promises';
import { extractRecipe } from '@mealplan/core';

/**
 * `mealplan extract-recipe FILE --url URL`: reads a saved recipe page and prints the recipe as
 * one JSON object on stdout, the same extraction the browser extension runs. Exit codes: 0 with
 * a recipe, 1 when the file cannot be read or holds no recipe, 2 for a usage error.
 */

const USAGE = 'Usage: mealplan extract-recipe FILE [--url URL]\n';

interface Arguments {
  file: string;
  url: string | undefined;
}

/** FILE and `--url URL` (or `--url=URL`) in any order; a string is an error message. */
function parseArguments(args: string[]): Arguments | string {
  let file: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--url') {
      url = args[++i];
      if (url === undefined) return '--url needs a value';
    } else if (arg.startsWith('--url=')) {
      url = arg.slice('--url='.length);
    } else if (arg.startsWith('--') && arg !== '--') {
      return `unknown option ${arg}`;
    } else if (file === undefined) {
      file = arg;
    } else {
      return `unexpected argument ${arg}`;
    }
  }
  if (!file) return 'FILE is required';
  return { file, url };
}

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
  const parsed = parseArguments(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`mealplan extract-recipe: ${parsed}\n${USAGE}`);
    return 2;
  }
  let html: string;
  try {
    html = decodePage(await readFile(parsed.file));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error);
    process.stderr.write(`mealplan extract-recipe: cannot read ${parsed.file}: ${reason}\n`);
    return 1;
  }
  const recipe = extractRecipe(html, parsed.url);
  if (!recipe) {
    process.stderr.write(`mealplan extract-recipe: no recipe found in ${parsed.file}\n`);
    return 1;
  }
  process.stdout.write(`${JSON.stringify(recipe)}\n`);
  return 0;
}
