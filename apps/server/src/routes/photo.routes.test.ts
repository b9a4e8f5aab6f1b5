import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_UNUSED_MS } from '../services/photo.service.js';
import { backends, createTestApp } from '../test-support/backends.js';
import { recipe } from '../test-support/fixtures.js';
import { signUp, TestClient } from '../test-support/http.js';
import { RECIPE_PAGE_HTML } from '../test-support/recipe-page.js';

const upload = (client: TestClient, body: Buffer, contentType = 'application/octet-stream') =>
  client.call('POST', '/api/photos', { body, contentType });

/** A camera-like JPEG: 1600 x 1200 with EXIF that must not reach anyone else. */
const cameraJpeg = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c84' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Ann at home', Artist: 'Ann' } } })
    .toBuffer();

async function uploaded(client: TestClient): Promise<string> {
  const res = await upload(client, await cameraJpeg());
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { photoId: string }).photoId;
}

/** Replaces the account's recipes with `recipes`, keeping its categories. */
async function putRecipes(client: TestClient, recipes: Record<string, unknown>): Promise<void> {
  const current = await client.get('/api/recipes');
  const { categories } = current.json() as { categories: unknown };
  const res = await client.put(
    '/api/recipes',
    { recipes, categories },
    { 'if-match': current.headers.etag as string },
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** A recipe site on loopback whose page names a real photo. */
function startSite(photo: Buffer): Promise<{ server: http.Server; base: string }> {
  const server = http.createServer((req, res) => {
    if (req.url === '/recipe') res.writeHead(200, { 'content-type': 'text/html' }).end(RECIPE_PAGE_HTML);
    else if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    else res.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

describe.each(backends)('recipe photos on %s', (dialect) => {
  let clock = new Date('2026-11-20T10:00:00.000Z');
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let site: Awaited<ReturnType<typeof startSite>>;
  let ann: TestClient;
  let bob: TestClient;
  let eve: TestClient;

  beforeAll(async () => {
    site = await startSite(await cameraJpeg());
    ctx = await createTestApp(dialect, { importAllowPrivateAddresses: true }, { now: () => clock });
    [ann, bob, eve] = await Promise.all(
      ['ann@example.com', 'bob@example.com', 'eve@example.com'].map((email) => signUp(ctx.app, email)),
    );
    // Bob follows Ann and she approves; Eve is a stranger to both.
    await bob.post('/api/following/follow', { email: 'ann@example.com' });
    const follow = (await ann.get('/api/me')).json().followers[0];
    await ann.post(`/api/following/approve/${follow.id}`, { userId: bob.userId });
  });
  afterAll(async () => {
    await ctx.close();
    await new Promise<void>((done) => site.server.close(() => done()));
  });

  it('re-encodes an upload into a WebP thumbnail and display size without its metadata, cached for a year', async () => {
    const photoId = await uploaded(ann);
    const thumb = await ann.get(`/api/photos/${photoId}/thumb`);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 160,
      height: 160,
    });

    const display = await ann.get(`/api/photos/${photoId}/display`);
    const meta = await sharp(display.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1280, height: 960 });
    expect(meta.exif).toBeUndefined();
    expect(display.rawPayload.includes(Buffer.from('Ann at home'))).toBe(false);

    // The bytes never change under an id: a second look revalidates with the ETag.
    const again = await ann.get(`/api/photos/${photoId}/display`, {
      'if-none-match': display.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  it('refuses what is not an image, and more than 15 MB, in plain words', async () => {
    for (const body of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      Buffer.from('%PDF-1.4 not an image'),
      Buffer.alloc(0),
    ]) {
      const res = await upload(ann, body, 'image/svg+xml');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'PHOTO_NOT_IMAGE',
        message: 'This file is not a photo Mealplan can read (JPEG, PNG, WebP, HEIC…)',
      });
    }
    const huge = await upload(ann, Buffer.alloc(15 * 1024 * 1024 + 1, 1));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ code: 'PHOTO_TOO_LARGE', message: 'The photo must be at most 15 MB' });
  });

  it('shows a photo to its account and approved followers; a stranger gets 404 as for no photo at all', async () => {
    const photoId = await uploaded(ann);
    expect((await bob.get(`/api/photos/${photoId}/thumb`)).statusCode).toBe(200);
    const stranger = await eve.get(`/api/photos/${photoId}/thumb`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.rawPayload.length).toBeLessThan(200);
    expect((await eve.get('/api/photos/no-such-photo/thumb')).json()).toEqual(stranger.json());
    // Ann does not follow Bob, so his photos stay his.
    const bobs = await uploaded(bob);
    expect((await ann.get(`/api/photos/${bobs}/display`)).statusCode).toBe(404);
    expect((await new TestClient(ctx.app).get(`/api/photos/${photoId}/thumb`)).statusCode).toBe(401);
    expect((await ann.get(`/api/photos/${photoId}/original`)).statusCode).toBe(400);
  });

  it("copies a followed user's photo into the follower's account, for a recipe they copy; a stranger cannot", async () => {
    const photoId = await uploaded(ann);
    const res = await bob.post('/api/photos/copies', { photoId });
    expect(res.statusCode, res.body).toBe(200);
    const copy = (res.json() as { photoId: string }).photoId;
    expect(copy).not.toBe(photoId);
    expect((await bob.get(`/api/photos/${copy}/display`)).statusCode).toBe(200);
    // Bob's copy is his: Ann does not follow him, so she cannot fetch it.
    expect((await ann.get(`/api/photos/${copy}/display`)).statusCode).toBe(404);
    expect((await eve.post('/api/photos/copies', { photoId })).statusCode).toBe(404);
  });

  it("fetches an imported page's image on the server and answers its photo id", async () => {
    const res = await ann.post('/api/recipe-imports', { url: `${site.base}/recipe` });
    expect(res.statusCode, res.body).toBe(200);
    const { image, photoId } = res.json() as { image: string; photoId: string | null };
    expect(image).toBe(`${site.base}/photo.jpg`);
    expect(photoId).toEqual(expect.any(String));
    const thumb = await ann.get(`/api/photos/${photoId}/thumb`);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160 });
  });

  it("stores a scanned page's image as a photo before the web app picks the recipe up", async () => {
    const bearer = { authorization: `Bearer ${(await ann.get('/api/auth/chrome-extension-token')).body}` };
    const scanned = { name: 'Barley soup', url: `${site.base}/recipe`, ingredients: ['1 cup barley'] };
    const extension = new TestClient(ctx.app);
    const posted = await extension.post(
      '/api/scraped-recipes',
      {
        recipes: [
          { ...scanned, image: `${site.base}/photo.jpg` },
          { ...scanned, name: 'No photo', image: `${site.base}/gone.jpg` },
        ],
      },
      bearer,
    );
    expect(posted.statusCode, posted.body).toBe(200);
    const waiting = (await ann.get('/api/scraped-recipes')).json() as {
      recipes: { name: string; photoId?: string }[];
    };
    const [withPhoto, without] = waiting.recipes;
    expect(without).toMatchObject({ name: 'No photo' });
    expect(without?.photoId).toBeUndefined();
    expect((await ann.get(`/api/photos/${withPhoto?.photoId}/thumb`)).statusCode).toBe(200);
  });

  it('clears a day-old photo that no recipe names, and keeps those recipes name, deleted ones too', async () => {
    const [named, onDeleted, orphan] = [await uploaded(ann), await uploaded(ann), await uploaded(ann)];
    await putRecipes(ann, {
      r1: recipe('r1', { photoId: named }),
      r2: recipe('r2', { photoId: onDeleted, isDeleted: true }),
    });
    clock = new Date(clock.getTime() + PHOTO_UNUSED_MS + 60_000);
    const fresh = await uploaded(ann);
    expect((await ann.get(`/api/photos/${orphan}/thumb`)).statusCode).toBe(404);
    for (const id of [named, onDeleted, fresh])
      expect((await ann.get(`/api/photos/${id}/thumb`)).statusCode).toBe(200);
  });

  it('counts photos in the account export and brings them into another account under ids of its own', async () => {
    const photoId = await uploaded(ann);
    await putRecipes(ann, { r1: recipe('r1', { name: 'Soup', photoId }) });
    const file = await ctx.app.services.transfer.exportAccount('ann@example.com');
    expect(file.photos?.map((photo) => photo.id)).toContain(photoId);

    const result = await ctx.app.services.transfer.importAccount(
      JSON.parse(JSON.stringify(file)),
      'eve@example.com',
    );
    expect(result.photos).toBe(file.photos?.length);
    const eves = (await eve.get('/api/recipes')).json() as { recipes: Record<string, { photoId?: string }> };
    const copied = eves.recipes.r1?.photoId;
    expect(copied).toEqual(expect.any(String));
    expect(copied).not.toBe(photoId);
    expect((await eve.get(`/api/photos/${copied}/display`)).statusCode).toBe(200);
    // Ann keeps hers, and Eve still cannot see Ann's.
    expect((await ann.get(`/api/photos/${photoId}/display`)).statusCode).toBe(200);
    expect((await eve.get(`/api/photos/${photoId}/display`)).statusCode).toBe(404);

    const broken = {
      ...JSON.parse(JSON.stringify(file)),
      photos: [{ id: 'p1', createdAt: '', thumb: 'eA==', display: 'eA==' }],
    };
    await expect(ctx.app.services.transfer.importAccount(broken, 'eve@example.com')).rejects.toThrow(
      'Nothing was imported: a photo is not an image',
    );
  });
});
