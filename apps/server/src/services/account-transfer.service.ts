import { DOCUMENT_KINDS, type DocumentKind } from '@mealplan/core';
import { AppError } from '../errors/app-error.js';
import { parse } from '../errors/validate.js';
import { LAYOUTS } from './document-layout.js';
import type { ServiceDeps } from './deps.js';
import type { DocumentService } from './document.service.js';
import type { PhotoService } from './photo.service.js';

/** What `mealplan export` writes and `mealplan import` reads. */
export const EXPORT_FORMAT = 'mealplan-account';
export const EXPORT_VERSION = 1;

export interface AccountExport {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  user: { email: string; firstName: string; lastName: string; tenantName: string };
  documents: Record<DocumentKind, unknown>;
  /** The recipe photos (both sizes, WebP as base64); older files have none. */
  photos?: ExportedPhoto[];
}

/** One recipe photo in an export file. */
export interface ExportedPhoto {
  id: string;
  createdAt: string;
  thumb: string;
  display: string;
}

const IMPORT_ORDER: readonly DocumentKind[] = ['recipes', 'groceries', 'agenda', 'notes'];

/** A problem the CLI reports in one sentence, without a stack trace. */
export class TransferError extends Error {}

/** What an import changed, per document. */
export type ImportSummary = Record<DocumentKind, 'replaced' | 'unchanged'>;

/**
 * An account's four documents (recipes, agenda, notes, groceries) and its names as one JSON file,
 * and back. The import goes through the same validation, plan limits and version bump as a PUT from
 * the web app, so open clients hear of it and nothing invalid gets in.
 */
export class AccountTransferService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly documents: DocumentService,
    private readonly photos: PhotoService,
  ) {}

  async exportAccount(email: string): Promise<AccountExport> {
    const user = await this.deps.store.users.findByEmail(email);
    if (!user) throw new TransferError(`No user with the e-mail ${email}`);
    const account = await this.deps.store.accounts.findById(user.accountId);
    const documents = {} as Record<DocumentKind, unknown>;
    for (const kind of DOCUMENT_KINDS) {
      const snapshot = await this.documents.read(user.accountId, kind);
      if ('notModified' in snapshot) throw new Error('unreachable: read without If-None-Match');
      documents[kind] = JSON.parse(snapshot.body.toString('utf8'));
    }
    const photos = (await this.photos.list(user.accountId)).map((photo) => ({
      id: photo.id,
      createdAt: photo.createdAt,
      thumb: photo.thumb.toString('base64'),
      display: photo.display.toString('base64'),
    }));
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: this.deps.now().toISOString(),
      user: {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        tenantName: account?.tenantName ?? '',
      },
      documents,
      photos,
    };
  }

  /**
   * Replaces the documents of `email`'s account (the file's own user when `email` is not given) with
   * those of the file. Every document is validated before any is written, so an invalid file changes
   * nothing; a document the file leaves out is kept. The plan-limited documents (recipes, groceries)
   * go first, so a plan refusal most often comes before anything was written.
   */
  async importAccount(
    file: unknown,
    email?: string,
  ): Promise<{ email: string; summary: Partial<ImportSummary>; photos: number }> {
    const data = readExport(file);
    const target = email ?? data.user?.email;
    if (!target) throw new TransferError('The file names no user: give the account with --email');
    const user = await this.deps.store.users.findByEmail(target);
    if (!user) throw new TransferError(`No user with the e-mail ${target}: register first, then import`);
    const kinds = IMPORT_ORDER.filter((kind) => data.documents[kind] !== undefined);
    if (kinds.length === 0) throw new TransferError('The file holds no documents');
    for (const kind of kinds) {
      try {
        parse(LAYOUTS[kind].schema, data.documents[kind], kind);
      } catch (error) {
        if (error instanceof AppError) throw new TransferError(`Nothing was imported: ${error.message}`);
        throw error;
      }
    }
    // Photos first: the recipes written next name them, under new ids where another account holds theirs.
    const renamed = await this.photos.restore(user.accountId, data.photos).catch((error: unknown) => {
      if (error instanceof AppError) throw new TransferError('Nothing was imported: a photo is not an image');
      throw error;
    });
    if (renamed.size > 0) data.documents.recipes = renamePhotos(data.documents.recipes, renamed);
    const summary: Partial<ImportSummary> = {};
    for (const kind of kinds) {
      const etag = await this.documents.etag(user.accountId, kind);
      try {
        const result = await this.documents.replace(
          { accountId: user.accountId, kind, ifMatch: etag, idempotencyKey: undefined },
          data.documents[kind],
        );
        summary[kind] = result.changed ? 'replaced' : 'unchanged';
      } catch (error) {
        if (error instanceof AppError) {
          const done = Object.keys(summary);
          const already = done.length ? ` (already imported: ${done.join(', ')})` : '';
          throw new TransferError(`The ${kind} document was not imported: ${error.message}${already}`);
        }
        throw error;
      }
    }
    return { email: user.email, summary, photos: data.photos.length };
  }
}

/** The file's shape, checked enough to give a clear message; the documents are validated on write. */
function readExport(file: unknown): {
  user?: { email?: string };
  documents: Partial<Record<DocumentKind, unknown>>;
  photos: { id: string; createdAt: string; thumb: Buffer; display: Buffer }[];
} {
  if (!file || typeof file !== 'object') throw new TransferError('The file is not a Mealplan export');
  const data = file as Partial<AccountExport>;
  if (data.format !== EXPORT_FORMAT) throw new TransferError('The file is not a Mealplan export');
  if (data.version !== EXPORT_VERSION) {
    throw new TransferError(
      `Unsupported export version ${String(data.version)} (this Mealplan reads ${EXPORT_VERSION})`,
    );
  }
  if (!data.documents || typeof data.documents !== 'object') {
    throw new TransferError('The file holds no documents');
  }
  const user = data.user && typeof data.user === 'object' ? { email: data.user.email } : undefined;
  return { ...(user ? { user } : {}), documents: data.documents, photos: readPhotos(data.photos) };
}

/** The file's photos, each with an id, a time and two base64 images, or a refusal that names the problem. */
function readPhotos(photos: unknown): { id: string; createdAt: string; thumb: Buffer; display: Buffer }[] {
  if (photos === undefined) return [];
  if (!Array.isArray(photos)) throw new TransferError('Nothing was imported: "photos" is not a list');
  return photos.map((entry: unknown, index) => {
    const photo = (entry ?? {}) as Partial<ExportedPhoto>;
    const valid =
      typeof photo.id === 'string' &&
      /^[\w-]{1,36}$/.test(photo.id) &&
      typeof photo.createdAt === 'string' &&
      typeof photo.thumb === 'string' &&
      typeof photo.display === 'string';
    if (!valid) throw new TransferError(`Nothing was imported: photo ${index + 1} of the file is incomplete`);
    return {
      id: photo.id as string,
      createdAt: photo.createdAt as string,
      thumb: Buffer.from(photo.thumb as string, 'base64'),
      display: Buffer.from(photo.display as string, 'base64'),
    };
  });
}

/** The recipes document with each renamed photo id replaced. */
function renamePhotos(recipes: unknown, renamed: Map<string, string>): unknown {
  const doc = recipes as { recipes?: Record<string, { photoId?: string }> } | undefined;
  if (!doc?.recipes) return recipes;
  const next: Record<string, unknown> = {};
  for (const [id, recipe] of Object.entries(doc.recipes)) {
    const photoId = recipe.photoId && renamed.get(recipe.photoId);
    next[id] = photoId ? { ...recipe, photoId } : recipe;
  }
  return { ...doc, recipes: next };
}
