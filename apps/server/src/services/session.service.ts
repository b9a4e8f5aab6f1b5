import type { User } from '../repositories/user.repository.js';
import { hashToken, randomToken } from '../security/tokens.js';
import { isoAfter, type ServiceDeps } from './deps.js';

/** How long a session lasts without use; each use (at most daily) pushes the end out again. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000;

/** A resolved session: who is signed in, and the hash that identifies this session. */
export interface SessionContext {
  user: User;
  sessionHash: string;
  /** True when this request pushed the expiry out: the cookie should be re-sent with a fresh Max-Age. */
  renewed: boolean;
}

/**
 * Sessions: a random 256-bit token lives in the cookie, its SHA-256 in the database, so a leaked
 * database cannot be replayed as cookies. Revocable one by one (logout) or all at once (password change).
 */
export class SessionService {
  constructor(private readonly deps: ServiceDeps) {}

  /** Starts a session for the user; returns the cookie token. */
  async start(userId: string): Promise<string> {
    const token = randomToken();
    const now = this.deps.now();
    await this.deps.store.sessions.create({
      tokenHash: hashToken(token),
      userId,
      createdAt: now.toISOString(),
      expiresAt: isoAfter(now, SESSION_TTL_MS),
    });
    return token;
  }

  /** The signed-in user for a cookie token, or undefined when it is unknown or expired. */
  async resolve(token: string): Promise<SessionContext | undefined> {
    const now = this.deps.now();
    const sessionHash = hashToken(token);
    const found = await this.deps.store.sessions.findValidWithUser(sessionHash, now.toISOString());
    if (!found) return undefined;
    const renewAt = Date.parse(found.session.expiresAt) - SESSION_TTL_MS + EXTEND_AFTER_MS;
    const renewed = now.getTime() > renewAt;
    if (renewed) await this.deps.store.sessions.extend(sessionHash, isoAfter(now, SESSION_TTL_MS));
    return { user: found.user, sessionHash, renewed };
  }

  /** Deletes expired sessions (housekeeping). */
  async purgeExpired(): Promise<void> {
    await this.deps.store.sessions.deleteExpired(this.deps.now().toISOString());
  }

  /** Ends the session of this cookie token (logout). */
  async end(token: string): Promise<void> {
    await this.deps.store.sessions.delete(hashToken(token));
  }
}
