import { parseIngredient } from '@mealplan/core';

/** Reads all of stdin as text. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `mealplan parse-ingredients`: ingredient lines on stdin, exactly one JSON object
 * `{"qty","unit","name","input"}` per input line on stdout, in order. A blank line gives an object
 * of empty strings, so line N of the output always answers line N of the input.
 */
export async function parseIngredientsCommand(_args: string[]): Promise<number> {
  const text = await readStdin();
  const lines = text.split('\n');
  // A final newline ends the last line; it does not start another one.
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const out: string[] = [];
  for (const line of lines) {
    const { qty, unit, name, input } = parseIngredient(line.endsWith('\r') ? line.slice(0, -1) : line);
    out.push(JSON.stringify({ qty, unit, name, input }));
  }
  if (out.length > 0) await write(`${out.join('\n')}\n`);
  return 0;
}

/** Writes to stdout and waits until it is flushed, so a piped consumer gets every line. */
function write(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (error) => (error ? reject(error) : resolve()));
  });
}
