/**
 * The files in deploy/ (docs/DEPLOY.md): they agree with the server (the proxies let the largest
 * request body through, stream live updates unbuffered to the route that serves them, reach the
 * port the service listens on; the service starts what the build makes and sets only variables the
 * server reads), the validators accept them where installed here (scripts/check-deploy.mjs), and
 * the nightly backup script writes a backup and keeps two weeks.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { ARCHIVE_UPLOAD_MAX_BYTES } from '../services/recipe-archive.service.js';
import { AVATAR_MAX_BYTES } from '../services/avatar.service.js';
import { PHOTO_MAX_BYTES } from '../services/photo.service.js';
import { DOCUMENT_BODY_LIMIT } from '../routes/document.routes.js';
import { createTestApp } from '../test-support/backends.js';
import { freshDatabase, serverDir } from '../test-support/server-process.js';

const repo = path.resolve(serverDir, '../..');
const deploy = path.join(repo, 'deploy');
const read = (file: string) => fs.readFileSync(path.join(deploy, file), 'utf8');

/** `Key=value` settings of a systemd unit, every occurrence. */
function unitSettings(text: string, key: string): string[] {
  return [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!.trim());
}

/** nginx sizes: 100m, 512k, 1g. */
function nginxBytes(size: string): number {
  const m = /^(\d+)([kmg]?)$/i.exec(size);
  if (!m) throw new Error(`not an nginx size: ${size}`);
  return Number(m[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '']!;
}

/** nginx durations: 1h, 90s, 5m, or bare seconds. */
function nginxSeconds(time: string): number {
  const m = /^(\d+)([smh]?)$/.exec(time);
  if (!m) throw new Error(`not an nginx time: ${time}`);
  return Number(m[1]) * { '': 1, s: 1, m: 60, h: 3600 }[m[2] as ''];
}

/** The variables the server reads, from its configuration parser. */
function configVariables(): Set<string> {
  const source = fs.readFileSync(path.join(serverDir, 'src/config.ts'), 'utf8');
  return new Set([...source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));
}

describe('deploy files agree with the server', () => {
  const service = read('mealplan.service');
  const nginx = read('nginx.conf');
  const caddy = read('Caddyfile');
  const environment = new Map(
    unitSettings(service, 'Environment').map((pair) => pair.split('=', 2) as [string, string]),
  );

  it('the proxies let through the largest body a route accepts', () => {
    const largest = Math.max(
      ARCHIVE_UPLOAD_MAX_BYTES,
      PHOTO_MAX_BYTES,
      AVATAR_MAX_BYTES,
      DOCUMENT_BODY_LIMIT,
    );
    const nginxLimits = [...nginx.matchAll(/client_max_body_size\s+(\S+);/g)].map((m) => m[1]!);
    expect(nginxLimits).toHaveLength(1); // one limit for the whole site, no tighter location
    expect(nginxBytes(nginxLimits[0]!)).toBeGreaterThanOrEqual(largest);
    // Caddy streams the body to the server, whose refusal the app can show; a Caddy max_size
    // turns that into a bare 502 (proxy-configs.test.ts), so the Caddyfile sets none.
    expect(caddy).not.toMatch(/^\s*(request_body|max_size)\b/m);
  });

  it('the proxies stream the live-update route unbuffered and outlast its heartbeat', async () => {
    const t = await createTestApp('sqlite');
    try {
      // The route the proxies single out exists: without a session it is refused, not unknown.
      expect((await t.app.inject({ method: 'GET', url: '/api/events' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
    const block = /location = \/api\/events \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    expect(block).toMatch(/proxy_buffering off;/);
    const timeout = /proxy_read_timeout\s+(\S+);/.exec(block)?.[1] ?? '0';
    expect(nginxSeconds(timeout) * 1000).toBeGreaterThan(2 * loadConfig({}).sseHeartbeatMs);
    expect(caddy).toMatch(/flush_interval -1/);
    // Caddy's `encode` would compress, and so hold back, the event stream.
    expect(caddy).not.toMatch(/^\s*encode\b/m);
  });

  it('the proxies pass to the loopback port the service listens on, which believes only them', () => {
    expect(environment.get('HOST')).toBe('127.0.0.1');
    expect(environment.get('TRUST_PROXY')).toBe('loopback');
    const upstream = `127.0.0.1:${environment.get('PORT')}`;
    expect(nginx).toContain(`server ${upstream};`);
    expect(caddy).toContain(`reverse_proxy ${upstream}`);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
  });

  it('the service starts what the build makes, keeps its data where it may write, and waits out a stop', () => {
    const [execStart] = unitSettings(service, 'ExecStart');
    const [node, script] = execStart!.split(' ');
    expect(node).toBe('/usr/bin/node'); // Debian's, or NodeSource's package
    const workingDirectory = unitSettings(service, 'WorkingDirectory')[0]!;
    const relative = path.relative(workingDirectory, script!);
    const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { main: string };
    expect(path.join('apps/server', pkg.main)).toBe(relative);
    // tsc writes src/main.ts to dist/main.js (tsconfig.build.json); after a build, it is there.
    expect(fs.existsSync(path.join(serverDir, 'src/main.ts'))).toBe(true);
    const built = path.join(repo, relative);
    if (fs.existsSync(path.join(serverDir, 'dist'))) expect(fs.existsSync(built)).toBe(true);

    const dataDir = environment.get('DATA_DIR')!;
    expect(dataDir).toBe(`/var/lib/${unitSettings(service, 'StateDirectory')[0]}`);
    expect(unitSettings(service, 'ReadWritePaths')).toEqual([dataDir]);
    expect(unitSettings(service, 'User')).toEqual(['mealplan']);
    expect(unitSettings(service, 'Restart')).toEqual(['on-failure']);
    const stopSeconds = Number(unitSettings(service, 'TimeoutStopSec')[0]);
    expect(stopSeconds * 1000).toBeGreaterThan(loadConfig({}).shutdownTimeoutMs);
  });

  it('every variable the units set is one the server or the backup script reads', () => {
    const known = configVariables();
    expect(known.has('DATA_DIR')).toBe(true); // the parser was read
    for (const name of environment.keys()) {
      if (name !== 'NODE_ENV') expect(known, `${name} in mealplan.service`).toContain(name);
    }
    const backupScript = read('mealplan-backup.sh');
    for (const pair of unitSettings(read('mealplan-backup.service'), 'Environment')) {
      const name = pair.split('=')[0]!;
      expect(known.has(name) || backupScript.includes(`\${${name}`), `${name} in the backup unit`).toBe(true);
    }
  });

  it("docs/DEPLOY.md's table of variables lists exactly those the server reads", () => {
    const doc = fs.readFileSync(path.join(repo, 'docs/DEPLOY.md'), 'utf8');
    const section = doc.split(/^## Environment variables$/m)[1]?.split(/^## /m)[0] ?? '';
    const documented = new Set([...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]!));
    expect([...documented].sort()).toEqual([...configVariables()].sort());
  });
});

/** Whether a validator is on PATH or in the sbin directories, as scripts/check-deploy.mjs looks. */
function installed(name: string): boolean {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  return dirs.some((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

describe('deploy files pass their validators (scripts/check-deploy.mjs)', () => {
  const validators = [
    { check: 'systemd', program: 'systemd-analyze', files: 'the units' },
    { check: 'nginx', program: 'nginx', files: 'nginx.conf' },
    { check: 'caddy', program: 'caddy', files: 'Caddyfile' },
    { check: 'logrotate', program: 'logrotate', files: 'logrotate.conf' },
  ];
  for (const { check, program, files } of validators) {
    const available = installed(program);
    it.skipIf(!available)(
      `${program} accepts ${files}${available ? '' : ` (skipped: ${program} is not installed here)`}`,
      () => {
        const run = spawnSync(process.execPath, [path.join(repo, 'scripts/check-deploy.mjs'), check], {
          encoding: 'utf8',
        });
        expect(run.stdout).toMatch(new RegExp(`^check-deploy: ${check}: ok`));
        expect(run.status, run.stdout + run.stderr).toBe(0);
      },
      60_000,
    );
  }
});

describe('the nightly backup script (deploy/mealplan-backup.sh)', () => {
  const script = path.join(deploy, 'mealplan-backup.sh');
  const cli = `${process.execPath} --conditions=source --import tsx ${path.join(serverDir, 'src/cli.ts')}`;
  const cleanups: (() => Promise<void>)[] = [];
  let backupDir: string;
  const today = () => new Date().toLocaleDateString('sv'); // YYYY-MM-DD in local time, as date +%F
  const daysAgo = (file: string, days: number) => {
    const when = new Date(Date.now() - days * 86_400_000);
    fs.utimesSync(file, when, when);
  };

  beforeAll(() => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-backups-'));
    cleanups.push(async () => fs.rmSync(backupDir, { recursive: true, force: true }));
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const runScript = (env: Record<string, string>) =>
    spawnSync('/bin/sh', [script], {
      cwd: serverDir,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, BACKUP_DIR: backupDir, KEEP_DAYS: '14', MEALPLAN_CLI: cli, ...env },
    });

  it("writes today's SQLite backup and deletes only those older than two weeks", async () => {
    const { dataDir, env } = await freshDatabase('sqlite', cleanups);
    const db = await openDatabase({ dataDir });
    await migrateToLatest(db);
    await db.close();
    const old = path.join(backupDir, 'mealplan-2020-01-01.db');
    const recent = path.join(backupDir, 'mealplan-2020-01-02.db');
    const other = path.join(backupDir, 'notes.db');
    for (const file of [old, recent, other]) fs.writeFileSync(file, 'x');
    daysAgo(old, 20);
    daysAgo(recent, 3);
    daysAgo(other, 20);

    const run = runScript(env);
    expect(run.status, run.stderr).toBe(0);
    const written = path.join(backupDir, `mealplan-${today()}.db`);
    const copy = new SQLite(written, { readonly: true });
    try {
      expect(copy.prepare('select count(*) as n from kysely_migration').get()).toMatchObject({
        n: expect.any(Number),
      });
    } finally {
      copy.close();
    }
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    expect(fs.existsSync(other)).toBe(true); // not ours
  }, 60_000);

  it('fails, says why and deletes nothing when there is no database to back up', () => {
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-empty-'));
    cleanups.push(async () => fs.rmSync(emptyDir, { recursive: true, force: true }));
    const old = path.join(backupDir, 'mealplan-2019-01-01.db');
    fs.writeFileSync(old, 'x');
    daysAgo(old, 30);
    const run = runScript({ DATA_DIR: emptyDir, DATABASE_URL: '' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('There is no database');
    expect(fs.existsSync(old)).toBe(true);
  }, 60_000);

  it.skipIf(!process.env.TEST_DATABASE_URL || !installed('pg_dump'))(
    `dumps PostgreSQL with pg_dump when the environment file sets DATABASE_URL${
      process.env.TEST_DATABASE_URL && installed('pg_dump')
        ? ''
        : ' (skipped: needs TEST_DATABASE_URL and pg_dump)'
    }`,
    async () => {
      const { env } = await freshDatabase('postgres', cleanups);
      const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: '/nonexistent' });
      await migrateToLatest(db);
      await db.close();
      // As cron runs it: DATABASE_URL from the service's environment file (ENV_FILE).
      const envFile = path.join(backupDir, 'env');
      fs.writeFileSync(envFile, `DATABASE_URL=${env.DATABASE_URL}\n`);
      const run = runScript({ DATA_DIR: env.DATA_DIR!, DATABASE_URL: '', ENV_FILE: envFile });
      expect(run.status, run.stderr).toBe(0);
      const dump = fs.readFileSync(path.join(backupDir, `mealplan-${today()}.dump`));
      expect(dump.subarray(0, 5).toString()).toBe('PGDMP'); // pg_dump's custom format
      const listed = spawnSync('pg_restore', ['--list', path.join(backupDir, `mealplan-${today()}.dump`)], {
        encoding: 'utf8',
      });
      expect(listed.stdout).toMatch(/TABLE public kysely_migration/);
    },
    60_000,
  );
});
