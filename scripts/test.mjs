#!/usr/bin/env node
// `npm test`: builds, then runs every workspace's unit tests (server suites on SQLite, and on
// PostgreSQL when TEST_DATABASE_URL is set) and the Playwright suite in Debian's Chromium.
// Ends with one plain line 'N passed, N failed' and a non-zero exit code on any failure.
import fs from 'node:fs';
import path from 'node:path';
import { bin, repo, run, runOrExit } from './lib.mjs';
import { traceTimeline } from './trace-timeline.mjs';

const tmp = path.join(repo, '.tmp');
fs.mkdirSync(tmp, { recursive: true });
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
for (const f of [vitestJson, playwrightJson]) fs.rmSync(f, { force: true });

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}. Install Debian's: apt-get update && apt-get install -y chromium`,
  );
  process.exit(1);
}
console.log(
  process.env.TEST_DATABASE_URL
    ? 'Server suites run on SQLite and PostgreSQL (TEST_DATABASE_URL is set).'
    : 'Server suites run on SQLite only (set TEST_DATABASE_URL to add PostgreSQL).',
);

await runOrExit(process.execPath, [path.join(repo, 'scripts/build.mjs')]);

const unitCode = await run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const e2eCode = await run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
  env: { ...process.env, PW_REPORTER: JSON.stringify([['list'], ['json', { outputFile: playwrightJson }]]) },
});

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
/** Names of the unit tests that did not run, so a skip is always visible in the summary. */
function skippedUnitTests(report) {
  const names = [];
  for (const file of report?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'pending' || t.status === 'skipped' || t.status === 'todo') {
        names.push(`${path.relative(repo, file.name)} › ${t.fullName}`);
      }
    }
  }
  return names;
}
/**
 * What the page showed when a browser test failed (Playwright's error-context.md: the page's
 * accessibility snapshot) and what it did after its last navigation (its trace: requests, console
 * errors, the test's actions; scripts/trace-timeline.mjs), printed here because a CI run keeps only
 * what it printed: a story that fails once in many runs must be diagnosable from that run's log alone.
 */
async function printFailedPages() {
  const results = path.join(repo, 'e2e/test-results');
  if (!fs.existsSync(results)) return;
  for (const dir of fs.readdirSync(results)) {
    const file = path.join(results, dir, 'error-context.md');
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    // The error itself is in the log already; the snapshot follows it, the test's source after.
    const from = text.indexOf('```yaml');
    if (from >= 0) {
      const to = text.indexOf('# Test source', from);
      const snapshot = text.slice(from, to < 0 ? undefined : to).trim();
      console.log(`\nWhat the page showed when ${dir} failed:\n${snapshot.slice(0, 6_000)}`);
    }
    const trace = path.join(results, dir, 'trace.zip');
    const timeline = fs.existsSync(trace) ? await traceTimeline(trace) : [];
    if (timeline.length) {
      console.log(`\nWhat happened from the last navigation of ${dir} (its trace):\n${timeline.join('\n')}`);
    }
  }
}
if (e2eCode !== 0) await printFailedPages();

const unit = read(vitestJson);
const e2e = read(playwrightJson);
const unitPassed = unit?.numPassedTests ?? 0;
const unitFailed = unit ? unit.numFailedTests : 1;
// Nothing is skipped for missing data: a fresh clone runs every test. Skips are listed by name.
const unitSkipped = unit ? unit.numPendingTests + unit.numTodoTests : 0;
// A test that fails and then passes is a failing test: the suite runs without retries, and should
// one ever be configured, a 'flaky' result still counts as a failure here.
const e2ePassed = e2e?.stats?.expected ?? 0;
const e2eFailed = e2e ? e2e.stats.unexpected + (e2e.stats.flaky ?? 0) : 1;
console.log(`\nunit and server: ${unitPassed} passed, ${unitFailed} failed, ${unitSkipped} skipped`);
const e2eSkipped = e2e?.stats?.skipped ?? 0;
console.log(`browser: ${e2ePassed} passed, ${e2eFailed} failed, ${e2eSkipped} skipped`);
for (const name of skippedUnitTests(unit)) console.log(`  skipped: ${name}`);
const failed = unitFailed + e2eFailed;
console.log(`${unitPassed + e2ePassed} passed, ${failed} failed`);
process.exit(unitCode !== 0 || e2eCode !== 0 || failed > 0 ? 1 : 0);
