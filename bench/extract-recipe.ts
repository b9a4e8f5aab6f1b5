/**
 * Recipe extraction speed on the shared sample of real recipe pages, next to the time merely
 * parsing each page into a tree takes (htmlparser2, the floor for any extractor that starts from
 * a DOM, as the cheerio-based peers do) and the budget it must fit: the browser extension runs it
 * when the user clicks Scan, so it should take a few milliseconds. With `--accuracy`, also runs the
 * project's scorer over the CLI and prints its figures next to the npm recipe-scrapers port's
 * (as reported when the extractor was written) and the goals.
 *
 *   npx tsx --conditions=source bench/extract-recipe.ts [--pages DIR] [--accuracy]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { extractRecipe } from '@mealplan/core';
import { parseDocument } from 'htmlparser2';

const FRAME_MS = 1000 / 60;
const TARGET_MS = 5;
const ROUNDS = 5;
const args = process.argv.slice(2);
const pagesDir = resolve(
  args[args.indexOf('--pages') + 1] ?? '',
  args.includes('--pages') ? '' : '../shared/data/recipe-pages',
);
const scorer = resolve(pagesDir, '../../eval/recipes/score.mjs');

if (!existsSync(pagesDir)) {
  console.error(`No sample pages at ${pagesDir}; pass --pages DIR.`);
  process.exit(2);
}

interface Page {
  name: string;
  html: string;
  url: string;
}
const pages: Page[] = [];
for (const host of readdirSync(pagesDir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
  for (const file of readdirSync(join(pagesDir, host.name)).filter((f) => f.endsWith('.html'))) {
    pages.push({
      name: `${host.name}/${file}`,
      html: readFileSync(join(pagesDir, host.name, file), 'utf8'),
      url: `https://${host.name}/`,
    });
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** Median milliseconds per page of `work`, after one untimed round so the JIT has seen it all. */
function timePages(work: (page: Page) => void): { page: Page; ms: number }[] {
  for (const page of pages) work(page);
  return pages.map((page) => {
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      work(page);
      times.push(performance.now() - start);
    }
    return { page, ms: quantile(times, 0.5) };
  });
}

function report(label: string, perPage: { page: Page; ms: number }[]): void {
  const times = perPage.map((p) => p.ms);
  const slowest = perPage.reduce((a, b) => (b.ms > a.ms ? b : a));
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  console.log(
    `${label.padEnd(26)}${ms(quantile(times, 0.5))}${ms(quantile(times, 0.9))}${ms(slowest.ms)}  (slowest: ${slowest.page.name})`,
  );
}

const kb = pages.reduce((sum, p) => sum + p.html.length, 0) / pages.length / 1024;
console.log(`${pages.length} pages (mean ${kb.toFixed(0)} KB), median of ${ROUNDS} runs per page`);
console.log(`${''.padEnd(26)}${'median'.padStart(9)}${'p90'.padStart(9)}${'max'.padStart(9)}`);
report(
  'extractRecipe',
  timePages((page) => extractRecipe(page.html, page.url)),
);
report(
  'htmlparser2 parse only',
  timePages((page) => parseDocument(page.html)),
);
console.log(
  `target: a few ms per page (${TARGET_MS} ms median); one 60 fps frame is ${FRAME_MS.toFixed(1)} ms`,
);

if (args.includes('--accuracy')) {
  if (!existsSync(scorer)) {
    console.error(`No scorer at ${scorer}`);
    process.exit(2);
  }
  const cmd = 'npx tsx --conditions=source apps/server/src/cli.ts extract-recipe {file} --url {url}';
  const run = spawnSync('node', [scorer, '--pages', pagesDir, '--cmd', cmd, '--json', '--jobs', '4'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(run.stdout) as { failedPages: number; fields: Record<string, { pct: number }> };
  const peer: Record<string, number | undefined> = { title: 81.7, ingredients: 45.0, instructions: 76.7 };
  const goal: Record<string, number | undefined> = { title: 95, ingredients: 85, instructions: 85 };
  const cell = (value: number | undefined) =>
    (value === undefined ? '-' : `${value.toFixed(1)}%`).padStart(16);
  console.log(`\nscore.mjs, ${pages.length} pages, ${report.failedPages} failed`);
  console.log(
    `${'field'.padEnd(14)}${'mealplan'.padStart(16)}${'recipe-scrapers'.padStart(16)}${'goal'.padStart(16)}`,
  );
  for (const [field, { pct }] of Object.entries(report.fields)) {
    console.log(`${field.padEnd(14)}${cell(pct)}${cell(peer[field])}${cell(goal[field])}`);
  }
  console.log('(recipe-scrapers: the npm port, figures as reported when the extractor was written)');
}
