import { parseIngredient } from '@mealplan/core/ingredients';

/**
 * The output of `mealplan parse-ingredients` for a block of input text: exactly one JSON object
 * `{"qty","unit","name","input"}` per input line, in order, each on its own line. A blank line gives
 * an object of empty strings, so line N of the output always answers line N of the input; a final
 * newline ends the last line rather than starting another.
 */
export function formatParsedLines(text: string): string {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  let out = '';
  for (const line of lines) {
    const { qty, unit, name, input } = parseIngredient(line.endsWith('\r') ? line.slice(0, -1) : line);
    out += `${JSON.stringify({ qty, unit, name, input })}\n`;
  }
  return out;
}

/** Reads all of stdin as UTF-8 text. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Writes to stdout and waits until it is flushed, so a piped consumer gets every line. */
function write(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolve()));
  });
}

/** `mealplan parse-ingredients`: ingredient lines on stdin, JSON lines on stdout (see formatParsedLines). */
export async function parseIngredientsCommand(_args: string[]): Promise<number> {
  const out = formatParsedLines(await readStdin());
  if (out !== '') await write(out);
  return 0;
}
