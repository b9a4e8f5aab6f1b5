import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TransferError } from '../services/account-transfer.service.js';
import { backends, createTestApp } from '../test-support/backends.js';
import { recipe } from '../test-support/fixtures.js';
import { signUp, type TestClient } from '../test-support/http.js';
import { exportCommand, importCommand } from './account-transfer.js';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

async function put(client: TestClient, doc: string, body: unknown): Promise<void> {
  const etag = (await client.get(`/api/${doc}`)).headers.etag as string;
  const res = await client.put(`/api/${doc}`, body, { 'if-match': etag });
  expect(res.statusCode, res.body).toBe(200);
}

async function documents(client: TestClient) {
  const out: Record<string, unknown> = {};
  for (const doc of ['recipes', 'agenda', 'notes', 'groceries'])
    out[doc] = (await client.get(`/api/${doc}`)).json();
  return out;
}

describe.each(backends)('account export and import on %s', (dialect) => {
  let ctx: Ctx;
  let ann: TestClient;
  let bob: TestClient;

  beforeAll(async () => {
    ctx = await createTestApp(dialect, { plan: 'free' });
    ann = await signUp(ctx.app, 'ann@example.com');
    bob = await signUp(ctx.app, 'bob@example.com');
    const recipes = (await ann.get('/api/recipes')).json() as { categories: unknown };
    await put(ann, 'recipes', {
      recipes: { r1: recipe('r1', { name: 'Lentil soup' }), r2: recipe('r2', { name: 'Flatbread' }) },
      categories: recipes.categories,
    });
    await put(ann, 'agenda', {
      days: { '2026-11-23': { id: '2026-11-23', updatedAt: '2026-11-22T10:00:00.000Z', dinner: 'r1' } },
      hash: '',
    });
    await put(ann, 'notes', { notes: { '2026-11-23': 'Guests at 7' } });
  });
  afterAll(() => ctx.close());

  it('moves every document of one account into another, and open clients see new ETags', async () => {
    const file = await ctx.app.services.transfer.exportAccount('ANN@example.com');
    expect(file.user.email).toBe('ann@example.com');
    const before = (await bob.get('/api/recipes')).headers.etag;

    const result = await ctx.app.services.transfer.importAccount(
      JSON.parse(JSON.stringify(file)),
      'bob@example.com',
    );

    expect(result.summary).toEqual({
      recipes: 'replaced',
      groceries: 'unchanged',
      agenda: 'replaced',
      notes: 'replaced',
    });
    expect(await documents(bob)).toEqual(await documents(ann));
    expect((await bob.get('/api/recipes')).headers.etag).not.toBe(before);
  });

  it('refuses an invalid file and changes nothing, naming the problem', async () => {
    const file = await ctx.app.services.transfer.exportAccount('ann@example.com');
    const before = await documents(bob);
    const broken = structuredClone(file) as {
      documents: { notes: unknown; recipes: { recipes: Record<string, unknown> } };
    };
    broken.documents.recipes.recipes.r3 = { id: 'r3' };
    broken.documents.notes = { notes: {} };
    await expect(ctx.app.services.transfer.importAccount(broken, 'bob@example.com')).rejects.toThrow(
      /^Nothing was imported: recipes\.recipes\.r3/,
    );
    expect(await documents(bob)).toEqual(before);

    await expect(ctx.app.services.transfer.importAccount({ hello: 1 }, 'bob@example.com')).rejects.toThrow(
      new TransferError('The file is not a Mealplan export'),
    );
    await expect(
      ctx.app.services.transfer.importAccount({ ...file, version: 9 }, 'bob@example.com'),
    ).rejects.toThrow('Unsupported export version 9 (this Mealplan reads 1)');
    await expect(ctx.app.services.transfer.importAccount(file, 'nobody@example.com')).rejects.toThrow(
      'No user with the e-mail nobody@example.com: register first, then import',
    );
  });

  it('keeps the plan limits of the receiving account', async () => {
    const file = await ctx.app.services.transfer.exportAccount('ann@example.com');
    const many: Record<string, unknown> = {};
    for (let i = 0; i < 201; i++) many[`x${i}`] = recipe(`x${i}`);
    const big = structuredClone(file) as { documents: { recipes: { recipes: Record<string, unknown> } } };
    big.documents.recipes.recipes = many;
    await expect(ctx.app.services.transfer.importAccount(big, 'bob@example.com')).rejects.toThrow(
      /^The recipes document was not imported: .*200/,
    );
  });
});

describe('the export and import commands', () => {
  let dataDir: string;
  let stdout: string[];
  let stderr: string[];
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mealplan-cli-'));
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (stdout.push(String(chunk)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (stderr.push(String(chunk)), true));
    // Two users in the database the commands open, registered through the real app.
    const { loadConfig } = await import('../config.js');
    const { migrateToLatest, openDatabase } = await import('../db/database.js');
    const { buildApp } = await import('../app.js');
    const db = await openDatabase({ dataDir });
    await migrateToLatest(db);
    const app = await buildApp({ config: loadConfig({}, { dataDir, logLevel: 'silent' }), db });
    const cy = await signUp(app, 'cy@example.com');
    await signUp(app, 'di@example.com');
    await put(cy, 'notes', { notes: { '2026-12-24': 'Bake the stollen' } });
    await app.close();
    await db.close();
  });
  afterAll(() => {
    vi.restoreAllMocks();
    process.env.DATA_DIR = saved.DATA_DIR;
    if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (command: typeof exportCommand, args: string[]) => {
    stdout = [];
    stderr = [];
    const code = await command(args);
    return { code, out: stdout.join(''), err: stderr.join('') };
  };

  it('exports to a file and imports it into another account', async () => {
    const file = path.join(dataDir, 'cy.json');
    const exported = await run(exportCommand, ['cy@example.com', '--out', file]);
    expect(exported).toMatchObject({ code: 0, err: `Exported cy@example.com to ${file} (0 photos)\n` });
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).documents.notes).toEqual({
      notes: { '2026-12-24': 'Bake the stollen' },
    });

    const imported = await run(importCommand, [file, '--email=di@example.com']);
    expect(imported.code).toBe(0);
    expect(imported.err).toMatch(/^Imported into di@example.com: .*notes replaced, 0 photos\n$/);

    const check = await run(exportCommand, ['di@example.com']);
    expect(JSON.parse(check.out).documents.notes).toEqual({ notes: { '2026-12-24': 'Bake the stollen' } });
  });

  it('says what is wrong, with exit code 1 for a refusal and 2 for a usage error', async () => {
    expect(await run(exportCommand, ['nobody@example.com'])).toMatchObject({
      code: 1,
      err: 'No user with the e-mail nobody@example.com\n',
    });
    const notJson = path.join(dataDir, 'notes.txt');
    fs.writeFileSync(notJson, 'hello');
    expect(await run(importCommand, [notJson])).toMatchObject({
      code: 1,
      err: `${notJson} is not JSON, so not a Mealplan export\n`,
    });
    expect((await run(importCommand, [])).code).toBe(2);
    expect((await run(exportCommand, ['a', 'b'])).err).toMatch(/^unexpected argument b\n/);
  });
});
