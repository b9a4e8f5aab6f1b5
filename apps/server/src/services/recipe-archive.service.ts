import { randomUUID } from 'node:crypto';
import {
  planLimits,
  recipeActions,
  reduceDocument,
  type RecipesDocument,
  type ActionEnv,
} from '@mealplan/core';
import type * as Importers from '@mealplan/core/importers';
import type { ArchiveContents, ArchiveField, ArchiveFormat } from '@mealplan/core/importers';
import { AppError, type ErrorCode } from '../errors/app-error.js';
import type { ImportJobCounts, ImportJobRow } from '../repositories/import-job.repository.js';
import type { User } from '../repositories/user.repository.js';
import type { ServiceDeps } from './deps.js';
import type { DocumentService } from './document.service.js';
import type { PhotoService } from './photo.service.js';

/** Largest file accepted for a preview or an import; its contents may unpack to 200 MiB. */
export const ARCHIVE_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** What to do with a recipe that is already in the account. */
export type DuplicateChoice = 'skip' | 'keep' | 'replace';

/** One recipe of a preview. */
export interface PreviewRecipe {
  index: number;
  name: string;
  source: string | null;
  ingredients: number;
  hasPhoto: boolean;
  unread: ArchiveField[];
  duplicateOf: { id: string; name: string } | null;
}

export interface ArchivePreview {
  format: ArchiveFormat;
  recipes: PreviewRecipe[];
  duplicates: number;
  /** The plan's recipe limit (null when unlimited), the live recipes now, and how many new ones fit. */
  plan: { limit: number | null; recipes: number; fits: number | null };
}

/** Recipes written per batch: each batch is one change to the recipes document and one heartbeat. */
export const IMPORT_BATCH = 50;

/** A running job whose heartbeat is older than this is taken as stopped: its server went away. */
export const IMPORT_STALE_MS = 60_000;

/** What an import has done so far, or did: the counts its job row keeps. */
export type ImportCounts = ImportJobCounts;

/** The account's latest import (docs/API.md "Recipe archives"). */
export interface ImportJob extends ImportCounts {
  id: string;
  state: 'running' | 'done' | 'failed';
  format: ArchiveFormat;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  /** Why a failed job stopped, in the app-error table's words; what it wrote stays written. */
  error: { code: ErrorCode; message: string } | null;
}

const noCounts = (): ImportCounts => ({
  processed: 0,
  added: 0,
  replaced: 0,
  skipped: 0,
  overLimit: 0,
  withoutPhoto: 0,
});

/**
 * Core's archive readers and writers (with the HTML parser and its entity tables), loaded on the
 * first import or export rather than at start (bench/README.md "server-start").
 */
let importers: Promise<typeof Importers> | undefined;
const loadImporters = () => (importers ??= import('@mealplan/core/importers'));

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const live = (doc: RecipesDocument) => Object.values(doc.recipes).filter((r) => !r.isDeleted).length;

/**
 * Recipes from other apps' exports and the account's recipes as JSON-LD (docs/BEHAVIOUR.md
 * "Import & export"). Reading is core's (`@mealplan/core/importers`); recipes are written into the
 * recipes document through the DocumentService (validation, plan limit, version, live update) and
 * photos through the PhotoService (re-encoded like uploads). An import is a job that runs in
 * batches after the upload is answered; its progress, outcome and the account's one-import-at-a-time
 * lock are a database row (ImportJobRepository), so any server process can report it.
 */
export class RecipeArchiveService {
  /** The jobs this process runs, to stop them between batches when the server closes. */
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly documents: DocumentService,
    private readonly photos: PhotoService,
  ) {}

  async preview(user: User, bytes: Uint8Array): Promise<ArchivePreview> {
    const contents = await read(bytes);
    const { findDuplicate } = await loadImporters();
    const { doc } = await this.recipes(user.accountId);
    const limit = await this.recipeLimit(user.accountId);
    const recipes = contents.recipes.map((recipe, index): PreviewRecipe => {
      const duplicate = findDuplicate(doc, recipe);
      return {
        index,
        name: recipe.name,
        source: recipe.url ?? null,
        ingredients: recipe.ingredients.filter((i) => i.line !== undefined).length,
        hasPhoto: recipe.photo !== undefined,
        unread: recipe.unread,
        duplicateOf: duplicate ? { id: duplicate.id, name: duplicate.name } : null,
      };
    });
    const count = live(doc);
    return {
      format: contents.format,
      recipes,
      duplicates: recipes.filter((r) => r.duplicateOf).length,
      plan: { limit, recipes: count, fits: limit === null ? null : Math.max(0, limit - count) },
    };
  }

  /**
   * Starts importing the file's recipes and answers with the job: a duplicate is skipped unless
   * `choices` says to keep both or replace it (the existing recipe keeps its id, history and rating,
   * its content replaced). New recipes past the plan's limit are left out and counted. A refused
   * file (400) or a running import of the account (409) writes nothing.
   */
  async startImport(
    user: User,
    bytes: Uint8Array,
    choices: ReadonlyMap<number, DuplicateChoice>,
  ): Promise<ImportJob> {
    const contents = await read(bytes);
    const now = this.deps.now();
    const row: ImportJobRow = {
      id: randomUUID(),
      accountId: user.accountId,
      userId: user.id,
      state: 'running',
      format: contents.format,
      total: contents.recipes.length,
      ...noCounts(),
      error: null,
      startedAt: now.toISOString(),
      heartbeatAt: now.toISOString(),
      finishedAt: null,
    };
    const staleBefore = new Date(now.getTime() - IMPORT_STALE_MS).toISOString();
    if (!(await this.deps.store.importJobs.claim(row, staleBefore))) {
      throw new AppError('ARCHIVE_IMPORT_RUNNING');
    }
    const job = this.run(user, row, contents, choices);
    this.running.add(job);
    void job.finally(() => this.running.delete(job));
    return toJob(row);
  }

  /** The account's latest import, null when it never imported; a job whose server stopped is failed. */
  async currentJob(user: User): Promise<ImportJob | null> {
    const row = await this.deps.store.importJobs.find(user.accountId);
    if (!row) return null;
    const staleBefore = new Date(this.deps.now().getTime() - IMPORT_STALE_MS).toISOString();
    if (row.state === 'running' && row.heartbeatAt < staleBefore) {
      return toJob({
        ...row,
        state: 'failed',
        error: 'ARCHIVE_IMPORT_INTERRUPTED',
        finishedAt: row.heartbeatAt,
      });
    }
    return toJob(row);
  }

  /**
   * For the server's close: each running job ends its batch, is marked failed (interrupted) with
   * what it wrote, and this resolves.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all([...this.running]);
  }

  /** The job itself: batch after batch, a heartbeat after each, never a throw. */
  private async run(
    user: User,
    job: ImportJobRow,
    contents: ArchiveContents,
    choices: ReadonlyMap<number, DuplicateChoice>,
  ): Promise<void> {
    const jobs = this.deps.store.importJobs;
    const counts = noCounts();
    const stamp = () => this.deps.now().toISOString();
    try {
      // Duplicates are told against the recipes as they were at the preview, not as the import goes.
      const { doc: before } = await this.recipes(user.accountId);
      const limit = await this.recipeLimit(user.accountId);
      const entries = [...contents.recipes.entries()];
      for (let start = 0; start < entries.length; start += IMPORT_BATCH) {
        // Let requests in between batches: a 2,000-recipe file must not hold the event loop.
        await nextTurn();
        if (this.stopping) {
          await jobs.finish(job, counts, { state: 'failed', error: 'ARCHIVE_IMPORT_INTERRUPTED' }, stamp());
          return;
        }
        const batch = entries.slice(start, start + IMPORT_BATCH);
        const done = await this.writeBatch(user, before, batch, choices, limit);
        for (const key of Object.keys(done) as (keyof ImportCounts)[]) counts[key] += done[key];
        if (!(await jobs.progress(job, counts, stamp()))) return;
      }
      await jobs.finish(job, counts, { state: 'done', error: null }, stamp());
    } catch (error) {
      this.deps.log.error({ err: error, jobId: job.id }, 'Recipe import failed');
      await jobs
        .finish(job, counts, { state: 'failed', error: 'ARCHIVE_IMPORT_FAILED' }, stamp())
        .catch((cause: unknown) => this.deps.log.error({ err: cause }, 'Recipe import not marked failed'));
    }
  }

  /** One batch: its photos re-encoded, then its recipes in one change to the recipes document. */
  private async writeBatch(
    user: User,
    before: RecipesDocument,
    batch: [number, ArchiveContents['recipes'][number]][],
    choices: ReadonlyMap<number, DuplicateChoice>,
    limit: number | null,
  ): Promise<ImportCounts> {
    const { archiveRecipeFields, findDuplicate } = await loadImporters();
    const plan = batch.map(([index, recipe]) => {
      const duplicate = findDuplicate(before, recipe);
      return { index, recipe, duplicate, choice: duplicate ? (choices.get(index) ?? 'skip') : 'keep' };
    });
    const photoIds = new Map<number, string>();
    let withoutPhoto = 0;
    // Each photo re-encoded like an upload; one that is no image leaves its recipe without.
    for (const { index, recipe, choice } of plan) {
      if (!recipe.photo || choice === 'skip') continue;
      try {
        photoIds.set(index, await this.photos.upload(user, Buffer.from(recipe.photo)));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        withoutPhoto++;
      }
    }
    // A co-planner's push in between moves the version on: read again and redo, a few times.
    for (let attempt = 0; ; attempt++) {
      const { doc, etag } = await this.recipes(user.accountId);
      const now = this.deps.now();
      const env: ActionEnv = { newId: () => randomUUID(), now: () => now };
      let next = doc;
      let room = limit === null ? Infinity : Math.max(0, limit - live(doc));
      const result = { ...noCounts(), processed: batch.length, withoutPhoto };
      for (const { index, recipe, duplicate, choice } of plan) {
        const fields = archiveRecipeFields(next, recipe, photoIds.get(index));
        if (choice === 'skip') {
          result.skipped++;
          continue;
        }
        const target = duplicate ? next.recipes[duplicate.id] : undefined;
        if (choice === 'replace' && target && !target.isDeleted) {
          const { name: _name, ...changes } = fields;
          const cleared = {
            description: null,
            notes: null,
            url: null,
            servings: null,
            prepTime: null,
            cookTime: null,
            time: null,
          };
          next = reduceDocument(
            'recipes',
            next,
            recipeActions.update(target.id, { ...cleared, ...changes, name: fields.name }, env),
          ) as RecipesDocument;
          result.replaced++;
          continue;
        }
        if (room <= 0) {
          result.overLimit++;
          continue;
        }
        next = reduceDocument(
          'recipes',
          next,
          recipeActions.add({ ...fields, userId: user.id }, env),
        ) as RecipesDocument;
        room--;
        result.added++;
      }
      const patch: Record<string, unknown> = {};
      for (const [id, recipe] of Object.entries(next.recipes)) {
        const previous = doc.recipes[id];
        if (previous === recipe) continue;
        // A merge patch keeps what it leaves out: a field the replaced recipe no longer has is null.
        const gone = Object.keys(previous ?? {}).filter((field) => !(field in recipe));
        patch[id] = { ...Object.fromEntries(gone.map((field) => [field, null])), ...recipe };
      }
      try {
        if (Object.keys(patch).length) {
          await this.documents.patch(
            { accountId: user.accountId, kind: 'recipes', ifMatch: etag, idempotencyKey: undefined },
            { recipes: patch },
          );
        }
        return result;
      } catch (error) {
        if (error instanceof AppError && error.code === 'VERSION_CONFLICT' && attempt < 3) continue;
        throw error;
      }
    }
  }

  /** The account's live recipes as a JSON-LD zip with their photos (display size). */
  async exportJsonLd(user: User): Promise<Uint8Array> {
    const { doc } = await this.recipes(user.accountId);
    const photos = new Map<string, Uint8Array>();
    for (const recipe of Object.values(doc.recipes)) {
      if (recipe.isDeleted || !recipe.photoId || photos.has(recipe.photoId)) continue;
      try {
        photos.set(recipe.photoId, await this.photos.get(user, recipe.photoId, 'display'));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    const { buildJsonLdArchive } = await loadImporters();
    return buildJsonLdArchive(doc, photos);
  }

  private async recipes(accountId: string): Promise<{ doc: RecipesDocument; etag: string }> {
    const snapshot = await this.documents.read(accountId, 'recipes');
    if ('notModified' in snapshot) throw new Error('unreachable: read without If-None-Match');
    return { doc: JSON.parse(snapshot.body.toString('utf8')) as RecipesDocument, etag: snapshot.etag };
  }

  private async recipeLimit(accountId: string): Promise<number | null> {
    const account = await this.deps.store.accounts.findById(accountId);
    const limit = planLimits(account?.plan).recipes;
    return Number.isFinite(limit) ? limit : null;
  }
}

function toJob(row: ImportJobRow): ImportJob {
  const error = row.error as ErrorCode | null;
  return {
    id: row.id,
    state: row.state,
    format: row.format as ArchiveFormat,
    total: row.total,
    processed: row.processed,
    added: row.added,
    replaced: row.replaced,
    skipped: row.skipped,
    overLimit: row.overLimit,
    withoutPhoto: row.withoutPhoto,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    error: error
      ? {
          code: error,
          message: new AppError(error, { params: { processed: row.processed, total: row.total } }).message,
        }
      : null,
  };
}

/**
 * The file's recipes, or the 400 that says what is wrong with it. Read in slices of the event loop:
 * a 2,000-recipe file takes seconds to read, and every other request is answered in between.
 */
async function read(bytes: Uint8Array): Promise<ArchiveContents> {
  const { ArchiveError, readRecipeArchiveAsync } = await loadImporters();
  try {
    return await readRecipeArchiveAsync(bytes);
  } catch (error) {
    if (error instanceof ArchiveError) throw new AppError(error.code, { params: error.params });
    throw error;
  }
}
