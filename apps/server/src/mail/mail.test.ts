import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { linkPath, signUp, TestClient } from '../test-support/http.js';

/** Decodes the quoted-printable parts of a raw message, enough to read its links. */
function readable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free loopback port, keeping what it receives. */
async function startSmtp() {
  const inbox: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: readable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    inbox,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(backends)('mail over SMTP on %s', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestApp(dialect, {
      smtpUrl: smtp.url,
      mailFrom: 'Mealplan <plan@example.com>',
      publicUrl: 'https://meals.example',
    });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('delivers a reset mail whose link sets the password and signs in', async () => {
    await signUp(ctx.app, 'reset@example.com', 'forgotten-pw');
    const res = await new TestClient(ctx.app).post('/apx/auth/reset-password', {
      email: 'reset@example.com',
    });
    expect(res.statusCode).toBe(200);
    const mail = smtp.inbox.at(-1)!;
    expect(mail.to).toEqual(['reset@example.com']);
    expect(mail.raw).toContain('From: Mealplan <plan@example.com>');
    expect(mail.raw).toContain('https://meals.example/set-password/');
    const [, , email, otp] = linkPath(mail.raw, '/set-password/').split('/');
    const browser = new TestClient(ctx.app);
    const set = await browser.post('/apx/auth/set-password', {
      email: decodeURIComponent(email!),
      otp: decodeURIComponent(otp!),
      password: 'remembered-pw',
    });
    expect(set.statusCode).toBe(200);
    expect((await browser.get('/api/me')).json().email).toBe('reset@example.com');
    const login = await new TestClient(ctx.app).post('/apx/auth/login', {
      email: 'reset@example.com',
      password: 'remembered-pw',
    });
    expect(login.statusCode).toBe(200);
  });

  it('delivers a co-planner invitation to a new address: set a password, then accept', async () => {
    const owner = await signUp(ctx.app, 'host@example.com');
    const res = await owner.post('/api/coplanners', {
      email: 'partner@example.com',
      firstName: 'Pat',
      lastName: 'Ner',
    });
    expect(res.statusCode).toBe(200);
    const mail = smtp.inbox.at(-1)!;
    expect(mail.to).toEqual(['partner@example.com']);
    const invitation = linkPath(mail.raw, '/invitations/coplanner?');
    const [, , email, otp] = linkPath(mail.raw, '/set-password/').split('/');
    const partner = new TestClient(ctx.app);
    await partner.post('/apx/auth/set-password', {
      email: decodeURIComponent(email!),
      otp: decodeURIComponent(otp!),
      password: 'partner-pw',
    });
    const id = new URL(invitation, 'https://meals.example').searchParams.get('id');
    expect((await partner.post(`/api/verifications/approve/${id}`)).statusCode).toBe(200);
    expect((await partner.get('/api/notes')).headers.etag).toBe((await owner.get('/api/notes')).headers.etag);
  });

  it('answers 502 MAIL_FAILED when the SMTP server is unreachable', async () => {
    const offline = await createTestApp(dialect, { smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await signUp(offline.app, 'x@example.com');
      const res = await new TestClient(offline.app).post('/apx/auth/reset-password', {
        email: 'x@example.com',
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('MAIL_FAILED');
    } finally {
      await offline.close();
    }
  });
});

describe.each(backends)('mail outbox without SMTP on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { smtpUrl: undefined });
  });
  afterAll(() => ctx.close());

  it('writes each mail as an .eml file under $DATA_DIR/outbox with a working link', async () => {
    await signUp(ctx.app, 'outbox@example.com');
    expect(
      (await new TestClient(ctx.app).post('/apx/auth/reset-password', { email: 'outbox@example.com' }))
        .statusCode,
    ).toBe(200);
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    const files = fs.readdirSync(outbox).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readable(fs.readFileSync(path.join(outbox, files[0]!), 'utf8'));
    expect(raw).toContain('To: outbox@example.com');
    const summary = JSON.parse(
      fs.readFileSync(path.join(outbox, files[0]!.replace(/\.eml$/, '.json')), 'utf8'),
    );
    expect(summary).toMatchObject({ to: 'outbox@example.com', subject: 'Reset your Mealplan password' });
    expect(summary.link).toBe(`${ctx.config.publicUrl}${linkPath(raw, '/set-password/')}`);
    const [, , email, otp] = linkPath(raw, '/set-password/').split('/');
    const res = await new TestClient(ctx.app).post('/apx/auth/set-password', {
      email: decodeURIComponent(email!),
      otp: decodeURIComponent(otp!),
      password: 'from-the-outbox',
    });
    expect(res.statusCode).toBe(200);
  });
});
