// `node scripts/check-deploy.mjs [systemd] [nginx] [caddy] [logrotate]`: runs the validators of the files in
// deploy/ that are installed on this machine (all of them when none is named) and says which were
// skipped. Exit 0 when every check that ran passed, 1 otherwise. docs/DEPLOY.md lists the files;
// apps/server/src/ops/deploy-files.test.ts runs this too, besides its own checks that the files
// agree with the server.
//
// - systemd: `systemd-analyze verify` of every unit in deploy/ (Debian: apt-get install systemd).
// - nginx: `nginx -t` of deploy/nginx.conf inside a minimal nginx.conf, with a throw-away
//   self-signed certificate in place of certbot's (Debian: apt-get install nginx-light openssl).
// - caddy: `caddy validate` of deploy/Caddyfile (Debian: apt-get install caddy).
// - logrotate: `logrotate --debug` of deploy/logrotate.conf (Debian: apt-get install logrotate).
//
// The validators print warnings and still exit 0 (an unknown key in a unit, an unformatted
// Caddyfile), so any output at all counts as a failure.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repo } from './lib.mjs';

const deploy = path.join(repo, 'deploy');

/** The path of `name` on PATH or in the sbin directories (nginx lives in /usr/sbin), or undefined. */
function which(name) {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Runs a validator; passes when it exits 0 and prints nothing but the expected lines. */
function runValidator(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: 60_000, ...options });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
    .split('\n')
    .filter((line) => line.trim() && !(options.expected ?? []).some((re) => re.test(line)))
    .join('\n');
  if (result.error) return { ok: false, detail: result.error.message };
  return { ok: result.status === 0 && output === '', detail: output || `exit code ${result.status}` };
}

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-deploy-check-'));
}

const checks = {
  systemd() {
    const analyze = which('systemd-analyze');
    if (!analyze) return { skipped: 'systemd-analyze is not installed (Debian: apt-get install systemd)' };
    // The units name /opt/mealplan and /usr/bin/node, where docs/DEPLOY.md installs them; verify
    // checks that ExecStart's program exists, so point them at this checkout and this Node.
    const dir = tempDir();
    try {
      const units = fs.readdirSync(deploy).filter((f) => /\.(service|timer)$/.test(f));
      for (const unit of units) {
        const text = fs
          .readFileSync(path.join(deploy, unit), 'utf8')
          .replaceAll('/opt/mealplan', repo)
          .replaceAll('/usr/bin/node', process.execPath);
        fs.writeFileSync(path.join(dir, unit), text);
      }
      const result = runValidator(
        analyze,
        ['verify', ...units.map((u) => path.join(dir, u))],
        // Containers without systemd as PID 1 cannot say whether a unit's dependencies exist.
        { env: { ...process.env, SYSTEMD_LOG_LEVEL: 'warning' } },
      );
      return { ...result, what: units.join(', ') };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },

  nginx() {
    const nginx = which('nginx');
    if (!nginx) return { skipped: 'nginx is not installed (Debian: apt-get install nginx-light)' };
    const openssl = which('openssl');
    if (!openssl) return { skipped: 'openssl is not installed, needed for a test certificate' };
    const dir = tempDir();
    try {
      const made = spawnSync(
        openssl,
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=meals.example.org',
        ].concat(['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')]),
        { encoding: 'utf8' },
      );
      if (made.status !== 0) return { ok: false, detail: `openssl: ${made.stderr}` };
      const site = fs
        .readFileSync(path.join(deploy, 'nginx.conf'), 'utf8')
        .replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${path.join(dir, 'cert.pem')};`)
        .replace(/ssl_certificate_key\s+\S+;/, `ssl_certificate_key ${path.join(dir, 'key.pem')};`);
      fs.writeFileSync(path.join(dir, 'site.conf'), site);
      // What /etc/nginx/nginx.conf provides around a site: the http block, MIME types aside.
      const wrapper = [
        `pid ${path.join(dir, 'nginx.pid')};`,
        `error_log ${path.join(dir, 'error.log')};`,
        'events {}',
        'http {',
        '    access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `    ${kind}_temp_path ${path.join(dir, kind)};`,
        ),
        `    include ${path.join(dir, 'site.conf')};`,
        '}',
        '',
      ].join('\n');
      fs.writeFileSync(path.join(dir, 'nginx.conf'), wrapper);
      return {
        ...runValidator(nginx, [
          '-t',
          '-q',
          '-p',
          dir,
          '-e',
          path.join(dir, 'error.log'),
          '-c',
          path.join(dir, 'nginx.conf'),
        ]),
        what: 'nginx.conf',
      };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },

  caddy() {
    const caddy = which('caddy');
    if (!caddy) return { skipped: 'caddy is not installed (Debian: apt-get install caddy)' };
    const dir = tempDir();
    try {
      // Caddy logs what it provisions as JSON at info; those lines are not findings.
      const result = runValidator(
        caddy,
        ['validate', '--config', path.join(deploy, 'Caddyfile'), '--adapter', 'caddyfile'],
        {
          env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
          expected: [/^Valid configuration$/, /^\{"level":"info"/],
        },
      );
      return { ...result, what: 'Caddyfile' };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },

  logrotate() {
    const logrotate = which('logrotate');
    if (!logrotate) return { skipped: 'logrotate is not installed (Debian: apt-get install logrotate)' };
    const dir = tempDir();
    try {
      // `su mealplan mealplan` names a user this machine may not have: check as the current one.
      const user = os.userInfo().username;
      const group = execFileSync('id', ['-gn'], { encoding: 'utf8' }).trim();
      const text = fs
        .readFileSync(path.join(deploy, 'logrotate.conf'), 'utf8')
        .replace(/^(\s*)su \S+ \S+$/m, `$1su ${user} ${group}`);
      fs.writeFileSync(path.join(dir, 'mealplan'), text);
      // --debug changes nothing and narrates what it would do; only `error:` lines are findings.
      const result = runValidator(
        logrotate,
        ['--debug', '--state', path.join(dir, 'state'), path.join(dir, 'mealplan')],
        { expected: [/^(?!error:)/] },
      );
      return { ...result, what: 'logrotate.conf' };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in checks));
if (unknown.length) {
  console.error(`Unknown check ${unknown.join(', ')}; the checks are ${Object.keys(checks).join(', ')}`);
  process.exit(2);
}
let failed = false;
for (const name of asked.length ? asked : Object.keys(checks)) {
  const result = checks[name]();
  if (result.skipped) {
    console.log(`check-deploy: ${name}: skipped: ${result.skipped}`);
  } else if (result.ok) {
    console.log(`check-deploy: ${name}: ok (${result.what})`);
  } else {
    failed = true;
    console.log(`check-deploy: ${name}: FAILED (${result.what ?? name})\n${result.detail}`);
  }
}
process.exit(failed ? 1 : 0);
