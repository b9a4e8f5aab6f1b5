import { randomUUID } from 'node:crypto';
import {
  planLimits,
  recipeActions,
  reduceDocument,
  type RecipesDocument,
  type ActionEnv,
} from '@mealplan/core';
import {
  ArchiveError,
  archiveRecipeFields,
  buildJsonLdArchive,
  findDuplicate,
  readRecipeArchive,
  type ArchiveContents,
  type ArchiveField,
  type ArchiveFormat,
} from '@mealplan/core/importers';
import { AppError } from '../errors/app-error.js';
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

export interface ArchiveImportResult {
  format: ArchiveFormat;
  added: number;
  replaced: number;
  skipped: number;
  /** New recipes left out because the plan's limit was reached. */
  overLimit: number;
  /** Recipes imported without their photo, because it could not be read as an image. */
  withoutPhoto: number;
  etag: string;
}

const live = (doc: RecipesDocument) => Object.values(doc.recipes).filter((r) => !r.isDeleted).length;

/**
 * Recipes from other apps' exports and the account's recipes as JSON-LD (docs/BEHAVIOUR.md
 * "Import & export"). Reading is core's (`@mealplan/core/importers`); recipes are written into the
 * recipes document through the DocumentService (validation, plan limit, version, live update) and
 * photos through the PhotoService (re-encoded like uploads). One import at a time per account.
 */
export class RecipeArchiveService {
  private readonly running = new Set<string>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly documents: DocumentService,
    private readonly photos: PhotoService,
  ) {}

  async preview(user: User, bytes: Uint8Array): Promise<ArchivePreview> {
    const contents = read(bytes);
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
   * Imports the file's recipes: a duplicate is skipped unless `choices` says to keep both or
   * replace it (the existing recipe keeps its id, history and rating, its content replaced). New
   * recipes past the plan's limit are left out and counted. Nothing is written when the file is refused.
   */
  async import(
    user: User,
    bytes: Uint8Array,
    choices: ReadonlyMap<number, DuplicateChoice>,
  ): Promise<ArchiveImportResult> {
    const contents = read(bytes);
    if (this.running.has(user.accountId)) throw new AppError('ARCHIVE_IMPORT_RUNNING');
    this.running.add(user.accountId);
    try {
      return await this.write(user, contents, choices);
    } finally {
      this.running.delete(user.accountId);
    }
  }

  private async write(
    user: User,
    contents: ArchiveContents,
    choices: ReadonlyMap<number, DuplicateChoice>,
  ): Promise<ArchiveImportResult> {
    const limit = await this.recipeLimit(user.accountId);
    const photoIds = new Map<number, string>();
    let withoutPhoto = 0;
    // Photos first, each re-encoded like an upload; one that is no image leaves its recipe without.
    for (const [index, recipe] of contents.recipes.entries()) {
      if (!recipe.photo) continue;
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
      const result = { added: 0, replaced: 0, skipped: 0, overLimit: 0 };
      for (const [index, recipe] of contents.recipes.entries()) {
        const fields = archiveRecipeFields(next, recipe, photoIds.get(index));
        const duplicate = findDuplicate(doc, recipe);
        const choice = duplicate ? (choices.get(index) ?? 'skip') : 'keep';
        if (duplicate && choice === 'skip') {
          result.skipped++;
          continue;
        }
        if (duplicate && choice === 'replace') {
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
            recipeActions.update(duplicate.id, { ...cleared, ...changes, name: fields.name }, env),
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
        const before = doc.recipes[id];
        if (before === recipe) continue;
        // A merge patch keeps what it leaves out: a field the replaced recipe no longer has is null.
        const gone = Object.keys(before ?? {}).filter((field) => !(field in recipe));
        patch[id] = { ...Object.fromEntries(gone.map((field) => [field, null])), ...recipe };
      }
      try {
        const written = Object.keys(patch).length
          ? await this.documents.patch(
              { accountId: user.accountId, kind: 'recipes', ifMatch: etag, idempotencyKey: undefined },
              { recipes: patch },
            )
          : { etag };
        return { format: contents.format, ...result, withoutPhoto, etag: written.etag };
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

/** The file's recipes, or the 400 that says what is wrong with it. */
function read(bytes: Uint8Array): ArchiveContents {
  try {
    return readRecipeArchive(bytes);
  } catch (error) {
    if (error instanceof ArchiveError) throw new AppError(error.code, { params: error.params });
    throw error;
  }
}
