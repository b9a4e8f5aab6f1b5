#!/usr/bin/env node
// The peer's command-line adapter, as a scorer would run it: ingredient lines on stdin, one JSON
// object per line on stdout. Lines the parser throws on give an object of empty strings.
import { parseIngredient } from '@jlucaspains/sharp-recipe-parser';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const lines = Buffer.concat(chunks).toString('utf8').split('\n');
if (lines[lines.length - 1] === '') lines.pop();
let out = '';
for (const line of lines) {
  let parsed;
  try {
    parsed = parseIngredient(line, 'en');
  } catch {
    parsed = undefined;
  }
  out += `${JSON.stringify({
    qty: parsed?.quantity === undefined ? '' : String(parsed.quantity),
    unit: parsed?.unit ?? '',
    name: parsed?.ingredient ?? '',
  })}\n`;
}
process.stdout.write(out);
