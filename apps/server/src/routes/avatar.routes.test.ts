import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { signUp, TestClient } from '../test-support/http.js';

const upload = (client: TestClient, body: Buffer, contentType = 'application/octet-stream') =>
  client.call('POST', '/api/avatar', { body, contentType });

describe.each(backends)('avatars on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let ann: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    ctx = await createTestApp(dialect);
    [ann, bob] = await Promise.all([signUp(ctx.app, 'ann@example.com'), signUp(ctx.app, 'bob@example.com')]);
  });
  afterAll(() => ctx.close());

  it('re-encodes an upload as a 256 px JPEG, answers its etag and serves it cached for a year', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 4, background: '#3a7' } })
      .png()
      .toBuffer();
    const res = await upload(ann, png);
    expect(res.statusCode).toBe(200);
    const { avatarEtag } = res.json() as { avatarEtag: string };
    expect(res.headers.etag).toBe(avatarEtag);
    expect((await ann.get('/api/me')).json().avatarEtag).toBe(avatarEtag);

    const image = await ann.get(`/api/avatar/${ann.userId}/${avatarEtag}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 256 });
    // An old etag still gets the current picture, but not cached for long.
    const old = await ann.get(`/api/avatar/${ann.userId}/outdated`);
    expect(old.headers['cache-control']).toBe('private, no-cache');
  });

  it('refuses what is not an image, and more than 5 MB, with a clear code', async () => {
    for (const body of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.4 not an image'),
      Buffer.alloc(0),
    ]) {
      const res = await upload(bob, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'AVATAR_NOT_IMAGE', message: 'The file is not an image' });
    }
    const huge = await upload(bob, Buffer.alloc(5 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 'AVATAR_TOO_LARGE', message: 'The image must be at most 5 MB' });
    expect((await bob.get('/api/me')).json().avatarEtag).toBeUndefined();
  });

  it('accepts image/* content types too, and shows avatars only to people linked to the user', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00f' } })
      .jpeg()
      .toBuffer();
    const res = await upload(bob, jpeg, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url = `/api/avatar/${bob.userId}/${res.json().avatarEtag}`;
    expect((await ann.get(url)).statusCode).toBe(403);
    await bob.post('/api/following/follow', { email: 'ann@example.com' });
    // Ann sees who asks to follow her; Bob sees Ann's only after she approves.
    expect((await ann.get(url)).statusCode).toBe(200);
    const annAvatar = `/api/avatar/${ann.userId}/${(await ann.get('/api/me')).json().avatarEtag}`;
    expect((await bob.get(annAvatar)).statusCode).toBe(403);
    const follow = (await ann.get('/api/me')).json().followers[0];
    await ann.post(`/api/following/approve/${follow.id}`, { userId: bob.userId });
    expect((await bob.get(annAvatar)).statusCode).toBe(200);
  });

  it('redirects to the default image when there is no avatar, and serves that image', async () => {
    const carl = await signUp(ctx.app, 'carl@example.com');
    const res = await carl.get(`/api/avatar/${carl.userId}/none`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/images/avatar.jpeg');
    const image = await new TestClient(ctx.app).get('/images/avatar.jpeg');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(256);
  });
});
