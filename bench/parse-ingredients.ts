/**
 * Ingredient-parser throughput: Mealplan's parseIngredient next to the two npm parsers it is
 * compared with, in one run, on the same lines (the inputs of the shared dev set).
 *
 *   npx tsx --conditions=source bench/parse-ingredients.ts [--data FILE.jsonl] [--rounds N]
 *
 * Each parser gets a warm-up pass, then the rounds are interleaved (ours, peer, peer, ours, ...)
 * so machine noise hits all of them alike; the figure is the median of the rounds, in lines per
 * second of the process's CPU time.
 */
import { readFileSync } from 'node:fs';
import { parseIngredient as sharpParse } from '@jlucaspains/sharp-recipe-parser';
import { parseIngredient as ourParse } from '@mealplan/core';
import { parseIngredient as peerParse } from 'parse-ingredient';

const args = process.argv.slice(2);
const option = (name: string, fallback: string): string => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? (args[at + 1] ?? fallback) : fallback;
};
const dataFile = option('data', '/work/shared/data/ingredients/dev.jsonl');
const rounds = Number(option('rounds', '7'));

const lines: string[] = readFileSync(dataFile, 'utf8')
  .split('\n')
  .filter((row) => row.trim() !== '')
  .map((row) => String((JSON.parse(row) as { input: string }).input).replace(/[\r\n]+/g, ' '));

interface Contender {
  name: string;
  parse: (line: string) => unknown;
  samples: number[];
  errors: number;
}

const contenders: Contender[] = [
  { name: '@mealplan/core parseIngredient', parse: ourParse, samples: [], errors: 0 },
  {
    name: '@jlucaspains/sharp-recipe-parser',
    parse: (line) => sharpParse(line, 'en'),
    samples: [],
    errors: 0,
  },
  { name: 'parse-ingredient', parse: (line) => peerParse(line), samples: [], errors: 0 },
];

// Keeps results alive so the engine cannot skip the work.
let sink = 0;

/**
 * One pass over every line; returns lines per second of CPU time used by this process, which
 * stays steady when other programs share the machine (wall-clock rates swing with their load).
 * Peers that throw on a line are counted, not stopped.
 */
function pass(contender: Contender): number {
  const started = process.cpuUsage();
  for (const line of lines) {
    try {
      if (contender.parse(line) !== undefined) sink++;
    } catch {
      contender.errors++;
    }
  }
  const used = process.cpuUsage(started);
  const seconds = (used.user + used.system) / 1e6;
  return lines.length / seconds;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

for (const contender of contenders) {
  for (let warm = 0; warm < 3; warm++) pass(contender);
  contender.errors = 0;
}
for (let round = 0; round < rounds; round++) {
  // Alternate the order each round so no parser always runs right after another's garbage.
  const order = round % 2 === 0 ? contenders : [...contenders].reverse();
  for (const contender of order) contender.samples.push(pass(contender));
}

const results = contenders.map((c) => ({ name: c.name, rate: median(c.samples), errors: c.errors / rounds }));
const fastestPeer = Math.max(...results.slice(1).map((r) => r.rate));
console.log(
  `${lines.length} lines from ${dataFile}; ${rounds} rounds after 3 warm-up passes; median round, lines per CPU-second\n`,
);
console.log(
  `${'parser'.padEnd(36)}${'lines/s'.padStart(12)}${'vs fastest peer'.padStart(17)}${'throws/pass'.padStart(13)}`,
);
for (const r of results) {
  const ratio = `${(r.rate / fastestPeer).toFixed(2)}x`;
  console.log(
    `${r.name.padEnd(36)}${Math.round(r.rate).toLocaleString('en-US').padStart(12)}${ratio.padStart(17)}${String(r.errors).padStart(13)}`,
  );
}
if (sink < 0) console.log(sink);
