/**
 * Where a signed-in page's main thread spends its time before the Largest Contentful Paint, on a
 * phone-sized Chromium with Lighthouse's 4x CPU slowdown (bench/README.md "lcp-profile").
 *
 *   npx tsx bench/lcp-profile.ts [--page /plan] [--runs 5] [--cpu 4] [--top 20]
 *     [--server PATH/main.js] [--baseline DIR] [--tasks [--task-top N] [--by-line]]
 *
 * Lighthouse's simulated LCP counts every main-thread task before the observed LCP at four times
 * its length, so what runs before the rows is most of /plan's LCP. This bench opens the page as
 * Lighthouse does (the realistic account of `seed-account.ts`, storage cleared before each run, a
 * 412x823 viewport), with the CPU slowed down `--cpu` times and the network not throttled; it
 * records a V8 CPU profile from the navigation to the LCP and maps every sample through the build's
 * source maps. It prints the LCP and the time before it by package or source folder: React's
 * work, ours, and the browser's own (parsing, style, layout and paint show as "(program)").
 *
 * `--baseline DIR` profiles a second build (a checkout with `node scripts/build.mjs` run) in the
 * same run, the two taking turns, and prints the two side by side; the figures of one machine
 * are only comparable within a run.
 *
 * `--tasks` also lists, per run, the long tasks (over 50 ms at the slowed-down CPU) from the first
 * contentful paint until the page is quiet, which are what Lighthouse's Total Blocking Time sums
 * (each task's time over 50 ms), with the `--task-top` source files whose code ran longest in each
 * (`--by-line`: each function apart, by the line it starts on).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumLaunchOptions, startServer } from './local-server.mjs';
import { seedAccount } from './seed-account';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    page: { type: 'string', default: '/plan' },
    runs: { type: 'string', default: '5' },
    cpu: { type: 'string', default: '4' },
    top: { type: 'string', default: '20' },
    server: { type: 'string', default: path.join(root, 'apps/server/dist/main.js') },
    baseline: { type: 'string' },
    tasks: { type: 'boolean', default: false },
    'task-top': { type: 'string', default: '6' },
    'by-line': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const CPU = Number(args.cpu);
const TOP = Number(args.top);

interface Build {
  label: string;
  /** The built server's main.js; the web build is beside it (apps/web/dist). */
  main: string;
  dist: string;
  base?: string;
  cookie?: { name: string; value: string };
  lcps: number[];
  /** Per run: the blocking time after the first contentful paint (each long task's time over 50 ms). */
  blocking: number[];
  /** Milliseconds before the LCP per group, summed over the runs. */
  groups: Map<string, number>;
  maps: Map<string, SourceMapConsumer | null>;
}

function build(label: string, main: string): Build {
  const dist = path.resolve(path.dirname(main), '../../web/dist');
  if (!fs.existsSync(main) || !fs.existsSync(dist)) {
    throw new Error(`${main} or ${dist} is missing: run \`node scripts/build.mjs\` there first.`);
  }
  return { label, main, dist, lcps: [], blocking: [], groups: new Map(), maps: new Map() };
}

const builds = [build('this tree', path.resolve(args.server))];
if (args.baseline)
  builds.push(build('baseline', path.join(path.resolve(args.baseline), 'apps/server/dist/main.js')));

/** The source map of a script the page loaded, if the build wrote one. */
function sourceMap(target: Build, url: string): SourceMapConsumer | null {
  if (!target.maps.has(url)) {
    const file = path.join(target.dist, new URL(url).pathname + '.map');
    const map = fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null;
    target.maps.set(url, map);
  }
  return target.maps.get(url) ?? null;
}

/** The file under node_modules/, apps/web/src/ or packages/core/src/ a source map position names. */
function file(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) return source.slice(modules + 'node_modules/'.length);
  return source.replace(/^(?:\.\.\/)*(?:apps\/web\/)?/, '');
}

/** 'react-dom', '@tanstack/query-core', 'src/agenda', 'core/sync', or the browser's own category. */
function group(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const web = source.match(/apps\/web\/src\/([^/]+)/) ?? source.match(/^(?:\.\.\/)*src\/([^/]+)/);
  if (web) return `src/${web[1]!.replace(/\.tsx?$/, '')}`;
  const core = source.match(/packages\/core\/src\/([^/]+)/);
  if (core) return `core/${core[1]!.replace(/\.tsx?$/, '')}`;
  return source;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

async function profileOnce(browser: Browser, target: Build): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  await context.addCookies([{ ...target.cookie!, url: target.base! }]);
  // tsx compiles with esbuild's keepNames, which wraps functions in __name(); the page needs one too.
  await context.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __fcp: number; __tasks: [number, number][] };
    w.__lcp = 0;
    w.__fcp = 0;
    w.__tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (entry.name === 'first-contentful-paint') w.__fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__tasks.push([entry.startTime, entry.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.start');
  await page.goto(`${target.base}${args.page}`);
  // The LCP is final once the page has been quiet for a while (no larger element painted).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2_000);
  const { lcp, fcp, tasks } = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __fcp: number; __tasks: [number, number][] };
    return { lcp: w.__lcp, fcp: w.__fcp, tasks: w.__tasks };
  });
  // The navigation's start on the profile's clock (both are the browser's monotonic clock).
  const { metrics } = await cdp.send('Performance.getMetrics');
  const navigationStart = metrics.find((metric) => metric.name === 'NavigationStart')!.value * 1e6;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await context.close();
  if (!lcp) throw new Error(`${args.page}: no largest-contentful-paint entry`);
  target.lcps.push(lcp);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  if (args.tasks) listTasks(target, profile, nodes, navigationStart, fcp, tasks);
  eachSample(target, profile, nodes, navigationStart, 0, lcp, (sample, time) => {
    const name = sample.source ? group(sample.source) : sample.name;
    if (name !== '(root)') target.groups.set(name, (target.groups.get(name) ?? 0) + time);
  });
}

/**
 * Calls `take` for every profile sample from `from` to `to` (ms after the navigation's start) with
 * what ran: the source file its script position maps to, else a name ('(program)', '(idle)', a
 * browser API as '(addEventListener)', or the script's path when it has no source map position),
 * and the sample's milliseconds.
 */
function eachSample(
  target: Build,
  profile: Profile,
  nodes: Map<number, ProfileNode>,
  navigationStart: number,
  from: number,
  to: number,
  take: (sample: { name: string; source?: string; line?: number }, time: number) => void,
): void {
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    // The blank page before the navigation is not the page's.
    const t = (at - navigationStart) / 1000;
    if (at < navigationStart || t < from) continue;
    if (t > to) break;
    const frame = nodes.get(profile.samples[i]!)!.callFrame;
    const time = profile.timeDeltas[i]! / 1000;
    if (!frame.url) {
      // V8's own entries are named '(program)', '(idle)', '(garbage collector)'; a browser API
      // called from a script ('addEventListener') has no URL.
      take(
        {
          name: frame.functionName.startsWith('(')
            ? frame.functionName
            : `(${frame.functionName || 'native'})`,
        },
        time,
      );
      continue;
    }
    const map = sourceMap(target, frame.url);
    const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    take(
      original?.source
        ? { name: original.source, source: original.source, line: original.line ?? undefined }
        : { name: new URL(frame.url).pathname },
      time,
    );
  }
}

/**
 * Prints the run's long tasks from the first contentful paint on, each with the source files (or
 * the browser's own categories) that ran longest in it, and keeps the run's blocking time.
 */
function listTasks(
  target: Build,
  profile: Profile,
  nodes: Map<number, ProfileNode>,
  navigationStart: number,
  fcp: number,
  tasks: [number, number][],
): void {
  const counted = tasks.filter(([start, duration]) => start + duration > fcp);
  target.blocking.push(counted.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0));
  process.stderr.write(`  ${target.label}: FCP ${ms(fcp)}, blocking ${ms(target.blocking.at(-1)!)}\n`);
  for (const [start, duration] of counted) {
    const files = new Map<string, number>();
    eachSample(target, profile, nodes, navigationStart, start, start + duration, (sample, time) => {
      const name = sample.source
        ? `${file(sample.source)}${args['by-line'] ? `:${sample.line}` : ''}`
        : sample.name;
      files.set(name, (files.get(name) ?? 0) + time);
    });
    const top = [...files]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(args['task-top']))
      .map(([name, time]) => `${name} ${Math.round(time)}`)
      .join(', ');
    process.stderr.write(`    ${ms(start)} +${ms(duration)}: ${top}\n`);
  }
}

/** Every sample before the LCP but the idle ones, summed over the runs. */
const busy = (b: Build) => [...b.groups].reduce((sum, [name, v]) => (name === '(idle)' ? sum : sum + v), 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const target of builds) {
    const { base } = await startServer(target.main, { tmpPrefix: 'mealplan-lcp-profile-' });
    target.base = base;
    target.cookie = await seedAccount(base, 'lcp-profile@bench.test');
  }
  for (let run = 1; run <= RUNS; run++) {
    for (const target of builds) {
      await profileOnce(browser, target);
      process.stderr.write(`run ${run}/${RUNS} ${target.label}: LCP ${ms(target.lcps.at(-1)!)}\n`);
    }
  }
} finally {
  await browser.close();
}

console.log(
  `\n${args.page} on a 412x823 phone viewport, CPU slowed down ${CPU}x, network not throttled, ` +
    `storage cleared, ${RUNS} run(s) per build (medians; main-thread time per run before the LCP)`,
);
console.log(`Chromium ${browser.version()}, node ${process.version}\n`);
const names = [...new Set(builds.flatMap((b) => [...b.groups.keys()]))]
  .sort((a, b) => (builds[0]!.groups.get(b) ?? 0) - (builds[0]!.groups.get(a) ?? 0))
  .slice(0, TOP);
const rows = [
  ['', ...builds.map((b) => b.label)],
  ['LCP (median)', ...builds.map((b) => ms(median(b.lcps)))],
  ['LCP (runs)', ...builds.map((b) => b.lcps.map((v) => Math.round(v)).join(', '))],
  ['main thread busy before LCP', ...builds.map((b) => ms(busy(b) / RUNS))],
  ...(args.tasks ? [['blocking time after FCP (median)', ...builds.map((b) => ms(median(b.blocking)))]] : []),
  ...names.map((name) => [`  ${name}`, ...builds.map((b) => ms((b.groups.get(name) ?? 0) / RUNS))]),
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
for (const row of rows)
  console.log(
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
  );
console.log(
  "\n(program) is the browser's own work (parsing, style, layout, paint), (idle) time waiting for the " +
    "network or a timer, (garbage collector) V8's. Lighthouse's simulated LCP counts the busy time " +
    `before the LCP ${CPU === 4 ? 'as measured here' : 'at 4x'}, plus the script downloads that finish before it.`,
);
process.exit(0);
