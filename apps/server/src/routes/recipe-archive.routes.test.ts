import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recipe, RecipesDocument } from '@mealplan/core';
import {
  base64,
  jsonBytes,
  mealieFile,
  paprikaArchive,
  paprikaFile,
  recipeSage,
  tandoorFile,
  type PaprikaRecipe,
} from '../../../../packages/core/src/importers/samples.test-helpers.js';
import { backends, createTestApp } from '../test-support/backends.js';
import { recipesDocument } from '../test-support/fixtures.js';
import { signUp, TestClient } from '../test-support/http.js';

const send = (client: TestClient, path: string, body: Uint8Array, contentType = 'application/octet-stream') =>
  client.call('POST', path, { body: Buffer.from(body), contentType });
const preview = (client: TestClient, body: Uint8Array) => send(client, '/api/recipe-archives/preview', body);
const startImport = (client: TestClient, body: Uint8Array, query = '', contentType?: string) =>
  send(client, `/api/recipe-archives/import${query}`, body, contentType);
const currentJob = async (client: TestClient) =>
  (await client.get('/api/recipe-archives/jobs/current')).json().job;

/** Follows the account's import as the page does, polling, until it has finished. */
async function finished(client: TestClient) {
  for (let i = 0; i < 3000; i++) {
    const job = await currentJob(client);
    if (job && job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the import did not finish in 30 s');
}

/** Starts an import (202) and answers with the finished job. */
async function importFile(client: TestClient, body: Uint8Array, query = '', contentType?: string) {
  const res = await startImport(client, body, query, contentType);
  expect(res.statusCode, res.body).toBe(202);
  return finished(client);
}

async function recipesOf(client: TestClient): Promise<{ doc: RecipesDocument; etag: string }> {
  const res = await client.get('/api/recipes');
  return { doc: res.json() as RecipesDocument, etag: res.headers.etag as string };
}
const live = (doc: RecipesDocument): Recipe[] => Object.values(doc.recipes).filter((r) => !r.isDeleted);
const byName = (doc: RecipesDocument, name: string) => live(doc).find((r) => r.name === name);

/** A small camera-like JPEG, built here. */
const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#d94' } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

describe.each(backends)('recipe archives on %s', (dialect) => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let photo: Uint8Array;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { plan: 'free' });
    photo = await jpeg();
  });
  afterAll(() => ctx.close());

  let n = 0;
  const newUser = () => signUp(ctx.app, `cook${n++}@example.com`);

  it('previews a Paprika export: format, recipes, photos and unreadable fields, and stores nothing', async () => {
    const ann = await newUser();
    const before = await recipesOf(ann);
    const res = await preview(ann, paprikaFile(photo));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      format: 'paprika',
      recipes: [
        {
          index: 0,
          name: 'Käsespätzle',
          source: 'https://example.de/spaetzle',
          ingredients: 4,
          hasPhoto: true,
          unread: [],
          duplicateOf: null,
        },
        {
          index: 1,
          name: 'Porridge',
          source: null,
          ingredients: 2,
          hasPhoto: false,
          unread: ['servings'],
          duplicateOf: null,
        },
      ],
      duplicates: 0,
      plan: { limit: 200, recipes: 0, fits: 200 },
    });
    expect((await recipesOf(ann)).etag).toBe(before.etag);
  });

  it('imports a Paprika export: parsed ingredients with their lines, times, rating, meal type, and the photo re-encoded', async () => {
    const ann = await newUser();
    const res = await importFile(ann, paprikaFile(photo));
    expect(res).toMatchObject({
      state: 'done',
      format: 'paprika',
      total: 2,
      processed: 2,
      added: 2,
      replaced: 0,
      skipped: 0,
      overLimit: 0,
      withoutPhoto: 0,
    });
    const { doc } = await recipesOf(ann);
    const spaetzle = byName(doc, 'Käsespätzle')!;
    expect(spaetzle).toMatchObject({
      mealType: 'dinner',
      servings: 4,
      prepTime: 20,
      cookTime: 70,
      time: 90,
      rating: 5,
      inCookbook: true,
      url: 'https://example.de/spaetzle',
      notes: 'Mit Röstzwiebeln.',
      userId: ann.userId,
    });
    expect(spaetzle.ingredients[1]).toEqual({
      qty: '400',
      unit: 'g',
      name: 'Mehl',
      input: '',
      line: '400 g Mehl',
    });
    const shown = await ann.get(`/api/photos/${spaetzle.photoId}/display`);
    expect(shown.statusCode).toBe(200);
    expect((await sharp(shown.rawPayload).metadata()).format).toBe('webp');
    const porridge = byName(doc, 'Porridge')!;
    expect(porridge).toMatchObject({ mealType: 'breakfast', inCookbook: false });
    expect(porridge.photoId).toBeUndefined();
  });

  it('imports Mealie, Tandoor and RecipeSage exports with their names, ingredients and photos', async () => {
    const ann = await newUser();
    const mealie = await importFile(ann, mealieFile(photo));
    expect(mealie).toMatchObject({ format: 'mealie', added: 1 });
    const tandoor = await importFile(ann, tandoorFile(photo), '');
    expect(tandoor).toMatchObject({ format: 'tandoor', added: 2 });
    const sage = await importFile(ann, jsonBytes(recipeSage), '', 'application/json');
    expect(sage).toMatchObject({ format: 'json-ld', added: 1 });
    const { doc } = await recipesOf(ann);
    expect(
      live(doc)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Dal', 'Miso soup', 'Rice', 'Shakshuka']);
    expect(byName(doc, 'Shakshuka')).toMatchObject({
      mealType: 'breakfast',
      servings: 2,
      time: 35,
      rating: 4,
    });
    expect(byName(doc, 'Shakshuka')!.photoId).toBeDefined();
    expect(byName(doc, 'Dal')!.ingredients.map((i) => i.line ?? i.name)).toEqual([
      '250 g red lentils, rinsed',
      'Tadka:',
      '1.5 tbsp ghee',
      'salt, to taste',
    ]);
    expect(byName(doc, 'Dal')).toMatchObject({ mealType: 'lunch', prepTime: 10, cookTime: 30 });
    expect(byName(doc, 'Dal')!.photoId).toBeDefined();
    expect(byName(doc, 'Miso soup')).toMatchObject({
      url: 'https://example.jp/miso',
      notes: 'Never boil the miso.',
    });
  });

  it('names duplicates and skips, keeps both or replaces them as chosen', async () => {
    const ann = await newUser();
    await importFile(ann, paprikaFile(photo));
    const first = await recipesOf(ann);
    const spaetzleId = byName(first.doc, 'Käsespätzle')!.id;
    const seen = await preview(ann, paprikaFile(photo));
    expect(seen.json().duplicates).toBe(2);
    expect(seen.json().recipes[0].duplicateOf).toEqual({ id: spaetzleId, name: 'Käsespätzle' });

    // Nothing chosen: both skipped, nothing written.
    const skipped = await importFile(ann, paprikaFile(photo));
    expect(skipped).toMatchObject({ added: 0, skipped: 2 });
    expect((await recipesOf(ann)).etag).toBe(first.etag);

    const edited: PaprikaRecipe[] = [
      {
        name: 'Käsespätzle',
        source_url: 'https://example.de/spaetzle',
        ingredients: '500 g Mehl',
        directions: 'Neu.',
        photo_data: base64(photo),
      },
      { name: 'Porridge', ingredients: '1/2 cup oats\n1 cup milk', directions: 'Stir.' },
    ];
    const res = await importFile(ann, paprikaArchive(edited), '?replace=0&keep=1');
    expect(res).toMatchObject({ added: 1, replaced: 1, skipped: 0 });
    const { doc } = await recipesOf(ann);
    expect(live(doc).filter((r) => r.name === 'Porridge')).toHaveLength(2);
    const replaced = doc.recipes[spaetzleId]!;
    expect(replaced).toMatchObject({ instructions: 'Neu.', rating: 5 });
    expect(replaced.ingredients.map((i) => i.line)).toEqual(['500 g Mehl']);
    expect(replaced.notes).toBeUndefined();
  });

  it('imports only what fits the plan and says how many were left out', async () => {
    const ann = await newUser();
    const current = await recipesOf(ann);
    const full = { ...recipesDocument(199), categories: current.doc.categories };
    expect((await ann.put('/api/recipes', full, { 'if-match': current.etag })).statusCode).toBe(200);
    expect((await preview(ann, paprikaFile(photo))).json().plan).toEqual({
      limit: 200,
      recipes: 199,
      fits: 1,
    });
    const res = await importFile(ann, paprikaFile(photo));
    expect(res).toMatchObject({ state: 'done', added: 1, overLimit: 1 });
    expect(live((await recipesOf(ann)).doc)).toHaveLength(200);
  });

  it('exports the recipes as a JSON-LD zip with photos that imports into a second account as the same recipes', async () => {
    const ann = await newUser();
    await importFile(ann, paprikaFile(photo));
    await importFile(ann, tandoorFile(photo));
    const res = await ann.get('/api/recipe-archives/export.jsonld.zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('attachment');
    const bob = await newUser();
    const back = await importFile(bob, new Uint8Array(res.rawPayload));
    expect(back).toMatchObject({ format: 'json-ld', added: 4, withoutPhoto: 0 });
    const annDoc = (await recipesOf(ann)).doc;
    const bobDoc = (await recipesOf(bob)).doc;
    const content = (r: Recipe) => ({
      name: r.name,
      mealType: r.mealType,
      ingredients: r.ingredients,
      instructions: r.instructions,
      servings: r.servings,
      prepTime: r.prepTime,
      cookTime: r.cookTime,
      time: r.time,
      rating: r.rating,
      url: r.url,
      notes: r.notes,
      description: r.description,
      categoryId: r.categoryId,
      hasPhoto: r.photoId !== undefined,
    });
    const sorted = (doc: RecipesDocument) =>
      live(doc)
        .map(content)
        .sort((a, b) => a.name.localeCompare(b.name));
    expect(sorted(bobDoc)).toEqual(sorted(annDoc));
    const bobPhoto = byName(bobDoc, 'Dal')!.photoId!;
    expect((await bob.get(`/api/photos/${bobPhoto}/thumb`)).statusCode).toBe(200);
  });

  it('refuses a 0-byte file, another kind of file, traversal names and a zip bomb with 400 and writes nothing', async () => {
    const ann = await newUser();
    const before = await recipesOf(ann);
    const bomb = zipSync({ 'big.paprikarecipe': new Uint8Array(201 * 1024 * 1024) }, { level: 1 });
    const cases: [Uint8Array, string, string][] = [
      [new Uint8Array(), 'ARCHIVE_EMPTY', 'The file is empty. Choose the export file again.'],
      [photo, 'ARCHIVE_UNKNOWN_FORMAT', 'This file is not a recipe export'],
      [
        zipSync({ '../../etc/cron.d/x.json': jsonBytes(recipeSage) }),
        'ARCHIVE_UNSAFE_NAME',
        '(../../etc/cron.d/x.json)',
      ],
      [bomb, 'ARCHIVE_UNPACKED_TOO_LARGE', 'The file unpacks to more than 200 MB'],
      [jsonBytes({ hello: 'world' }), 'ARCHIVE_UNKNOWN_FORMAT', 'Paprika, Mealie, Tandoor'],
      [paprikaFile(photo).slice(0, 200), 'ARCHIVE_DAMAGED', 'The file is damaged'],
    ];
    for (const [file, code, message] of cases) {
      for (const path of ['/api/recipe-archives/preview', '/api/recipe-archives/import']) {
        const res = await send(ann, path, file);
        expect(res.statusCode, `${code} ${path}`).toBe(400);
        expect(res.json().code).toBe(code);
        expect(res.json().message).toContain(message);
      }
    }
    expect((await recipesOf(ann)).etag).toBe(before.etag);
  });

  it('refuses a file over 100 MB with 413 and a signed-out caller with 401', async () => {
    const ann = await newUser();
    const big = await send(ann, '/api/recipe-archives/preview', new Uint8Array(100 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({
      code: 'ARCHIVE_TOO_LARGE',
      message: 'The file must be at most 100 MB',
    });
    const stranger = new TestClient(ctx.app);
    expect((await preview(stranger, paprikaFile(photo))).statusCode).toBe(401);
    expect((await stranger.get('/api/recipe-archives/jobs/current')).statusCode).toBe(401);
  });

  it("answers other users' requests all along while it reads a large file", async () => {
    const [ann, bob] = [await newUser(), await newUser()];
    const pictureData = base64(photo);
    const file = paprikaArchive(
      Array.from({ length: 3000 }, (_, i) => ({
        name: `Stew no. ${i}`,
        ingredients: Array.from({ length: 24 }, (_, j) => `${j + 1} cups flour, sifted (${i})`).join('\n'),
        directions: 'Cook it.',
        photo_data: pictureData,
      })),
    );
    const started = performance.now();
    let previewed = 0;
    const reading = preview(ann, file).then((res) => {
      previewed = performance.now();
      return res;
    });
    // Bob reads his recipes every 5 ms while Ann's file is read (as a page polls; injected requests
    // never wait for I/O, so without the timer they would keep the event loop to themselves).
    const answered: number[] = [];
    while (!previewed) {
      const res = await bob.get('/api/recipes');
      expect(res.statusCode).toBe(200);
      if (!previewed) answered.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const res = await reading;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recipes).toHaveLength(3000);
    // Read in one go, the file would leave one gap as long as nearly the whole preview; read in
    // slices, Bob is answered all along, never waiting half the preview's time.
    const times = [started, ...answered, previewed];
    const longestWait = Math.max(...times.slice(1).map((t, i) => t - times[i]!));
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(longestWait).toBeLessThan((previewed - started) / 2);
  });

  describe('the import job', () => {
    /** A file of `count` recipes without photos, named Soup 0, Soup 1… */
    const soups = (count: number): Uint8Array =>
      paprikaArchive(
        Array.from({ length: count }, (_, i) => ({ name: `Soup ${i}`, ingredients: '1 l water' })),
      );

    /**
     * Holds the writes of `client`'s recipes document from the `from`-th on (1-based) until
     * released, so a job is caught between two batches on every machine, however fast.
     */
    async function holdWrites(client: TestClient, from: number, app = ctx.app) {
      const accountId = await accountOf(client);
      const documents = app.services.documents;
      const patch = documents.patch.bind(documents);
      let calls = 0;
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let reached!: () => void;
      const held = new Promise<void>((resolve) => (reached = resolve));
      documents.patch = async (...args: Parameters<typeof patch>) => {
        if (args[0].accountId === accountId && ++calls >= from) {
          reached();
          await gate;
        }
        return patch(...args);
      };
      return { held, release, restore: () => ((documents.patch = patch), release()) };
    }

    const accountOf = async (client: TestClient) =>
      (
        await ctx.db.kysely
          .selectFrom('app_user')
          .select('account_id')
          .where('id', '=', client.userId)
          .executeTakeFirstOrThrow()
      ).account_id;

    /** The same database served by another server process (its own services, nothing shared in memory). */
    async function secondServer() {
      const { buildApp } = await import('../app.js');
      return buildApp({ config: ctx.config, db: ctx.db });
    }

    it('answers 202 at once and reports progress batch by batch to any reader, after a reload or from another server; a second import is refused with 409 until it has finished', async () => {
      const ann = await newUser();
      expect(await currentJob(ann)).toBeNull();
      const hold = await holdWrites(ann, 2);
      const other = await secondServer();
      try {
        const started = await startImport(ann, soups(60));
        expect(started.statusCode, started.body).toBe(202);
        expect(started.json()).toMatchObject({
          state: 'running',
          format: 'paprika',
          total: 60,
          processed: 0,
          finishedAt: null,
          error: null,
        });
        await hold.held;
        // The first batch is written and counted; the page, reloaded, finds the job running.
        const reloaded = await currentJob(ann);
        expect(reloaded).toMatchObject({ id: started.json().id, state: 'running', processed: 50, added: 50 });
        expect(live((await recipesOf(ann)).doc)).toHaveLength(50);
        const annThere = new TestClient(other, ann.cookie);
        expect(await currentJob(annThere)).toEqual(reloaded);

        for (const client of [ann, annThere]) {
          const second = await startImport(client, soups(3));
          expect(second.statusCode).toBe(409);
          expect(second.json()).toEqual({
            code: 'ARCHIVE_IMPORT_RUNNING',
            message: 'An import is already running for this account. Try again when it has finished.',
          });
        }
        // Another account imports meanwhile: the lock is the account's.
        const bob = await newUser();
        expect((await startImport(bob, soups(2))).statusCode).toBe(202);
        expect(await finished(bob)).toMatchObject({ state: 'done', added: 2 });

        hold.release();
        const done = await finished(ann);
        expect(done).toMatchObject({ state: 'done', total: 60, processed: 60, added: 60, error: null });
        expect(done.finishedAt).not.toBeNull();
        expect(live((await recipesOf(ann)).doc)).toHaveLength(60);
        // Finished, the lock is free: from the other server too.
        expect((await startImport(annThere, soups(61))).statusCode).toBe(202);
        expect(await finished(ann)).toMatchObject({ state: 'done', added: 1, skipped: 60 });
      } finally {
        hold.restore();
        await other.close();
      }
    });

    it('two imports of one account started at once on two servers: one runs, the other is refused', async () => {
      const ann = await newUser();
      const other = await secondServer();
      // Whichever wins may not finish before the other request has asked: a finished job frees the
      // lock, and two imports one after the other are both allowed.
      const holds = [await holdWrites(ann, 1), await holdWrites(ann, 1, other)];
      try {
        const annThere = new TestClient(other, ann.cookie);
        const answers = await Promise.all([startImport(ann, soups(4)), startImport(annThere, soups(5))]);
        expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 409]);
        for (const hold of holds) hold.release();
        const winner = answers.find((res) => res.statusCode === 202)!.json();
        expect(await finished(ann)).toMatchObject({ id: winner.id, state: 'done', added: winner.total });
        expect(live((await recipesOf(ann)).doc)).toHaveLength(winner.total);
      } finally {
        for (const hold of holds) hold.restore();
        await other.close();
      }
    });

    it('a server stopping mid-job ends its batch and marks the job failed with what it imported; importing the file again adds the rest', async () => {
      const ann = await newUser();
      const other = await secondServer();
      const annThere = new TestClient(other, ann.cookie);
      // The job runs on the other server; its second batch waits until that server is closing.
      const hold = await holdWrites(ann, 2, other);
      expect((await startImport(annThere, soups(110))).statusCode).toBe(202);
      await hold.held;
      const closing = other.close();
      hold.release();
      await closing;

      const job = await currentJob(ann);
      expect(job).toMatchObject({
        state: 'failed',
        total: 110,
        processed: 100,
        added: 100,
        error: {
          code: 'ARCHIVE_IMPORT_INTERRUPTED',
          message: expect.stringContaining('after 100 of 110 recipes. What it imported is in your recipes'),
        },
      });
      expect(live((await recipesOf(ann)).doc)).toHaveLength(100);
      expect((await startImport(ann, soups(110))).statusCode).toBe(202);
      expect(await finished(ann)).toMatchObject({ state: 'done', added: 10, skipped: 100 });
      expect(live((await recipesOf(ann)).doc)).toHaveLength(110);
    });

    it('a job whose server died (no heartbeat for a minute) is reported failed and no longer holds the lock', async () => {
      const ann = await newUser();
      const accountId = await accountOf(ann);
      const beat = new Date(Date.now() - 61_000).toISOString();
      await ctx.db.kysely
        .insertInto('recipe_import_job')
        .values({
          account_id: accountId,
          id: 'a-dead-job',
          user_id: ann.userId,
          state: 'running',
          format: 'mealie',
          total: 300,
          processed: 150,
          added: 150,
          replaced: 0,
          skipped: 0,
          over_limit: 0,
          without_photo: 0,
          error: null,
          started_at: beat,
          heartbeat_at: beat,
          finished_at: null,
        })
        .execute();
      expect(await currentJob(ann)).toMatchObject({
        id: 'a-dead-job',
        state: 'failed',
        added: 150,
        finishedAt: beat,
        error: { code: 'ARCHIVE_IMPORT_INTERRUPTED', message: expect.stringContaining('after 150 of 300') },
      });
      expect((await startImport(ann, soups(2))).statusCode).toBe(202);
      expect(await finished(ann)).toMatchObject({ state: 'done', added: 2 });
    });

    it('a malformed file starts no job and writes nothing', async () => {
      const ann = await newUser();
      const before = await recipesOf(ann);
      const res = await startImport(ann, soups(3).slice(0, 100));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ARCHIVE_DAMAGED',
        message: expect.stringContaining('damaged'),
      });
      expect(await currentJob(ann)).toBeNull();
      expect((await recipesOf(ann)).etag).toBe(before.etag);
    });
  });

  it('downloads the whole account in the format of the CLI backup', async () => {
    const ann = await newUser();
    await importFile(ann, paprikaFile(photo));
    const res = await ann.get('/api/recipe-archives/account-backup.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="mealplan-account.json"');
    const backup = res.json();
    expect(backup).toMatchObject({ format: 'mealplan-account', version: 1, user: { email: ann.email } });
    expect(Object.keys(backup.documents).sort()).toEqual(['agenda', 'groceries', 'notes', 'recipes']);
    expect(
      live(backup.documents.recipes as RecipesDocument)
        .map((r) => r.name)
        .sort(),
    ).toEqual(['Käsespätzle', 'Porridge']);
    expect(backup.photos).toHaveLength(1);
  });
});
