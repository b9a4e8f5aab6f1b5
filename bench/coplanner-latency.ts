/**
 * Co-planner latency: two people on one account, in two browsers. The owner keeps editing the
 * grocery list (an edit every 700 ms: 25 items typed in, then 25 ticked off in the shop); for each
 * edit, the time from the owner's keypress or click to the moment the partner's page shows it.
 * Printed as p50/p95 next to the schedule it replaces: a push 30 s after the last edit, which while
 * someone keeps editing faster than that is never (docs/SYNC.md "When it pushes").
 *
 *   npm run build && npx tsx bench/coplanner-latency.ts [--server apps/server/dist/main.js] [--edits 50]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from '@playwright/test';
import { chromiumLaunchOptions, startServer } from './local-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 && argv[at + 1] ? argv[at + 1]! : fallback;
};
const serverMain = option('server', path.join(here, '../apps/server/dist/main.js'));
const EDITS = Number(option('edits', '50'));
const EVERY_MS = 700;
const OLD_SCHEDULE_MS = 30_000;

const { base, dataDir } = await startServer(serverMain, { tmpPrefix: 'mealplan-coplanner-bench-' });

/** Registers an account and returns its session cookie. */
async function register(email: string): Promise<string> {
  const res = await fetch(`${base}/apx/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'cabbage-soup-42' }),
  });
  if (res.status !== 200) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const stamp = Date.now().toString(36);
const ownerCookie = await register(`owner-${stamp}@example.org`);
const partnerEmail = `partner-${stamp}@example.org`;
const partnerCookie = await register(partnerEmail);
const invited = await fetch(`${base}/api/coplanners`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Cookie: ownerCookie },
  body: JSON.stringify({ email: partnerEmail, firstName: 'Pat', lastName: 'Partner' }),
});
if (invited.status !== 200) throw new Error(`invite: ${invited.status} ${await invited.text()}`);
// No SMTP_URL: the server writes mail to $DATA_DIR/outbox; the invitation link carries the id.
const outbox = path.join(dataDir, 'outbox');
const mail = fs
  .readdirSync(outbox)
  .map((f) =>
    fs
      .readFileSync(path.join(outbox, f), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  )
  .find((m) => m.includes(partnerEmail));
const id = mail?.match(/invitations\/coplanner\?[^\s"<>]*id=([\w-]+)/)?.[1];
if (!id) throw new Error('no invitation mail found');
const approved = await fetch(`${base}/api/verifications/approve/${id}`, {
  method: 'POST',
  headers: { Cookie: partnerCookie },
});
if (approved.status !== 200) throw new Error(`approve: ${approved.status}`);

const browser = await chromium.launch(chromiumLaunchOptions());
async function open(cookie: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/groceries`);
  await page.getByRole('tab', { name: 'My store' }).waitFor();
  return page;
}
const owner = await open(ownerCookie);
const partner = await open(partnerCookie);

const adds = Math.ceil(EDITS / 2);
const names = Array.from({ length: adds }, (_, i) => `Item ${i + 1}`);
const latencies: { kind: 'add' | 'tick'; ms: number }[] = [];

/** Runs `edit` every EVERY_MS without waiting for the partner; each edit's latency is recorded. */
async function timeline(kind: 'add' | 'tick', count: number, edit: (i: number) => Promise<Locator>) {
  const seen: Promise<void>[] = [];
  const start = Date.now();
  for (let i = 0; i < count; i++) {
    const wait = start + i * EVERY_MS - Date.now();
    if (wait > 0) await owner.waitForTimeout(wait);
    const shown = await edit(i);
    const at = Date.now();
    seen.push(
      shown
        .waitFor({ state: 'attached', timeout: 60_000 })
        .then(() => void latencies.push({ kind, ms: Date.now() - at })),
    );
  }
  await Promise.all(seen);
}

await owner.getByRole('radio', { name: 'Edit' }).check();
await partner.getByRole('radio', { name: 'Edit' }).check();
await timeline('add', adds, async (i) => {
  const blank = owner.getByRole('textbox', { name: /^New item in Main/ }).first();
  await blank.fill(names[i]!);
  await blank.press('Enter');
  return partner.getByRole('button', { name: names[i], exact: true });
});
await owner.getByRole('radio', { name: 'Shopping' }).check();
await partner.getByRole('radio', { name: 'Shopping' }).check();
await timeline('tick', EDITS - adds, async (i) => {
  await owner.getByRole('checkbox', { name: new RegExp(`^${names[i]}\\b`) }).check();
  return partner.getByRole('checkbox', { name: new RegExp(`^${names[i]}\\b`), checked: true });
});
await browser.close();

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
const row = (label: string, xs: number[]) =>
  `${label.padEnd(28)} ${String(xs.length).padStart(5)} ${String(pct(xs, 50)).padStart(8)} ${String(pct(xs, 95)).padStart(8)} ${String(Math.max(...xs)).padStart(8)}`;
console.log(
  `Co-planner latency, owner editing every ${EVERY_MS} ms, ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
console.log(
  `${'edits'.padEnd(28)} ${'n'.padStart(5)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
);
console.log(
  row(
    'items typed in (1 s rule)',
    latencies.filter((l) => l.kind === 'add').map((l) => l.ms),
  ),
);
console.log(
  row(
    'items ticked (at once)',
    latencies.filter((l) => l.kind === 'tick').map((l) => l.ms),
  ),
);
const all = latencies.map((l) => l.ms);
console.log(row('all', all));
console.log(
  `\nold schedule: a push ${OLD_SCHEDULE_MS.toLocaleString('en-US')} ms after the last edit (never while edits come faster);` +
    ` goal: p95 ≤ 2,000 ms — ${pct(all, 95) <= 2_000 ? 'met' : 'MISSED'} (${(OLD_SCHEDULE_MS / pct(all, 95)).toFixed(0)}× sooner than the old schedule's best case)`,
);
process.exit(0);
