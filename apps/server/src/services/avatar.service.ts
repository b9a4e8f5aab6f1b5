import crypto from 'node:crypto';
import { AppError } from '../errors/app-error.js';
import type { User } from '../repositories/user.repository.js';
import type { ServiceDeps } from './deps.js';
import { loadSharp } from './sharp.js';

/** Largest upload accepted, in bytes (5 MB). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Width and height of a stored avatar. */
export const AVATAR_SIZE = 256;

// Raster formats only: SVG would let an upload reference other resources.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** A served avatar: the JPEG and whether it is the version the URL's etag names. */
export interface AvatarImage {
  image: Buffer;
  etag: string;
  current: boolean;
}

/**
 * Avatars: every upload is decoded and re-encoded by sharp as a 256 px square JPEG, so whatever was
 * uploaded (metadata, a polyglot file, a huge image) never reaches another browser as is.
 */
export class AvatarService {
  private defaultImage: Promise<Buffer> | undefined;

  constructor(private readonly deps: ServiceDeps) {}

  /** Stores a new avatar for the user; returns its etag. 400 AVATAR_NOT_IMAGE for anything else. */
  async upload(user: User, upload: Buffer): Promise<string> {
    if (upload.length > AVATAR_MAX_BYTES) throw new AppError('AVATAR_TOO_LARGE');
    let image: Buffer;
    const sharp = await loadSharp();
    try {
      const input = sharp(upload, { limitInputPixels: 50_000_000, failOn: 'error' });
      const { format } = await input.metadata();
      if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`format ${format ?? 'unknown'}`);
      image = await input
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch {
      throw new AppError('AVATAR_NOT_IMAGE');
    }
    const etag = crypto.createHash('sha256').update(image).digest('hex').slice(0, 20);
    const now = this.deps.now().toISOString();
    await this.deps.store.transaction(async (tx) => {
      await tx.avatars.save(user.id, { etag, image }, now);
      await tx.users.setAvatarEtag(user.id, etag);
    });
    const linked = await this.deps.store.follows.listRelatedUserIds(user.id);
    const members = await this.deps.store.users.listByAccount(user.accountId);
    await this.deps.feed
      .publish({ type: 'users', userIds: [...new Set([user.id, ...linked, ...members.map((m) => m.id)])] })
      .catch(() => undefined);
    return etag;
  }

  /**
   * A user's avatar, for someone who may see it: the user, anyone in the same account, a follower
   * the user approved, and anyone who asked to follow the viewer (the Followers card shows them).
   * Undefined when the user has none (the client then shows the default image).
   */
  async get(viewer: User, userId: string, etag: string): Promise<AvatarImage | undefined> {
    if (viewer.id !== userId && !(await this.maySee(viewer, userId))) throw new AppError('FORBIDDEN');
    const avatar = await this.deps.store.avatars.find(userId);
    if (!avatar) return undefined;
    return { image: avatar.image, etag: avatar.etag, current: avatar.etag === etag };
  }

  private async maySee(viewer: User, userId: string): Promise<boolean> {
    const target = await this.deps.store.users.findById(userId);
    if (!target) return false;
    if (target.accountId === viewer.accountId) return true;
    const [following, followedBy] = await Promise.all([
      this.deps.store.follows.findByPair(viewer.id, userId),
      this.deps.store.follows.findByPair(userId, viewer.id),
    ]);
    return Boolean(following?.isApproved || followedBy);
  }

  /** The default avatar (`/images/avatar.jpeg`): a neutral silhouette, drawn once. */
  defaultAvatar(): Promise<Buffer> {
    this.defaultImage ??= loadSharp().then((sharp) =>
      sharp(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR_SIZE}" height="${AVATAR_SIZE}" viewBox="0 0 256 256">` +
            '<rect width="256" height="256" fill="#d9e4dc"/>' +
            '<circle cx="128" cy="100" r="48" fill="#8fa897"/>' +
            '<path d="M40 240c0-52 40-84 88-84s88 32 88 84z" fill="#8fa897"/></svg>',
        ),
      )
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
    return this.defaultImage;
  }
}
