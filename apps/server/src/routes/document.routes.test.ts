import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { recipe, recipesDocument } from '../test-support/fixtures.js';
import { signUp, type TestClient } from '../test-support/http.js';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

async function etagOf(client: TestClient, doc: string): Promise<string> {
  const res = await client.get(`/api/${doc}`);
  expect(res.statusCode).toBe(200);
  return res.headers.etag as string;
}

describe.each(backends)('documents on %s', (dialect) => {
  let ctx: Ctx;
  let owner: TestClient;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { plan: 'free' });
    owner = await signUp(ctx.app, 'owner@example.com');
  });
  afterAll(() => ctx.close());

  it('starts an account with empty documents, default categories and one store', async () => {
    const recipes = (await owner.get('/api/recipes')).json();
    expect(recipes.recipes).toEqual({});
    expect(Object.keys(recipes.categories).length).toBeGreaterThan(5);
    expect((await owner.get('/api/agenda')).json()).toEqual({ days: {}, hash: '' });
    expect((await owner.get('/api/notes')).json()).toEqual({ notes: {} });
    const groceries = (await owner.get('/api/groceries')).json();
    expect(Object.keys(groceries.stores)).toEqual(['default-store']);
  });

  it('answers If-None-Match with 304 while the ETag is current, 200 once it changed', async () => {
    const etag = await etagOf(owner, 'notes');
    const cached = await owner.get('/api/notes', { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.headers.etag).toBe(etag);
    expect(cached.body).toBe('');
    await owner.patch('/api/notes', { notes: { '2025-03-01': 'Buy bread' } }, { 'if-match': etag });
    const fresh = await owner.get('/api/notes', { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ notes: { '2025-03-01': 'Buy bread' } });
    expect(fresh.headers.etag).not.toBe(etag);
  });

  it('answers a revalidation with 401, not 304, once its session is signed out', async () => {
    const leaver = await signUp(ctx.app, 'leaver@example.com');
    const etag = await etagOf(leaver, 'agenda');
    const cookie = leaver.cookie!;
    expect((await leaver.get('/api/agenda', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await leaver.post('/apx/auth/logout')).statusCode).toBe(204);
    const after = await leaver.get('/api/agenda', { cookie, 'if-none-match': etag });
    expect(after.statusCode).toBe(401);
    expect(after.headers.etag).toBeUndefined();
  });

  it('gzips a large document for clients that accept it, with the same ETag', async () => {
    const plain = await owner.get('/api/recipes');
    const zipped = await owner.get('/api/recipes', { 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('replaces a document with PUT (If-Match or the seed client’s Etag header) and answers the new ETag', async () => {
    const etag = await etagOf(owner, 'agenda');
    const doc = {
      days: {
        '2025-03-02': { id: '2025-03-02', updatedAt: '2025-03-01T00:00:00.000Z', quickDinner: 'Pizza' },
      },
      hash: 'h1',
    };
    const res = await owner.put('/api/agenda', doc, { etag });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe(res.json().etag);
    expect((await owner.get('/api/agenda')).json()).toEqual(doc);
    const again = await owner.put(
      '/api/agenda',
      { days: {}, hash: 'h2' },
      { 'if-match': res.headers.etag as string },
    );
    expect(again.statusCode).toBe(200);
    expect((await owner.get('/api/agenda')).json()).toEqual({ days: {}, hash: 'h2' });
  });

  it('requires If-Match on writes (428) and answers a stale one with 409 and the current ETag', async () => {
    const none = await owner.patch('/api/notes', { notes: {} });
    expect(none.statusCode).toBe(428);
    expect(none.json()).toMatchObject({ code: 'PRECONDITION_REQUIRED' });
    const current = await etagOf(owner, 'notes');
    const stale = await owner.put('/api/notes', { notes: {} }, { 'if-match': '"1-stale"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      code: 'VERSION_CONFLICT',
      message: 'The document was changed in the meantime',
    });
    expect(stale.headers.etag).toBe(current);
  });

  it('compares If-Match strongly: a weak ETag of the current version does not match (409)', async () => {
    const current = await etagOf(owner, 'notes');
    const weak = await owner.patch('/api/notes', { notes: {} }, { 'if-match': `W/${current}` });
    expect(weak.statusCode).toBe(409);
    expect(weak.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    const strong = await owner.patch('/api/notes', { notes: {} }, { 'if-match': current });
    expect(strong.statusCode).toBe(200);
  });

  it('refuses a patch or a replace that removes the last category of a meal type', async () => {
    const doc = (await owner.get('/api/recipes')).json() as {
      categories: Record<string, { id: string; mealType: string }>;
    };
    const desserts = Object.values(doc.categories).filter((c) => c.mealType === 'dessert');
    expect(desserts.length).toBeGreaterThan(1);
    let etag = await etagOf(owner, 'recipes');
    // All but one may go.
    const allButOne = Object.fromEntries(desserts.slice(1).map((c) => [c.id, null]));
    let res = await owner.patch('/api/recipes', { categories: allButOne }, { 'if-match': etag });
    expect(res.statusCode).toBe(200);
    etag = res.headers.etag as string;
    const last = desserts[0]!.id;
    for (const patch of [
      { categories: { [last]: null } },
      { categories: { [last]: { mealType: 'lunch' } } },
    ]) {
      res = await owner.patch('/api/recipes', patch, { 'if-match': etag });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Cannot remove the last category' });
    }
    const whole = (await owner.get('/api/recipes')).json() as { categories: Record<string, unknown> };
    delete whole.categories[last];
    res = await owner.put('/api/recipes', whole, { 'if-match': etag });
    expect(res.statusCode).toBe(400);
    expect(await etagOf(owner, 'recipes')).toBe(etag);
  });

  it('applies a merge patch entity by entity: adds, changes one field, deletes with null', async () => {
    let etag = await etagOf(owner, 'recipes');
    let res = await owner.patch(
      '/api/recipes',
      { recipes: { a: recipe('a'), b: recipe('b') } },
      { 'if-match': etag },
    );
    expect(res.statusCode).toBe(200);
    etag = res.headers.etag as string;
    res = await owner.patch(
      '/api/recipes',
      { recipes: { a: { rating: 5, inCookbook: true }, b: null } },
      { 'if-match': etag },
    );
    expect(res.statusCode).toBe(200);
    const doc = (await owner.get('/api/recipes')).json();
    expect(Object.keys(doc.recipes)).toEqual(['a']);
    expect(doc.recipes.a).toEqual({ ...recipe('a'), rating: 5, inCookbook: true });
    // A patch that changes nothing keeps the version.
    const same = await owner.patch(
      '/api/recipes',
      { recipes: { a: { rating: 5 } } },
      { 'if-match': res.headers.etag as string },
    );
    expect(same.statusCode).toBe(200);
    expect(same.headers.etag).toBe(res.headers.etag);
  });

  it('refuses an entity that would be invalid after the patch, and stores nothing of that push', async () => {
    const etag = await etagOf(owner, 'recipes');
    const before = (await owner.get('/api/recipes')).body;
    const cases: [unknown, string][] = [
      [{ recipes: { c: recipe('c'), a: { rating: 9 } } }, 'recipes.a.rating'],
      [{ recipes: { d: { name: 'No fields' } } }, 'recipes.d'],
      [{ recipes: { e: recipe('other-id') } }, 'must equal its key'],
      [{ recipes: { 'bad id!': recipe('x') } }, 'Invalid id'],
      [{ recipes: [] }, 'recipes must be an object keyed by id'],
      [{ unknown: 1 }, 'Unrecognized key'],
      [{ recipes: { a: { secret: true } } }, 'Unrecognized key'],
    ];
    for (const [patch, message] of cases) {
      const res = await owner.patch('/api/recipes', patch, { 'if-match': etag });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().code).toBe('BAD_REQUEST');
      expect(res.json().message, JSON.stringify(patch)).toContain(message);
    }
    expect((await owner.get('/api/recipes')).body).toBe(before);
    expect(await etagOf(owner, 'recipes')).toBe(etag);
  });

  it('accepts PATCH only as application/merge-patch+json and PUT only as JSON (415)', async () => {
    const etag = await etagOf(owner, 'notes');
    const res = await owner.call('PATCH', '/api/notes', {
      body: { notes: {} },
      headers: { 'if-match': etag },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const put = await owner.call('PUT', '/api/notes', {
      body: 'notes',
      contentType: 'text/plain',
      headers: { 'if-match': etag },
    });
    expect(put.statusCode).toBe(415);
  });

  it('lets exactly one of two clients pushing from the same base win; the other gets 409', async () => {
    const base = await etagOf(owner, 'recipes');
    const [one, two] = await Promise.all([
      owner.patch('/api/recipes', { recipes: { p1: recipe('p1') } }, { 'if-match': base }),
      owner.patch('/api/recipes', { recipes: { p2: recipe('p2') } }, { 'if-match': base }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const loser = one.statusCode === 409 ? one : two;
    const winner = one.statusCode === 200 ? one : two;
    expect(loser.headers.etag).toBe(winner.headers.etag);
    const ids = Object.keys((await owner.get('/api/recipes')).json().recipes);
    expect(ids.filter((id) => id === 'p1' || id === 'p2')).toHaveLength(1);
  });

  it('applies a retried Idempotency-Key once: same ETag back, count and madeOn not doubled', async () => {
    let etag = await etagOf(owner, 'recipes');
    etag = (await owner.patch('/api/recipes', { recipes: { m: recipe('m') } }, { 'if-match': etag })).headers
      .etag as string;
    const push = { recipes: { m: { count: 1, madeOn: ['2025-03-05'] } } };
    const headers = { 'if-match': etag, 'idempotency-key': 'push-1' };
    const first = await owner.patch('/api/recipes', push, headers);
    expect(first.statusCode).toBe(200);
    // The response was lost; the client retries the very same request.
    const retry = await owner.patch('/api/recipes', push, headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers.etag).toBe(first.headers.etag);
    const doc = (await owner.get('/api/recipes')).json();
    expect(doc.recipes.m).toMatchObject({ count: 1, madeOn: ['2025-03-05'] });
    expect(await etagOf(owner, 'recipes')).toBe(first.headers.etag);
    // Concurrent duplicates are applied once too.
    const next = { 'if-match': first.headers.etag as string, 'idempotency-key': 'push-2' };
    const bump = { recipes: { m: { count: 2, madeOn: ['2025-03-06', '2025-03-05'] } } };
    const results = await Promise.all([1, 2, 3].map(() => owner.patch('/api/recipes', bump, next)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.headers.etag)).size).toBe(1);
    // Reusing a key for another document is refused.
    const reuse = await owner.put(
      '/api/notes',
      { notes: {} },
      { 'if-match': await etagOf(owner, 'notes'), 'idempotency-key': 'push-1' },
    );
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('enforces the plan: no more than 200 live recipes or 1 store on Free, deleted recipes do not count', async () => {
    const user = await signUp(ctx.app, 'limits@example.com');
    let etag = await etagOf(user, 'recipes');
    const full = recipesDocument(200);
    const ok = await user.put('/api/recipes', full, { 'if-match': etag });
    expect(ok.statusCode).toBe(200);
    etag = ok.headers.etag as string;
    const over = await user.patch(
      '/api/recipes',
      { recipes: { extra: recipe('extra') } },
      { 'if-match': etag },
    );
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      code: 'PLAN_LIMIT_RECIPES',
      message: 'Your plan allows up to 200 recipes',
    });
    // Deleting one (isDeleted stays in the document) makes room for one more.
    const del = await user.patch(
      '/api/recipes',
      { recipes: { r0: { isDeleted: true } } },
      { 'if-match': etag },
    );
    expect(del.statusCode).toBe(200);
    const added = await user.patch(
      '/api/recipes',
      { recipes: { extra: recipe('extra') } },
      { 'if-match': del.headers.etag as string },
    );
    expect(added.statusCode).toBe(200);
    // Editing existing recipes stays allowed at the limit.
    const edit = await user.patch(
      '/api/recipes',
      { recipes: { r1: { name: 'Renamed' } } },
      { 'if-match': added.headers.etag as string },
    );
    expect(edit.statusCode).toBe(200);

    const groceries = (await user.get('/api/groceries')).json();
    const store = groceries.stores['default-store'];
    const twoStores = { ...groceries, stores: { ...groceries.stores, s2: { ...store, id: 's2', order: 1 } } };
    const stores = await user.put('/api/groceries', twoStores, {
      'if-match': await etagOf(user, 'groceries'),
    });
    expect(stores.statusCode).toBe(403);
    expect(stores.json()).toMatchObject({
      code: 'PLAN_LIMIT_STORES',
      message: 'Your plan allows up to 1 grocery store',
    });
  });

  it('writes only changed rows on PUT: an unchanged recipe keeps its stored text', async () => {
    const user = await signUp(ctx.app, 'rows@example.com');
    const doc = recipesDocument(3);
    const first = await user.put('/api/recipes', doc, { 'if-match': await etagOf(user, 'recipes') });
    doc.recipes.r1 = { ...doc.recipes.r1!, name: 'Changed' };
    delete doc.recipes.r2;
    const second = await user.put('/api/recipes', doc, { 'if-match': first.headers.etag as string });
    expect(second.statusCode).toBe(200);
    const stored = (await user.get('/api/recipes')).json();
    expect(Object.keys(stored.recipes).sort()).toEqual(['r0', 'r1']);
    expect(stored.recipes.r1.name).toBe('Changed');
  });
});
