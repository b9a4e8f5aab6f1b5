/**
 * `mealplan parse-ingredients` as a scorer runs it, a process per file, next to the fastest npm
 * peer's command-line adapter (bench/adapters/sharp-recipe-parser-cli.mjs) on the same lines in the
 * same run: start-up counts, since that is what a person piping a file waits for. Each command runs
 * `--runs` times (5 by default), interleaved; the figure is the median CPU time (user + system, of
 * the child, read from /usr/bin/time), steadier than wall-clock time on a shared machine.
 *
 *   npm run build && npx tsx bench/cli-parse.ts [--data FILE.jsonl] [--runs N] [--baseline DIR]
 *
 * `--baseline DIR` adds the `mealplan` of another built tree (DIR/apps/server/bin/mealplan.js, e.g. a
 * build of an earlier commit) to the same interleaved runs, for a before/after.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback;
};
const dataFile = option('data', '/work/shared/data/ingredients/dev.jsonl');
const runs = Number(option('runs', '5'));
const lines = readFileSync(dataFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((row) => (JSON.parse(row) as { input: string }).input);
const input = join(mkdtempSync(join(tmpdir(), 'cli-parse-')), 'lines.txt');
writeFileSync(input, `${lines.join('\n')}\n`);
const empty = join(mkdtempSync(join(tmpdir(), 'cli-parse-')), 'one.txt');
writeFileSync(empty, '1 cup flour\n');

const baseline = option('baseline', '');
const commands = [
  { name: 'mealplan parse-ingredients', argv: ['node', 'apps/server/bin/mealplan.js', 'parse-ingredients'] },
  { name: 'sharp-recipe-parser adapter', argv: ['node', 'bench/adapters/sharp-recipe-parser-cli.mjs'] },
  ...(baseline
    ? [
        {
          name: 'baseline mealplan',
          argv: ['node', join(baseline, 'apps/server/bin/mealplan.js'), 'parse-ingredients'],
        },
      ]
    : []),
];

/** CPU seconds of one run of `argv` on `file`. */
function cpuSeconds(argv: string[], file: string): number {
  const result = spawnSync('/usr/bin/time', ['-f', '%U %S', ...argv], {
    input: readFileSync(file),
    maxBuffer: 1 << 28,
  });
  if (result.status !== 0) throw new Error(`${argv.join(' ')} failed: ${result.stderr.toString()}`);
  const [user, system] = result.stderr.toString().trim().split('\n').at(-1)!.split(' ').map(Number);
  return user! + system!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const whole = commands.map(() => [] as number[]);
const start = commands.map(() => [] as number[]);
for (let run = 0; run < runs; run++) {
  const order = commands.map((_, i) => i);
  if (run % 2 === 1) order.reverse();
  for (const i of order) {
    whole[i]!.push(cpuSeconds(commands[i]!.argv, input));
    start[i]!.push(cpuSeconds(commands[i]!.argv, empty));
  }
}
console.log(`${lines.length.toLocaleString('en')} lines, a process per run, median CPU of ${runs} runs\n`);
console.log(
  'command'.padEnd(30),
  'all lines s'.padStart(12),
  'one line s'.padStart(12),
  'lines/CPU-s'.padStart(13),
);
const rates = commands.map((command, i) => {
  const rate = lines.length / median(whole[i]!);
  console.log(
    command.name.padEnd(30),
    median(whole[i]!).toFixed(3).padStart(12),
    median(start[i]!).toFixed(3).padStart(12),
    Math.round(rate).toLocaleString('en').padStart(13),
  );
  return rate;
});
console.log(`\nmealplan / peer: ${(rates[0]! / rates[1]!).toFixed(2)}x (goal: at least 1.5x)`);
if (baseline) {
  console.log(`baseline / peer: ${(rates[2]! / rates[1]!).toFixed(2)}x`);
  console.log(`mealplan / baseline: ${(rates[0]! / rates[2]!).toFixed(2)}x`);
}
