// What a failed browser story's page did after its last navigation, read from the story's
// Playwright trace (trace.zip): each request with its answer or failure (the service worker's own
// requests marked), console warnings and errors, uncaught errors, and the test's actions. A CI run
// keeps only its log, so `npm test` prints this for each failure (scripts/test.mjs): a story that
// fails once in many runs can then be read from that run alone (CONTRIBUTING.md "The bar for a
// change": a flaky test is a failing test).
//
// The trace format is Playwright's own and not a public API: anything unexpected in it gives an
// empty timeline, never an error.
import fs from 'node:fs';

/** The most lines printed per story; successful script and style loads are dropped first. */
const MAX_LINES = 90;

/**
 * `{ time, text }` for every event of interest in a trace, in no particular order; `quiet` marks a
 * script, style or icon load that succeeded, `action` a test action's name, `failed` its failure.
 */
function traceEvents(files) {
  const events = [];
  const decoder = new TextDecoder();
  for (const [name, bytes] of Object.entries(files)) {
    const lines = () => decoder.decode(bytes).split('\n').filter(Boolean).map(parseLine).filter(Boolean);
    if (/(^|-)trace\.network$/.test(name)) {
      for (const entry of lines()) {
        const s = entry.snapshot;
        if (entry.type !== 'resource-snapshot' || !s?.request || typeof s._monotonicTime !== 'number')
          continue;
        const path = shortUrl(s.request.url);
        const failure = s.response?._failureText;
        const outcome = failure ? `failed: ${failure}` : String(s.response?.status ?? '?');
        const who = s._serviceWorkerRef ? 'worker' : 'page  ';
        events.push({
          time: s._monotonicTime,
          text: `${who} ${s.request.method} ${path} ${outcome} (${Math.round(s.time)} ms)`,
          quiet: !failure && /^\/assets\/|^\/favicon/.test(path) && s.response?.status === 200,
        });
      }
    } else if (/(^|-)trace\.trace$/.test(name)) {
      for (const entry of lines()) {
        if (entry.type === 'before' && typeof entry.startTime === 'number') {
          const target = entry.params?.selector ?? entry.params?.url ?? '';
          events.push({
            time: entry.startTime,
            text: `test   ${entry.method}${target ? ` ${String(target).slice(0, 100)}` : ''}`,
            action: entry.method,
          });
        } else if (entry.type === 'after' && entry.error && typeof entry.endTime === 'number') {
          events.push({
            time: entry.endTime,
            text: `test   failed: ${String(entry.error.message).slice(0, 120)}`,
            failed: true,
          });
        } else if (entry.type === 'console' && entry.messageType !== 'log' && entry.messageType !== 'debug') {
          const where = entry.location?.url ? ` (${shortUrl(entry.location.url)})` : '';
          events.push({
            time: entry.time,
            text: `console ${entry.messageType}: ${entry.text?.slice(0, 160)}${where}`,
          });
        } else if (entry.type === 'event' && entry.method === 'pageError') {
          const error = entry.params?.error?.error ?? entry.params?.error;
          events.push({
            time: entry.time,
            text: `page error: ${String(error?.message ?? error).slice(0, 160)}`,
          });
        }
      }
    }
  }
  return events.filter((event) => typeof event.time === 'number');
}

function parseLine(line) {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function shortUrl(url) {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return String(url);
  }
}

/**
 * The timeline of `traceZip` from the test's last navigation (goto or reload) before its first
 * failure, as lines of text; empty when the trace cannot be read.
 */
export async function traceTimeline(traceZip) {
  let unzipSync;
  try {
    ({ unzipSync } = await import('fflate'));
  } catch {
    return [];
  }
  let events;
  try {
    events = traceEvents(unzipSync(fs.readFileSync(traceZip)));
  } catch {
    return [];
  }
  events.sort((a, b) => a.time - b.time);
  const failedAt = events.find((event) => event.failed)?.time ?? Infinity;
  const navigations = events.filter(
    (event) => (event.action === 'goto' || event.action === 'reload') && event.time <= failedAt,
  );
  const from = navigations.at(-1)?.time ?? events[0]?.time;
  if (from === undefined) return [];
  let shown = events.filter((event) => event.time >= from);
  const notes = [];
  if (shown.length > MAX_LINES) {
    const quiet = shown.filter((event) => event.quiet).length;
    if (quiet) notes.push(`(${quiet} script, style and icon loads that succeeded are left out)`);
    shown = shown.filter((event) => !event.quiet);
  }
  if (shown.length > MAX_LINES) notes.push(`(${shown.length - MAX_LINES} later events are left out)`);
  const lines = shown
    .slice(0, MAX_LINES)
    .map((event) => `${`+${Math.round(event.time - from)}`.padStart(7)} ms  ${event.text}`);
  lines.push(...notes.map((note) => `  ${note}`));
  return lines;
}
