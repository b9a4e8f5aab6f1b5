import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');

/**
 * The suite starts its own server on a free port with a throw-away data dir. The config is loaded
 * again in every worker, so the choices are made once and handed down through the environment.
 */
function freePort(): string {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
process.env.E2E_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-e2e-'));
const port = process.env.E2E_PORT;
export const baseURL = `http://localhost:${port}`;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // No retries: a test that needs a second try is a failing test (CONTRIBUTING.md).
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PW_REPORTER ? JSON.parse(process.env.PW_REPORTER) : [['list']],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      // Debian's Chromium as root in a container: no sandbox, and no calls home on a closed network.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } } },
  ],
  webServer: {
    // E2E_SERVER_MAIN points at a snapshot of the built server and web app, so a run is not
    // disturbed by someone rebuilding apps/*/dist in the same working tree meanwhile.
    command: `node ${JSON.stringify(process.env.E2E_SERVER_MAIN ?? path.join(repo, 'apps/server/dist/main.js'))}`,
    url: `${baseURL}/api/status`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      PLAN: 'pro',
      // recipe-import.spec serves its recipe pages on loopback.
      IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
  },
});
