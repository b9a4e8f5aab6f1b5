import type { DocumentHead } from '../repositories/document.repository.js';
import type { Session } from '../repositories/session.repository.js';
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
  /**
   * When the request asked for it (a GET of a document): that document's head in the user's
   * account, read by the same statement as the session (`head` undefined when there is none).
   */
  document?: { kind: string; head: DocumentHead | undefined };
}

/** A session as `SessionService.lookup` finds it, before any renewal. */
export type SessionLookup = Omit<SessionContext, 'renewed'> & { renewDue: boolean };

/** A session as `SessionService.lookupNow` finds it: whose account, the document's version, renewal due. */
export interface RevalidationLookup {
  accountId: string;
  /** The version of the account's document asked for; undefined when the account has none. */
  version: number | undefined;
  renewDue: boolean;
}

/**
 * True when `resolve` pushes the expiry (milliseconds since 1970) out now: the last push was a day
 * ago or more.
 */
function isRenewalDue(expiresAt: number, now: Date): boolean {
  return now.getTime() > expiresAt - SESSION_TTL_MS + EXTEND_AFTER_MS;
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

  /**
   * The signed-in user for a cookie token, or undefined when it is unknown or expired. With
   * `documentKind`, the head of that document of the user's account comes with it, from the same
   * read of the database (docs/ARCHITECTURE.md "Database").
   */
  async resolve(token: string, documentKind?: string): Promise<SessionContext | undefined> {
    const now = this.deps.now();
    const found = await this.find(token, documentKind, now);
    if (!found) return undefined;
    const { user, sessionHash, renewDue: renewed, document } = found;
    if (renewed) await this.deps.store.sessions.extend(sessionHash, isoAfter(now, SESSION_TTL_MS));
    return document ? { user, sessionHash, renewed, document } : { user, sessionHash, renewed };
  }

  /**
   * As `resolve`, without writing anything: `renewDue` says that `resolve` would push the expiry out
   * now (and the cookie be sent again). For the revalidation fast path (`http/revalidation.ts`), which
   * answers only when there is nothing to write and leaves the rest to `resolve`.
   */
  lookup(token: string, documentKind?: string): Promise<SessionLookup | undefined> {
    return this.find(token, documentKind, this.deps.now());
  }

  /**
   * As `lookup` of a document, for the revalidation fast path, at once: on SQLite outside a
   * transaction, with no promise, one read of only what a 304 needs, or what that read found while
   * nothing in the database may have changed since (`findRevalidationHeadNow`); null when there is
   * no valid session. Undefined when the database cannot answer at once (PostgreSQL; a transaction
   * open on SQLite's connection): then `lookup` answers. Same rules as `lookup`: the same
   * statement's tables and conditions, the same expiry and renewal.
   */
  lookupNow(token: string, documentKind: string): RevalidationLookup | null | undefined {
    const now = this.deps.now();
    const head = this.deps.store.sessions.findRevalidationHeadNow(hashToken(token), now, documentKind);
    if (!head) return head;
    return { accountId: head.accountId, version: head.version, renewDue: isRenewalDue(head.expiresAt, now) };
  }

  private async find(
    token: string,
    documentKind: string | undefined,
    now: Date,
  ): Promise<SessionLookup | undefined> {
    const sessionHash = hashToken(token);
    const sessions = this.deps.store.sessions;
    let found: { session: Session; user: User } | undefined;
    let document: SessionContext['document'];
    if (documentKind === undefined) {
      found = await sessions.findValidWithUser(sessionHash, now.toISOString());
    } else {
      const withHead = await sessions.findValidWithUserAndHead(sessionHash, now.toISOString(), documentKind);
      found = withHead;
      if (withHead) document = { kind: documentKind, head: withHead.head };
    }
    if (!found) return undefined;
    const renewDue = isRenewalDue(Date.parse(found.session.expiresAt), now);
    return document
      ? { user: found.user, sessionHash, renewDue, document }
      : { user: found.user, sessionHash, renewDue };
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
