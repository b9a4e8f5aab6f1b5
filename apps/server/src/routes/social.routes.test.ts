import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { recipe } from '../test-support/fixtures.js';
import { linkPath, memoryMailer, signUp, TestClient } from '../test-support/http.js';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

describe.each(backends)('following on %s', (dialect) => {
  let ctx: Ctx;
  let ann: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    ctx = await createTestApp(dialect);
    [ann, bob] = await Promise.all([signUp(ctx.app, 'ann@example.com'), signUp(ctx.app, 'bob@example.com')]);
    await ann.put('/api/me', { firstName: 'Ann', lastName: 'Lee', tenantName: 'Lee' });
  });
  afterAll(() => ctx.close());

  it('explains a failed follow with a code and a message the modal shows', async () => {
    const cases: [string, number, string, string][] = [
      ['nobody@example.com', 404, 'FOLLOW_USER_NOT_FOUND', 'There is no user with this email'],
      ['BOB@example.com', 400, 'FOLLOW_SELF', 'You cannot follow yourself'],
      ['bad', 400, 'BAD_REQUEST', 'Entered value does not match email format'],
    ];
    for (const [email, status, code, message] of cases) {
      const res = await bob.post('/api/following/follow', { email });
      expect(res.statusCode, email).toBe(status);
      expect(res.json()).toMatchObject({ code, message });
    }
  });

  it('follows pending approval; the followed agenda and recipes stay closed until approved', async () => {
    const res = await bob.post('/api/following/follow', { email: 'Ann@Example.com' });
    expect(res.statusCode).toBe(200);
    // Whom you follow shows no name until they approve: an e-mail alone must not reveal whose it is.
    expect(res.json()).toMatchObject({ userId: ann.userId, firstName: '', lastName: '', isApproved: false });
    const again = await bob.post('/api/following/follow', { email: 'ann@example.com' });
    expect(again.json()).toMatchObject({
      code: 'FOLLOW_ALREADY',
      message: 'You are already following this user',
    });

    expect((await bob.get('/api/me')).json().following).toEqual([
      expect.objectContaining({ userId: ann.userId, isApproved: false, email: 'ann@example.com' }),
    ]);
    const followers = (await ann.get('/api/me')).json().followers;
    expect(followers).toEqual([expect.objectContaining({ userId: bob.userId, isApproved: false })]);

    for (const doc of ['agenda', 'recipes']) {
      const closed = await bob.get(`/api/${doc}/${ann.userId}`);
      expect(closed.statusCode).toBe(403);
      expect(closed.json().code).toBe('NOT_APPROVED');
    }
    expect(Object.keys((await bob.get('/api/status')).json().etags).sort()).toEqual([
      'agenda',
      'groceries',
      'notes',
      'recipes',
    ]);
  });

  it('opens agenda and recipes read-only once approved, never notes or groceries', async () => {
    const followId = (await ann.get('/api/me')).json().followers[0].id as string;
    const wrong = await ann.post(`/api/following/approve/${followId}`, { userId: ann.userId });
    expect(wrong.statusCode).toBe(404);
    expect((await ann.post(`/api/following/approve/${followId}`, { userId: bob.userId })).statusCode).toBe(
      200,
    );
    expect((await bob.get('/api/me')).json().following[0]).toMatchObject({
      isApproved: true,
      firstName: 'Ann',
    });

    const etag = (await ann.get('/api/recipes')).headers.etag as string;
    await ann.patch('/api/recipes', { recipes: { soup: recipe('soup') } }, { 'if-match': etag });
    const shared = await bob.get(`/api/recipes/${ann.userId}`);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().recipes.soup.name).toBe('Recipe soup');
    expect(
      (await bob.get(`/api/recipes/${ann.userId}`, { 'if-none-match': shared.headers.etag as string }))
        .statusCode,
    ).toBe(304);
    expect((await bob.get(`/api/notes/${ann.userId}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/groceries/${ann.userId}`)).statusCode).toBe(404);
    const etags = (await bob.get('/api/status')).json().etags;
    expect(etags[`recipes/${ann.userId}`]).toBe(shared.headers.etag);
    expect(etags[`agenda/${ann.userId}`]).toBeDefined();
    // Bob's own documents are still his own.
    expect((await bob.get('/api/recipes')).json().recipes).toEqual({});
  });

  it('unfollows and declines; access ends with them', async () => {
    expect((await bob.post('/api/following/unfollow', { userId: ann.userId })).statusCode).toBe(200);
    expect((await bob.get(`/api/agenda/${ann.userId}`)).statusCode).toBe(403);
    expect((await bob.post('/api/following/unfollow', { userId: ann.userId })).statusCode).toBe(404);

    await bob.post('/api/following/follow', { email: 'ann@example.com' });
    const follower = (await ann.get('/api/me')).json().followers[0];
    expect((await ann.post(`/api/following/decline/${follower.id}`, { userId: bob.userId })).statusCode).toBe(
      200,
    );
    expect((await ann.get('/api/me')).json().followers).toEqual([]);
    expect((await bob.get('/api/me')).json().following).toEqual([]);
  });
});

describe.each(backends)('co-planners on %s', (dialect) => {
  let ctx: Ctx;
  const mailer = memoryMailer();
  let owner: TestClient;
  let guest: TestClient;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { plan: 'free', publicUrl: 'http://plan.test' }, { mailer });
    [owner, guest] = await Promise.all([
      signUp(ctx.app, 'owner@example.com'),
      signUp(ctx.app, 'guest@example.com'),
    ]);
    await owner.put('/api/me', { firstName: 'Olga', lastName: 'Owner', tenantName: 'Owners' });
  });
  afterAll(() => ctx.close());

  it('invites an existing user by mail; only that user can approve, then works in the owner’s account', async () => {
    const guestRecipes = (await guest.get('/api/recipes')).headers.etag as string;
    await guest.patch('/api/recipes', { recipes: { mine: recipe('mine') } }, { 'if-match': guestRecipes });

    const res = await owner.post('/api/coplanners', {
      email: 'guest@example.com',
      firstName: 'G',
      lastName: 'Uest',
    });
    expect(res.statusCode).toBe(200);
    // Until the invitee accepts, the inviter sees what they typed, never the account's own names or
    // user id: an invitation must not reveal who owns an address.
    const invitation = res.json() as { id: string };
    expect(invitation).toEqual({
      id: expect.any(String),
      firstName: 'G',
      lastName: 'Uest',
      email: 'guest@example.com',
      isPending: true,
    });
    expect(invitation.id).not.toBe(guest.userId);
    expect((await owner.get('/api/coplanners')).json()).toEqual([invitation]);
    const mail = mailer.sent.at(-1)!;
    expect(mail.to).toBe('guest@example.com');
    expect(mail.text).not.toContain('/set-password/');
    const path = linkPath(mail.text, '/invitations/coplanner?');
    const query = new URL(path, 'http://x').searchParams;
    expect(query.get('from')).toBe('Olga Owner');
    const id = query.get('id')!;

    const stranger = await signUp(ctx.app, 'stranger@example.com');
    const notYours = await stranger.post(`/api/verifications/approve/${id}`);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json()).toEqual({
      code: 'INVITATION_NOT_FOR_YOU',
      message: 'This invitation is not for you. Please login with the correct account',
    });
    expect((await owner.post(`/api/verifications/approve/${id}`)).statusCode).toBe(403);

    expect((await guest.post(`/api/verifications/approve/${id}`)).statusCode).toBe(200);
    expect((await guest.post(`/api/verifications/approve/${id}`)).statusCode).toBe(404);
    expect((await guest.get('/api/me')).json().tenantName).toBe('Owners');
    expect((await guest.get('/api/recipes')).headers.etag).toBe(
      (await owner.get('/api/recipes')).headers.etag,
    );
    expect((await owner.get('/api/coplanners')).json()).toEqual([
      { id: guest.userId, firstName: '', lastName: '', email: 'guest@example.com' },
    ]);
    expect((await guest.get('/api/coplanners')).json()).toEqual([
      expect.objectContaining({ id: owner.userId }),
    ]);

    // Full access: the co-planner's edit is the owner's data.
    const etag = (await guest.get('/api/notes')).headers.etag as string;
    expect(
      (await guest.patch('/api/notes', { notes: { '2025-04-01': 'Shared' } }, { 'if-match': etag }))
        .statusCode,
    ).toBe(200);
    expect((await owner.get('/api/notes')).json().notes['2025-04-01']).toBe('Shared');
  });

  it('enforces the users-per-account limit of the plan (Free: 2)', async () => {
    const res = await owner.post('/api/coplanners', {
      email: 'third@example.com',
      firstName: 'T',
      lastName: 'Hird',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'PLAN_LIMIT_USERS',
      message: 'Your plan allows up to 2 users per account',
    });
  });

  it('removes a co-planner, who returns to their own account with their data; the owner cannot be removed', async () => {
    const byGuest = await guest.delete(`/api/coplanners/${owner.userId}`);
    expect(byGuest.statusCode).toBe(403);
    expect(byGuest.json().code).toBe('COPLANNER_REMOVE_OWNER');
    expect((await owner.delete(`/api/coplanners/${guest.userId}`)).statusCode).toBe(204);
    expect((await owner.get('/api/coplanners')).json()).toEqual([]);
    expect(Object.keys((await guest.get('/api/recipes')).json().recipes)).toEqual(['mine']);
    expect((await guest.get('/api/notes')).json().notes).toEqual({});
    expect((await owner.delete(`/api/coplanners/${guest.userId}`)).statusCode).toBe(404);
  });

  it('invites a new address: an account without password, a set-password link, then approval', async () => {
    mailer.sent.length = 0;
    const res = await owner.post('/api/coplanners', {
      email: 'fresh@example.com',
      firstName: 'Fre',
      lastName: 'Sh',
    });
    expect(res.statusCode).toBe(200);
    const text = mailer.sent[0]!.text;
    const setPath = linkPath(text, '/set-password/');
    const invitePath = linkPath(text, '/invitations/coplanner?');

    // Nobody can take the address by registering it, and it has no password to guess.
    const squatter = await new TestClient(ctx.app).post('/apx/auth/register', {
      email: 'fresh@example.com',
      password: 'secret123',
    });
    expect(squatter.json().code).toBe('EMAIL_IN_USE');

    const [, , email, otp] = setPath.split('/');
    const fresh = new TestClient(ctx.app);
    const set = await fresh.post('/apx/auth/set-password', {
      email: decodeURIComponent(email!),
      otp: decodeURIComponent(otp!),
      password: 'fresh-password',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ email: 'fresh@example.com', firstName: 'Fre', lastName: 'Sh' });
    const id = new URL(invitePath, 'http://x').searchParams.get('id');
    expect((await fresh.post(`/api/verifications/approve/${id}`)).statusCode).toBe(200);
    expect((await fresh.get('/api/me')).json().tenantName).toBe('Owners');
  });

  it('lets the invited user decline, and a co-planner leave on their own', async () => {
    const fresh = new TestClient(ctx.app);
    await fresh.post('/apx/auth/login', { email: 'fresh@example.com', password: 'fresh-password' });
    const me = (await fresh.get('/api/me')).json();
    expect((await fresh.delete(`/api/coplanners/${me.id}`)).statusCode).toBe(204);
    expect((await fresh.get('/api/me')).json().tenantName).toBe('');

    mailer.sent.length = 0;
    await owner.post('/api/coplanners', { email: 'guest@example.com', firstName: 'G', lastName: 'U' });
    const id = new URL(
      linkPath(mailer.sent[0]!.text, '/invitations/coplanner?'),
      'http://x',
    ).searchParams.get('id');
    expect((await owner.post(`/api/verifications/decline/${id}`)).statusCode).toBe(403);
    expect((await guest.post(`/api/verifications/decline/${id}`)).statusCode).toBe(200);
    expect((await owner.get('/api/coplanners')).json()).toEqual([]);
  });

  it('says an address is already invited, even when the plan is full, and cancels by the invitation id', async () => {
    mailer.sent.length = 0;
    // Free: the owner and one pending invitation fill the plan's 2 users.
    const first = await owner.post('/api/coplanners', {
      email: 'stranger@example.com',
      firstName: 'S',
      lastName: 'T',
    });
    expect(first.statusCode).toBe(200);
    const again = await owner.post('/api/coplanners', {
      email: 'stranger@example.com',
      firstName: 'S',
      lastName: 'T',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('COPLANNER_ALREADY_INVITED');
    expect((await owner.delete(`/api/coplanners/${(first.json() as { id: string }).id}`)).statusCode).toBe(
      204,
    );
    expect((await owner.get('/api/coplanners')).json()).toEqual([]);
  });
});
