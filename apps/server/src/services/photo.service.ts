import { AppError } from '../errors/app-error.js';
import type { PhotoSize, RecipePhoto } from '../repositories/photo.repository.js';
import type { User } from '../repositories/user.repository.js';
import { fetchImage, type SafeFetchOptions } from '../security/safe-fetch.js';
import { newId } from '../security/tokens.js';
import type { ServiceDeps } from './deps.js';
import type { DocumentService } from './document.service.js';
import { loadSharp } from './sharp.js';

/** Largest photo accepted, uploaded or fetched, in bytes: a phone camera's full-size JPEG or HEIC fits. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Edge of the square thumbnail (lists, agenda rows): sharp on a 3x screen at 48 px and under. */
export const PHOTO_THUMB_SIZE = 160;
/** Longest edge of the display size (the recipe view's hero, print). */
export const PHOTO_DISPLAY_SIZE = 1280;
/** A photo no recipe names is cleared away once it is this old (an upload whose form was cancelled). */
export const PHOTO_UNUSED_MS = 24 * 60 * 60 * 1000;

// Raster formats only: SVG could reference other resources.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** Fetches a page's image under the guards of safe-fetch.ts; replaceable in tests. */
export type ImageFetcher = typeof fetchImage;

/**
 * Recipe photos (docs/DOCUMENTS.md "Photos"). Whatever arrives, an upload or a page's image, is
 * decoded and re-encoded by sharp into two WebP sizes, so no metadata (a phone's GPS position) and
 * no crafted file ever reaches another browser as it came. The recipes document holds only the
 * photo's id; the bytes are served by id to the account and its approved followers, nobody else.
 */
export class PhotoService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly documents: DocumentService,
    private readonly fetcher: ImageFetcher = fetchImage,
    private readonly fetchOptions: Partial<SafeFetchOptions> = {},
  ) {}

  /** Stores an uploaded photo for the user's account; returns its id. */
  async upload(user: User, bytes: Buffer): Promise<string> {
    if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('PHOTO_TOO_LARGE');
    const sizes = await encode(bytes);
    return this.store(user.accountId, sizes);
  }

  /**
   * Fetches a recipe page's image (the server fetches it, never the browser) and stores it as a
   * photo of the account; undefined, logged, when the address is refused or the file is no image:
   * the recipe is imported without a photo rather than not at all.
   */
  async fromUrl(user: User, url: string | null | undefined): Promise<string | undefined> {
    if (!url?.trim()) return undefined;
    try {
      const image = await this.fetcher(url, {
        allowPrivate: this.deps.config.importAllowPrivateAddresses,
        timeoutMs: this.deps.config.importTimeoutMs,
        maxBytes: PHOTO_MAX_BYTES,
        maxRedirects: 5,
        ...this.fetchOptions,
      });
      return await this.store(user.accountId, await encode(image.bytes));
    } catch (error) {
      this.deps.log.warn({ err: error, url }, 'A recipe page image could not be stored');
      return undefined;
    }
  }

  /**
   * One size of a photo for `viewer`: their account's, or one of an account whose user approved
   * them as a follower. Anything else is 404, so a stranger cannot even learn that the id exists.
   */
  async get(viewer: User, id: string, size: PhotoSize): Promise<Buffer> {
    const photo = await this.deps.store.photos.findSize(id, size);
    if (!photo) throw new AppError('NOT_FOUND');
    if (photo.accountId !== viewer.accountId) {
      const followed = await this.deps.store.follows.listApprovedFollowed(viewer.id);
      if (!followed.some((entry) => entry.accountId === photo.accountId)) throw new AppError('NOT_FOUND');
    }
    return photo.image;
  }

  /**
   * A copy, in the viewer's account, of a photo they may see (a followed user's recipe copied into
   * their Test Kitchen), so the copy keeps its photo when the follow ends. 404 as for `get`.
   */
  async copy(viewer: User, id: string): Promise<string> {
    const thumb = await this.get(viewer, id, 'thumb');
    const display = await this.get(viewer, id, 'display');
    return this.store(viewer.accountId, { thumb, display });
  }

  /** Every photo of an account (the account export). */
  list(accountId: string): Promise<RecipePhoto[]> {
    return this.deps.store.photos.listByAccount(accountId);
  }

  /**
   * Stores exported photos in an account (the account import), each re-encoded like an upload so a
   * hand-edited file cannot bring in anything else. A photo keeps its id unless another account
   * holds that id (an export imported into a second account); the map gives each new id.
   */
  async restore(
    accountId: string,
    photos: readonly { id: string; thumb: Buffer; display: Buffer; createdAt: string }[],
  ): Promise<Map<string, string>> {
    const renamed = new Map<string, string>();
    const checked: RecipePhoto[] = [];
    for (const photo of photos) {
      const owner = await this.deps.store.photos.accountOf(photo.id);
      const id = owner === undefined || owner === accountId ? photo.id : newId();
      if (id !== photo.id) renamed.set(photo.id, id);
      const [thumb, display] = await Promise.all([reencode(photo.thumb), reencode(photo.display)]);
      checked.push({ id, accountId, thumb, display, createdAt: photo.createdAt });
    }
    await this.deps.store.transaction(async (tx) => {
      for (const photo of checked) await tx.photos.save(photo);
    });
    return renamed;
  }

  private async store(accountId: string, sizes: { thumb: Buffer; display: Buffer }): Promise<string> {
    const id = newId();
    await this.deps.store.photos.save({ id, accountId, ...sizes, createdAt: this.deps.now().toISOString() });
    await this.clearUnused(accountId).catch((error: unknown) =>
      this.deps.log.warn({ err: error, accountId }, 'Clearing unused recipe photos failed'),
    );
    return id;
  }

  /**
   * Deletes the account's photos that no recipe names (deleted recipes included: they can come
   * back) once they are a day old: uploads whose form was cancelled, photos replaced since.
   */
  private async clearUnused(accountId: string): Promise<void> {
    const before = new Date(this.deps.now().getTime() - PHOTO_UNUSED_MS).toISOString();
    const old = await this.deps.store.photos.listOlderThan(accountId, before);
    if (old.length === 0) return;
    const snapshot = await this.documents.read(accountId, 'recipes');
    if ('notModified' in snapshot) return;
    const doc = JSON.parse(snapshot.body.toString('utf8')) as {
      recipes?: Record<string, { photoId?: string }>;
    };
    const named = new Set(Object.values(doc.recipes ?? {}).map((recipe) => recipe.photoId));
    await this.deps.store.photos.delete(
      accountId,
      old.filter((id) => !named.has(id)),
    );
  }
}

/** A stored size read back from an export: still a WebP image, else PHOTO_NOT_IMAGE. */
async function reencode(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    const input = sharp(bytes, { limitInputPixels: 80_000_000, failOn: 'error' });
    const { format, width = 0, height = 0 } = await input.metadata();
    if (format !== 'webp' || Math.max(width, height) > PHOTO_DISPLAY_SIZE)
      throw new Error('not a stored photo');
    return await input.webp({ quality: 78 }).toBuffer();
  } catch {
    throw new AppError('PHOTO_NOT_IMAGE');
  }
}

/** Both sizes of a photo as WebP, upright, without metadata; PHOTO_NOT_IMAGE for anything else. */
async function encode(bytes: Buffer): Promise<{ thumb: Buffer; display: Buffer }> {
  const sharp = await loadSharp();
  try {
    const input = sharp(bytes, { limitInputPixels: 80_000_000, failOn: 'error' });
    const { format } = await input.metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format ?? 'unknown'}`);
    const upright = input.rotate();
    const [thumb, display] = await Promise.all([
      upright
        .clone()
        .resize(PHOTO_THUMB_SIZE, PHOTO_THUMB_SIZE, { fit: 'cover' })
        .webp({ quality: 70 })
        .toBuffer(),
      upright
        .clone()
        .resize(PHOTO_DISPLAY_SIZE, PHOTO_DISPLAY_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    ]);
    return { thumb, display };
  } catch {
    throw new AppError('PHOTO_NOT_IMAGE');
  }
}
