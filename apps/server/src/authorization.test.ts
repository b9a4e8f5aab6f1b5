import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from './test-support/backends.js';
import { recipe } from './test-support/fixtures.js';
import { linkPath, memoryMailer, signUp, TestClient } from './test-support/http.js';

/**
 * The authorisation matrix: every endpoint x every relation to the owner's account, asserting the
 * status and that nothing of the owner's leaks to, or is changed by, those who may not.
 */
type Role = 'anonymous' | 'owner' | 'coplanner' | 'pendingFollower' | 'approvedFollower' | 'stranger';
/** Roles with no rights on the owner's account. */
const OUTSIDERS: Role[] = ['anonymous', 'stranger', 'pendingFollower', 'approvedFollower'];

interface World {
  clients: Record<Role, TestClient>;
  ownerId: string;
  coplannerId: string;
  pendingId: string;
  pendingFollowId: string;
  invitationId: string;
  avatarEtag: string;
}

interface Case {
  name: string;
  call: (client: TestClient, w: World) => Promise<{ statusCode: number; body: string }>;
  /** Expected status per role; a role left out is not called (its effect would disturb the others). */
  expect: Partial<Record<Role, number>>;
}

const ownerEtag = async (w: World, doc: string) =>
  (await w.clients.owner.get(`/api/${doc}`)).headers.etag as string;
const signedIn = (status: number, overrides: Partial<Record<Role, number>> = {}) => ({
  anonymous: 401,
  owner: status,
  coplanner: status,
  pendingFollower: status,
  approvedFollower: status,
  stranger: status,
  ...overrides,
});

const CASES: Case[] = [
  { name: 'GET /api/me', call: (c) => c.get('/api/me'), expect: signedIn(200) },
  {
    name: 'PUT /api/me',
    call: (c) => c.put('/api/me', { firstName: 'A', lastName: 'B', tenantName: 'C' }),
    expect: signedIn(200, { owner: undefined, coplanner: undefined }),
  },
  { name: 'GET /api/status', call: (c) => c.get('/api/status'), expect: signedIn(200, { anonymous: 200 }) },
  ...(['agenda', 'recipes', 'notes', 'groceries'] as const).map((doc) => ({
    name: `GET /api/${doc}`,
    call: (c: TestClient) => c.get(`/api/${doc}`),
    expect: signedIn(200),
  })),
  ...(['agenda', 'recipes'] as const).map((doc) => ({
    name: `GET /api/${doc}/{owner}`,
    call: (c: TestClient, w: World) => c.get(`/api/${doc}/${w.ownerId}`),
    expect: signedIn(200, { pendingFollower: 403, stranger: 403 }),
  })),
  {
    name: 'PATCH /api/notes with the owner’s ETag',
    call: async (c, w) =>
      c.patch(
        '/api/notes',
        { notes: { '2025-05-01': 'intruder' } },
        { 'if-match': await ownerEtag(w, 'notes') },
      ),
    // Outsiders' pushes go to their own account, where the owner's ETag never matches.
    expect: signedIn(409, { owner: undefined, coplanner: undefined }),
  },
  {
    name: 'PUT /api/recipes with the owner’s ETag',
    call: async (c, w) =>
      c.put('/api/recipes', { recipes: {}, categories: {} }, { 'if-match': await ownerEtag(w, 'recipes') }),
    expect: signedIn(409, { owner: undefined, coplanner: undefined }),
  },
  { name: 'GET /api/coplanners', call: (c) => c.get('/api/coplanners'), expect: signedIn(200) },
  {
    name: 'POST /api/coplanners',
    call: (c) =>
      c.post('/api/coplanners', {
        email: `invitee-${Math.random().toString(36).slice(2)}@example.com`,
        firstName: 'I',
        lastName: 'N',
      }),
    expect: signedIn(200, { owner: undefined, coplanner: undefined }),
  },
  {
    name: 'DELETE /api/coplanners/{coplanner}',
    call: (c, w) => c.delete(`/api/coplanners/${w.coplannerId}`),
    expect: signedIn(404, { owner: undefined, coplanner: undefined }),
  },
  {
    name: 'POST /api/verifications/approve/{someone else’s invitation}',
    call: (c, w) => c.post(`/api/verifications/approve/${w.invitationId}`),
    expect: signedIn(403),
  },
  {
    name: 'POST /api/verifications/decline/{someone else’s invitation}',
    call: (c, w) => c.post(`/api/verifications/decline/${w.invitationId}`),
    expect: signedIn(403),
  },
  {
    name: 'POST /api/following/approve/{follow of the owner}',
    call: (c, w) => c.post(`/api/following/approve/${w.pendingFollowId}`, { userId: w.pendingId }),
    expect: signedIn(404, { owner: undefined }),
  },
  {
    name: 'POST /api/following/decline/{follow of the owner}',
    call: (c, w) => c.post(`/api/following/decline/${w.pendingFollowId}`, { userId: w.pendingId }),
    expect: signedIn(404, { owner: undefined }),
  },
  {
    name: 'POST /api/following/unfollow {owner}',
    call: (c, w) => c.post('/api/following/unfollow', { userId: w.ownerId }),
    expect: signedIn(404, { pendingFollower: undefined, approvedFollower: undefined }),
  },
  {
    name: 'POST /api/following/follow',
    call: (c) => c.post('/api/following/follow', { email: 'nobody@example.com' }),
    expect: signedIn(404),
  },
  {
    name: 'GET /api/avatar/{owner}/{etag}',
    call: (c, w) => c.get(`/api/avatar/${w.ownerId}/${w.avatarEtag}`),
    expect: signedIn(200, { pendingFollower: 403, stranger: 403 }),
  },
  {
    name: 'POST /api/avatar',
    call: (c) =>
      c.call('POST', '/api/avatar', { body: Buffer.from('x'), contentType: 'application/octet-stream' }),
    expect: { anonymous: 401 },
  },
  { name: 'GET /api/scraped-recipes', call: (c) => c.get('/api/scraped-recipes'), expect: signedIn(200) },
  {
    name: 'DELETE /api/scraped-recipes',
    call: (c) => c.delete('/api/scraped-recipes'),
    expect: signedIn(204, { owner: undefined, coplanner: undefined }),
  },
  { name: 'GET /api/events', call: (c) => c.get('/api/events'), expect: { anonymous: 401 } },
  {
    name: 'POST /api/auth/change-password (wrong current)',
    call: (c) =>
      c.post('/api/auth/change-password', { currentPassword: 'wrong-one', password: 'new-password' }),
    expect: signedIn(403),
  },
  {
    name: 'GET /api/auth/chrome-extension-token',
    call: (c) => c.get('/api/auth/chrome-extension-token'),
    expect: signedIn(200),
  },
  {
    name: 'POST /api/client-logs',
    call: (c) =>
      c.post('/api/client-logs', { correlationId: 'c1', logs: [{ level: 'warn', message: 'matrix' }] }),
    expect: signedIn(204, { anonymous: 204 }),
  },
];

describe.each(backends)('authorisation matrix on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let w: World;
  const mailer = memoryMailer();

  /** Everything of the owner's account a client could see. */
  async function ownerSnapshot(): Promise<string> {
    const o = w.clients.owner;
    const parts = await Promise.all(
      [
        '/api/agenda',
        '/api/recipes',
        '/api/notes',
        '/api/groceries',
        '/api/coplanners',
        '/api/scraped-recipes',
      ].map(async (url) => (await o.get(url)).body),
    );
    // Followers may rename themselves; what matters is who follows and who is approved.
    const me = (await o.get('/api/me')).json() as { followers: { userId: string; isApproved: boolean }[] };
    const followers = me.followers.map((f) => `${f.userId}:${f.isApproved}`);
    return [JSON.stringify({ ...me, followers }), ...parts].join('\n');
  }

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { plan: 'pro' }, { mailer });
    const [owner, coplanner, pendingFollower, approvedFollower, stranger, invitee] = await Promise.all(
      ['owner', 'coplanner', 'pending', 'approved', 'stranger', 'invitee'].map((n) =>
        signUp(ctx.app, `${n}@example.com`),
      ),
    );
    const clients = {
      anonymous: new TestClient(ctx.app),
      owner,
      coplanner,
      pendingFollower,
      approvedFollower,
      stranger,
    } as Record<Role, TestClient>;
    // The owner's private data, a co-planner, two followers (one approved), an avatar, a scraped recipe.
    await owner.put('/api/me', { firstName: 'Olga', lastName: 'Owner', tenantName: 'Owners' });
    await owner.patch(
      '/api/recipes',
      { recipes: { secret: recipe('secret', { name: 'Secret sauce' }) } },
      { 'if-match': (await owner.get('/api/recipes')).headers.etag as string },
    );
    await owner.patch(
      '/api/notes',
      { notes: { '2025-01-01': 'private note' } },
      { 'if-match': (await owner.get('/api/notes')).headers.etag as string },
    );
    await owner.post('/api/coplanners', { email: 'coplanner@example.com', firstName: 'C', lastName: 'P' });
    const invite = new URL(
      linkPath(mailer.sent.at(-1)!.text, '/invitations/coplanner?'),
      'http://x',
    ).searchParams.get('id');
    expect((await coplanner.post(`/api/verifications/approve/${invite}`)).statusCode).toBe(200);
    await owner.post('/api/coplanners', { email: 'invitee@example.com', firstName: 'I', lastName: 'N' });
    const invitationId = new URL(
      linkPath(mailer.sent.at(-1)!.text, '/invitations/coplanner?'),
      'http://x',
    ).searchParams.get('id')!;
    await pendingFollower.post('/api/following/follow', { email: 'owner@example.com' });
    await approvedFollower.post('/api/following/follow', { email: 'owner@example.com' });
    const followers = (await owner.get('/api/me')).json().followers as { id: string; userId: string }[];
    const approved = followers.find((f) => f.userId === approvedFollower.userId)!;
    await owner.post(`/api/following/approve/${approved.id}`, { userId: approvedFollower.userId });
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const avatar = await owner.call('POST', '/api/avatar', {
      body: image,
      contentType: 'application/octet-stream',
    });
    const token = (await owner.get('/api/auth/chrome-extension-token')).body;
    await new TestClient(ctx.app).post(
      '/api/scraped-recipes',
      { recipes: [{ name: 'Scraped', url: 'https://x.test/a', ingredients: [] }] },
      { authorization: `Bearer ${token}` },
    );
    w = {
      clients,
      ownerId: owner.userId,
      coplannerId: coplanner.userId,
      pendingId: pendingFollower.userId,
      pendingFollowId: followers.find((f) => f.userId === pendingFollower.userId)!.id,
      invitationId,
      avatarEtag: avatar.json().avatarEtag,
    };
    void invitee;
  });
  afterAll(() => ctx.close());

  it('gives outsiders the expected status on every endpoint and changes nothing of the owner’s', async () => {
    const before = await ownerSnapshot();
    const failures: string[] = [];
    for (const role of OUTSIDERS) {
      for (const c of CASES) {
        const expected = c.expect[role];
        if (expected === undefined) continue;
        const res = await c.call(w.clients[role], w);
        if (res.statusCode !== expected)
          failures.push(
            `${role} ${c.name}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`,
          );
        if (role !== 'approvedFollower' && /Secret sauce|private note|Olga/.test(res.body))
          failures.push(`${role} ${c.name}: leaked the owner's data`);
        if (role === 'approvedFollower' && /private note/.test(res.body))
          failures.push(`${role} ${c.name}: leaked the owner's notes`);
      }
    }
    expect(failures).toEqual([]);
    expect(await ownerSnapshot()).toBe(before);
  });

  it('gives the owner and the co-planner the expected status, both on the owner’s account', async () => {
    const failures: string[] = [];
    for (const role of ['coplanner', 'owner'] as const) {
      for (const c of CASES) {
        const expected = c.expect[role];
        if (expected === undefined) continue;
        const res = await c.call(w.clients[role], w);
        if (res.statusCode !== expected)
          failures.push(
            `${role} ${c.name}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    for (const doc of ['agenda', 'recipes', 'notes', 'groceries']) {
      expect((await w.clients.coplanner.get(`/api/${doc}`)).body).toBe(
        (await w.clients.owner.get(`/api/${doc}`)).body,
      );
    }
    expect((await w.clients.coplanner.get('/api/recipes')).json().recipes.secret.name).toBe('Secret sauce');
  });

  it('shows the approved follower the owner’s agenda and recipes only, read-only', async () => {
    const f = w.clients.approvedFollower;
    expect((await f.get(`/api/recipes/${w.ownerId}`)).json().recipes.secret.name).toBe('Secret sauce');
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const res = await f.call(method, `/api/recipes/${w.ownerId}`, { body: {} });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await f.get(`/api/notes/${w.ownerId}`)).statusCode).toBe(404);
    expect((await f.get('/api/notes')).body).not.toContain('private note');
  });
});
