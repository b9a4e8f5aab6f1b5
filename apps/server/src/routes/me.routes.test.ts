import { CurrentUserSchema } from '@mealplan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { joinAsCoPlanner, memoryMailer, signUp, type TestClient } from '../test-support/http.js';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

describe.each(backends)('GET /api/me tells the account’s plan on %s', (dialect) => {
  let ctx: Ctx;
  const mailer = memoryMailer();
  let proOwner: TestClient;
  let freeOwner: TestClient;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { plan: 'pro', publicUrl: 'http://plan.test' }, { mailer });
    proOwner = await signUp(ctx.app, 'pro@example.com');
    // PLAN decides which plan *new* accounts get: one created after the change is on Free, while
    // the account made before keeps Pro.
    ctx.config.plan = 'free';
    freeOwner = await signUp(ctx.app, 'free@example.com');
  });
  afterAll(() => ctx.close());

  it('answers each account’s own plan, in the documented shape', async () => {
    const pro = await proOwner.get('/api/me');
    expect(pro.statusCode).toBe(200);
    expect(CurrentUserSchema.parse(pro.json())).toMatchObject({ email: 'pro@example.com', plan: 'pro' });

    const free = await freeOwner.get('/api/me');
    expect(CurrentUserSchema.parse(free.json())).toMatchObject({ email: 'free@example.com', plan: 'free' });
  });

  it('keeps the plan in the answer to a profile update', async () => {
    const res = await proOwner.put('/api/me', { firstName: 'Pia', lastName: 'Pro', tenantName: 'Pros' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tenantName: 'Pros', plan: 'pro' });
  });

  it('the plan it tells is the one the server enforces on grocery stores', async () => {
    for (const [client, allowed] of [
      [freeOwner, false],
      [proOwner, true],
    ] as const) {
      const doc = await client.get('/api/groceries');
      const groceries = doc.json();
      const store = Object.values(groceries.stores)[0] as Record<string, unknown>;
      const res = await client.put(
        '/api/groceries',
        { ...groceries, stores: { ...groceries.stores, second: { ...store, id: 'second', order: 1 } } },
        { 'if-match': doc.headers.etag as string },
      );
      const { plan } = (await client.get('/api/me')).json();
      expect({ plan, status: res.statusCode }).toEqual({
        plan: allowed ? 'pro' : 'free',
        status: allowed ? 200 : 403,
      });
      if (!allowed) expect(res.json().code).toBe('PLAN_LIMIT_STORES');
    }
  });

  it('a co-planner sees the plan of the account they joined, not of the one they signed up with', async () => {
    const guest = await signUp(ctx.app, 'guest@example.com');
    expect((await guest.get('/api/me')).json().plan).toBe('free');
    await joinAsCoPlanner(proOwner, guest, mailer);
    expect((await guest.get('/api/me')).json()).toMatchObject({ tenantName: 'Pros', plan: 'pro' });
  });
});
