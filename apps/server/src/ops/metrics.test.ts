/**
 * GET /metrics (docs/DEPLOY.md "Metrics"): off unless configured; with METRICS_TOKEN it wants the
 * bearer token and serves Prometheus text with requests counted by route pattern, push conflicts,
 * mail failures, live streams and, on PostgreSQL, the pool; METRICS_PORT serves it on loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tokenMatches } from './metrics.js';
import { backends, createTestApp } from '../test-support/backends.js';
import { memoryMailer, signUp } from '../test-support/http.js';

const TOKEN = 'metrics-test-token-0123456789';

describe.each(backends)('metrics (%s)', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('are off by default: /metrics is 404', async () => {
    const t = await createTestApp(dialect);
    close = t.close;
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('with METRICS_TOKEN: 401 without the token or with another, 200 with it and the expected series', async () => {
    const mailer = memoryMailer();
    const t = await createTestApp(dialect, { metricsToken: TOKEN }, { mailer });
    close = t.close;
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);

    // Traffic to count: a document read, a conflict, a failed mail.
    const owner = await signUp(t.app, 'metrics@example.org');
    expect((await owner.get('/api/notes')).statusCode).toBe(200);
    const stale = await owner.patch(
      '/api/notes',
      { notes: { '2030-01-01': 'x' } },
      { 'if-match': '"1-stale"' },
    );
    expect(stale.statusCode).toBe(409);
    mailer.fail = true;
    await t.app.inject({
      method: 'POST',
      url: '/apx/auth/reset-password',
      payload: { email: 'metrics@example.org' },
    });

    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /^mealplan_http_requests_total\{method="GET",route="\/api\/notes",status="200"\} 1$/m,
    );
    expect(text).toMatch(
      /^mealplan_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/notes",status="200"\} \d+$/m,
    );
    expect(text).toMatch(/^mealplan_push_conflicts_total\{route="\/api\/notes",status="409"\} 1$/m);
    expect(text).toMatch(/^mealplan_mail_failures_total 1$/m);
    expect(text).toMatch(/^mealplan_sse_connections 0$/m);
    expect(text).toMatch(/^mealplan_process_cpu_seconds_total /m);
    if (dialect === 'postgres') expect(text).toMatch(/^mealplan_db_pool_connections\{state="total"\} \d+$/m);
    else expect(text).not.toContain('mealplan_db_pool_connections');
    // Route patterns, never raw URLs: nothing carries an id or a query string.
    expect(text).not.toMatch(/route="[^"]*\?/);
  });

  it('with METRICS_PORT: served on 127.0.0.1 at that port, not on the main port', async () => {
    const t = await createTestApp(dialect, { metricsPort: 0 });
    close = t.close;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect(t.app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const res = await fetch(t.app.metricsUrl!);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('mealplan_http_requests_total');
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect((await fetch(t.app.metricsUrl!.replace('/metrics', '/other'))).status).toBe(404);
  });
});

describe('the metrics token', () => {
  it('matches only itself, whatever the length', () => {
    expect(tokenMatches(TOKEN, TOKEN)).toBe(true);
    expect(tokenMatches(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(tokenMatches('', TOKEN)).toBe(false);
  });
});
