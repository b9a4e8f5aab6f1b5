// Starting a Mealplan server (or any Node program) for a benchmark: a free port on 127.0.0.1 and a
// wait until it answers. Shared by api.mjs, lighthouse.ts and plan-scroll.ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Waits (up to a minute) until `url` answers with a status under 500; fails at once if `child`,
 * the process that should answer, has exited.
 */
export async function waitFor(url, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within a minute`);
}

/**
 * Starts the built server `main` (apps/server/dist/main.js or a snapshot's) on a free port of
 * 127.0.0.1 with a throw-away SQLite data dir and the Pro plan, and waits until it answers; the
 * server is stopped and the dir removed when this process exits. `env` adds to or overrides the
 * environment. Shared by plan-scroll.ts, recipe-import.ts and coplanner-latency.ts.
 */
export async function startServer(main, { env = {}, tmpPrefix = 'mealplan-bench-' } = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Links in mail (an invitation's) point at this server.
      PUBLIC_URL: base,
      PLAN: 'pro',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  await waitFor(`${base}/api/status`, server);
  return { base, server, dataDir };
}

/** Debian's Chromium (or $CHROMIUM_PATH) with the flags every browser bench runs it with. */
export function chromiumLaunchOptions({ headed = false } = {}) {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: !headed,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}
