import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { linkPath, memoryMailer, signUp, TestClient } from '../test-support/http.js';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 24 * 60 * 60 * 1000;

/** set-password link path `/set-password/{email}/{otp}` -> its parts. */
function otpFrom(path: string): { email: string; otp: string } {
  const [, , email = '', otp = ''] = path.split('/');
  return { email: decodeURIComponent(email), otp: decodeURIComponent(otp) };
}

describe.each(backends)('auth on %s', (dialect) => {
  let ctx: Ctx;
  const mailer = memoryMailer();
  let clock = Date.parse('2025-03-01T10:00:00.000Z');
  let ann: TestClient;

  beforeAll(async () => {
    ctx = await createTestApp(
      dialect,
      { publicUrl: 'https://plan.example' },
      { mailer, now: () => new Date(clock) },
    );
    ann = await signUp(ctx.app, 'Ann@Example.com', 'first-password');
  });
  afterAll(() => ctx.close());

  it('registers, sets an httpOnly SameSite=Lax session cookie and answers with the current user', async () => {
    const client = new TestClient(ctx.app);
    const res = await client.post('/apx/auth/register', { email: 'new@example.com', password: 'secret123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'new@example.com', following: [], followers: [] });
    const cookie = res.cookies.find((c) => c.name === 'mealplan_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect((await client.get('/api/me')).statusCode).toBe(200);
  });

  it('marks the cookie Secure behind a TLS-terminating proxy', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/apx/auth/register',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: 'tls@example.com', password: 'secret123' },
    });
    expect(res.cookies.find((c) => c.name === 'mealplan_session')?.secure).toBe(true);
  });

  it("refuses a taken e-mail, in any case, with 400 'Email is already in use'", async () => {
    const res = await new TestClient(ctx.app).post('/apx/auth/register', {
      email: 'ANN@example.COM',
      password: 'secret123',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'EMAIL_IN_USE', message: 'Email is already in use' });
  });

  it('validates e-mail and password with the docs/BEHAVIOUR.md §5 messages', async () => {
    const client = new TestClient(ctx.app);
    const cases: [unknown, string][] = [
      [{ password: 'secret123' }, 'Email is required'],
      [{ email: '', password: 'secret123' }, 'Email is required'],
      [{ email: 'not-an-email', password: 'secret123' }, 'Entered value does not match email format'],
      [{ email: 'x@y.z' }, 'Password is required'],
      [{ email: 'x@y.z', password: 'short' }, 'Password must be at least 7 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/apx/auth/register', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message });
    }
    expect((await client.post('/apx/auth/login', { email: 'x@y.z', password: 'short' })).statusCode).toBe(
      403,
    );
  });

  it("answers a wrong e-mail and a wrong password alike: 403 'Email or password is invalid'", async () => {
    const client = new TestClient(ctx.app);
    const wrongPassword = await client.post('/apx/auth/login', {
      email: 'ann@example.com',
      password: 'nope-nope',
    });
    const wrongEmail = await client.post('/apx/auth/login', {
      email: 'nobody@example.com',
      password: 'first-password',
    });
    for (const res of [wrongPassword, wrongEmail]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Email or password is invalid' });
      expect(res.cookies).toEqual([]);
    }
    const ok = await client.post('/apx/auth/login', { email: 'ANN@example.com', password: 'first-password' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: ann.userId });
  });

  it('logs out: the cookie is cleared and the session no longer works, even replayed', async () => {
    const client = new TestClient(ctx.app);
    await client.post('/apx/auth/login', { email: 'ann@example.com', password: 'first-password' });
    const stolen = client.cookie;
    const res = await client.call('POST', '/apx/auth/logout', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(204);
    expect(client.cookie).toBeUndefined();
    expect((await new TestClient(ctx.app, stolen).get('/api/me')).statusCode).toBe(401);
    // Logging out twice, or signed out, is fine.
    expect((await client.post('/apx/auth/logout')).statusCode).toBe(204);
  });

  it('mails a set-password link, refuses a second request within 24 hours, and tells nothing about unknown addresses', async () => {
    const bob = await signUp(ctx.app, 'bob@example.com');
    mailer.sent.length = 0;
    const anon = new TestClient(ctx.app);
    expect((await anon.post('/apx/auth/reset-password', { email: 'nobody@example.com' })).statusCode).toBe(
      200,
    );
    expect(mailer.sent).toHaveLength(0);

    expect((await anon.post('/apx/auth/reset-password', { email: 'BOB@example.com' })).statusCode).toBe(200);
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]?.to).toBe('bob@example.com');
    const path = linkPath(mailer.sent[0]?.text ?? '', '/set-password/');
    expect(mailer.sent[0]?.link.startsWith('https://plan.example/set-password/bob%40example.com/')).toBe(
      true,
    );

    // A second request within 24 h answers exactly as for an unknown address (no mail goes out), so
    // the form cannot tell which addresses have accounts.
    const again = await anon.post('/apx/auth/reset-password', { email: 'bob@example.com' });
    const unknown = await anon.post('/apx/auth/reset-password', { email: 'nobody@example.com' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(unknown.body);
    expect(mailer.sent).toHaveLength(1);

    // The link signs in with the new password, once; the old password and sessions stop working.
    const { email, otp } = otpFrom(path);
    const setter = new TestClient(ctx.app);
    const res = await setter.post('/apx/auth/set-password', { email, otp, password: 'brand-new-pw' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: bob.userId });
    expect((await setter.get('/api/me')).statusCode).toBe(200);
    expect((await bob.get('/api/me')).statusCode).toBe(401);
    const reuse = await new TestClient(ctx.app).post('/apx/auth/set-password', {
      email,
      otp,
      password: 'other-pw-123',
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'OTP_INVALID' });
    expect((await anon.post('/apx/auth/login', { email, password: 'brand-new-pw' })).statusCode).toBe(200);

    // A day later a new request is allowed again.
    clock += DAY + 1000;
    expect((await anon.post('/apx/auth/reset-password', { email: 'bob@example.com' })).statusCode).toBe(200);
  });

  it('refuses a wrong, foreign or expired one-time password', async () => {
    await signUp(ctx.app, 'cat@example.com');
    mailer.sent.length = 0;
    const anon = new TestClient(ctx.app);
    await anon.post('/apx/auth/reset-password', { email: 'cat@example.com' });
    const { otp } = otpFrom(linkPath(mailer.sent[0]?.text ?? '', '/set-password/'));
    const wrong = await anon.post('/apx/auth/set-password', {
      email: 'cat@example.com',
      otp: 'x' + otp,
      password: 'secret123',
    });
    expect(wrong.statusCode).toBe(400);
    const foreign = await anon.post('/apx/auth/set-password', {
      email: 'ann@example.com',
      otp,
      password: 'secret123',
    });
    expect(foreign.statusCode).toBe(400);
    clock += DAY + 1000;
    const expired = await anon.post('/apx/auth/set-password', {
      email: 'cat@example.com',
      otp,
      password: 'secret123',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'OTP_INVALID' });
  });

  it('answers 502 MAIL_FAILED when the mail cannot be sent, and allows an immediate retry', async () => {
    await signUp(ctx.app, 'dan@example.com');
    const anon = new TestClient(ctx.app);
    mailer.fail = true;
    const failed = await anon.post('/apx/auth/reset-password', { email: 'dan@example.com' });
    mailer.fail = false;
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'MAIL_FAILED' });
    expect((await anon.post('/apx/auth/reset-password', { email: 'dan@example.com' })).statusCode).toBe(200);
  });

  it("changes the password: 403 'Password is invalid' for a wrong current one; other sessions end", async () => {
    const eve = await signUp(ctx.app, 'eve@example.com', 'old-password');
    const laptop = new TestClient(ctx.app);
    await laptop.post('/apx/auth/login', { email: 'eve@example.com', password: 'old-password' });

    const wrong = await eve.post('/api/auth/change-password', {
      currentPassword: 'not-it',
      password: 'new-password',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ code: 'PASSWORD_INVALID', message: 'Password is invalid' });
    const short = await eve.post('/api/auth/change-password', {
      currentPassword: 'old-password',
      password: 'short',
    });
    expect(short.json()).toMatchObject({ message: 'Password must be at least 7 characters' });
    const extensionToken = (await eve.get('/api/auth/chrome-extension-token')).body;
    const extension = new TestClient(ctx.app);
    const scanned = {
      recipes: [{ name: 'Soup', url: 'https://example.com/soup', ingredients: ['1 onion'] }],
    };
    const bearer = { authorization: `Bearer ${extensionToken}` };
    expect((await extension.post('/api/scraped-recipes', scanned, bearer)).statusCode).toBe(200);

    const ok = await eve.post('/api/auth/change-password', {
      currentPassword: 'old-password',
      password: 'new-password',
    });
    expect(ok.statusCode).toBe(200);
    expect((await eve.get('/api/me')).statusCode).toBe(200);
    expect((await laptop.get('/api/me')).statusCode).toBe(401);
    // The extension's token ends with the other sessions.
    expect((await extension.post('/api/scraped-recipes', scanned, bearer)).statusCode).toBe(401);
    const anon = new TestClient(ctx.app);
    expect(
      (await anon.post('/apx/auth/login', { email: 'eve@example.com', password: 'old-password' })).statusCode,
    ).toBe(403);
    expect(
      (await anon.post('/apx/auth/login', { email: 'eve@example.com', password: 'new-password' })).statusCode,
    ).toBe(200);
    const signedOut = new TestClient(ctx.app);
    expect(
      (await signedOut.post('/api/auth/change-password', { currentPassword: 'x', password: 'y' })).statusCode,
    ).toBe(401);
  });

  it('issues an extension token that can only post scraped recipes, and revokes it on reissue', async () => {
    const res = await ann.get('/api/auth/chrome-extension-token');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const token = res.body;
    expect(token).toMatch(/^mpx_[\w-]{43}$/);
    const bearer = { authorization: `Bearer ${token}` };
    const extension = new TestClient(ctx.app);
    const recipe = { name: 'Soup', url: 'https://example.com/soup', ingredients: ['1 onion'] };
    const posted = await extension.post('/api/scraped-recipes', { recipes: [recipe] }, bearer);
    expect(posted.statusCode).toBe(200);
    for (const url of ['/api/me', '/api/recipes', '/api/scraped-recipes', '/api/status']) {
      const other = await extension.get(url, bearer);
      expect(url === '/api/status' ? other.json() : other.statusCode, url).toEqual(
        url === '/api/status' ? { commitHash: 'test-commit', etags: {} } : 401,
      );
    }
    expect((await ann.get('/api/scraped-recipes')).json()).toEqual({ recipes: [recipe] });

    await ann.get('/api/auth/chrome-extension-token');
    const revoked = await extension.post('/api/scraped-recipes', { recipes: [recipe] }, bearer);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toMatchObject({ code: 'EXTENSION_TOKEN_INVALID' });
    expect((await extension.post('/api/scraped-recipes', { recipes: [recipe] })).statusCode).toBe(401);
  });
});

describe.each(backends)('auth rate limits on %s', (dialect) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp(dialect, { authRateLimit: 3 });
  });
  afterAll(() => ctx.close());

  it('answers 429 RATE_LIMITED past the configured attempts per minute', async () => {
    const client = new TestClient(ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await client.post('/apx/auth/login', { email: 'x@y.z', password: 'whatever' })).statusCode,
      );
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
    const res = await client.post('/apx/auth/login', { email: 'x@y.z', password: 'whatever' });
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('is not fooled by a forged X-Forwarded-For from another machine on the LAN (no proxy there)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/apx/auth/login',
        remoteAddress: '192.168.1.20',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: JSON.stringify({ email: 'lan@y.z', password: 'whatever' }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([403, 403, 403, 429]);
  });
});

describe.each(backends)('session expiry on %s', (dialect) => {
  let ctx: Ctx;
  let clock = Date.parse('2025-01-01T00:00:00.000Z');
  beforeAll(async () => {
    ctx = await createTestApp(dialect, {}, { now: () => new Date(clock) });
  });
  afterAll(() => ctx.close());

  it('slides: a session used at least monthly lasts, an idle one ends after 30 days', async () => {
    const active = await signUp(ctx.app, 'active@example.com');
    const idle = new TestClient(ctx.app);
    await idle.post('/apx/auth/login', { email: 'active@example.com', password: 'secret123' });
    clock += 2 * DAY;
    const renewed = await active.get('/api/me');
    expect(renewed.statusCode).toBe(200);
    expect(renewed.cookies.find((c) => c.name === 'mealplan_session')?.maxAge).toBe(30 * 24 * 60 * 60);
    expect((await active.get('/api/me')).cookies).toEqual([]);
    clock += 29 * DAY;
    expect((await active.get('/api/me')).statusCode).toBe(200);
    expect((await idle.get('/api/me')).statusCode).toBe(401);
  });
});
