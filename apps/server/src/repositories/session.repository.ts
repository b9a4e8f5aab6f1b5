import type { Kysely, Selectable } from 'kysely';
import type { Dialect } from '../db/database.js';
import { preparedQuery, sqliteAccessOf } from '../db/prepared.js';
import type { AppUserTable, Database } from '../db/schema.js';
import type { DocumentHead } from './document.repository.js';
import { toUser, type User } from './user.repository.js';

/** A signed-in browser: only the SHA-256 of its cookie token is stored. */
export interface Session {
  tokenHash: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
}

type SessionWithUserRow = Selectable<AppUserTable> & {
  s_token_hash: string;
  s_created_at: string;
  s_expires_at: string;
};

const findValidWithUser = preparedQuery<{ tokenHash: string; now: string }, SessionWithUserRow>(
  'session_with_user',
  (db, p) =>
    db
      .selectFrom('session')
      .innerJoin('app_user', 'app_user.id', 'session.user_id')
      .selectAll('app_user')
      .select([
        'session.token_hash as s_token_hash',
        'session.created_at as s_created_at',
        'session.expires_at as s_expires_at',
      ])
      .where('session.token_hash', '=', p.tokenHash)
      .where('session.expires_at', '>', p.now),
);

type SessionWithUserAndHeadRow = SessionWithUserRow & {
  d_version: number | string | null;
  d_meta: string | null;
};

/**
 * The same lookup, and the head of one of the user's account's documents beside it: a GET of a
 * document, a 304 above all, then needs one read of the database instead of two. The document is
 * a LEFT JOIN, so whether the session is valid does not depend on it.
 */
const findValidWithUserAndHead = preparedQuery<
  { tokenHash: string; now: string; doc: string },
  SessionWithUserAndHeadRow
>('session_with_user_and_head', (db, p) =>
  db
    .selectFrom('session')
    .innerJoin('app_user', 'app_user.id', 'session.user_id')
    .leftJoin('document_version', (join) =>
      join
        .onRef('document_version.account_id', '=', 'app_user.account_id')
        .on('document_version.doc', '=', p.doc),
    )
    .selectAll('app_user')
    .select([
      'session.token_hash as s_token_hash',
      'session.created_at as s_created_at',
      'session.expires_at as s_expires_at',
      'document_version.version as d_version',
      'document_version.meta as d_meta',
    ])
    .where('session.token_hash', '=', p.tokenHash)
    .where('session.expires_at', '>', p.now),
);

/** What the revalidation fast path needs of a session: its account, its expiry, the document's version. */
export interface RevalidationHead {
  accountId: string;
  /** The session's expiry, in milliseconds since 1970. */
  expiresAt: number;
  /** The version of the account's document asked for; undefined when the account has none. */
  version: number | undefined;
}

interface RevalidationRow {
  account_id: string;
  expires_at: string;
  version: number | string | null;
}

/**
 * The statement of `findValidWithUserAndHead` with only what a 304 needs: the same tables, joins and
 * conditions, three columns instead of the user's every one.
 */
const findRevalidationHead = preparedQuery<{ tokenHash: string; now: string; doc: string }, RevalidationRow>(
  'session_revalidation_head',
  (db, p) =>
    db
      .selectFrom('session')
      .innerJoin('app_user', 'app_user.id', 'session.user_id')
      .leftJoin('document_version', (join) =>
        join
          .onRef('document_version.account_id', '=', 'app_user.account_id')
          .on('document_version.doc', '=', p.doc),
      )
      .select([
        'app_user.account_id as account_id',
        'session.expires_at as expires_at',
        'document_version.version as version',
      ])
      .where('session.token_hash', '=', p.tokenHash)
      .where('session.expires_at', '>', p.now),
);

/** How many revalidation heads the SQLite cache holds at most; when full it starts again empty. */
const REVALIDATION_HEADS_LIMIT = 10_000;

function toSessionWithUser(row: SessionWithUserRow): { session: Session; user: User } {
  return {
    session: {
      tokenHash: row.s_token_hash,
      userId: row.id,
      createdAt: row.s_created_at,
      expiresAt: row.s_expires_at,
    },
    user: toUser(row),
  };
}

/** SQL for the `session` table. */
export class SessionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** Inserts a session. */
  async create(session: Session): Promise<void> {
    await this.db
      .insertInto('session')
      .values({
        token_hash: session.tokenHash,
        user_id: session.userId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
      })
      .execute();
  }

  /** The unexpired session with this token hash and its user, in one round trip (every signed-in request). */
  async findValidWithUser(
    tokenHash: string,
    now: string,
  ): Promise<{ session: Session; user: User } | undefined> {
    const row = (await findValidWithUser(this.db, this.dialect, { tokenHash, now })).rows[0];
    return row ? toSessionWithUser(row) : undefined;
  }

  /**
   * As `findValidWithUser`, with the head of the document `doc` of the user's account (undefined when
   * the account has none) read by the same statement (every GET of a document, 304s included).
   */
  async findValidWithUserAndHead(
    tokenHash: string,
    now: string,
    doc: string,
  ): Promise<{ session: Session; user: User; head: DocumentHead | undefined } | undefined> {
    const row = (await findValidWithUserAndHead(this.db, this.dialect, { tokenHash, now, doc })).rows[0];
    if (!row) return undefined;
    const head =
      row.d_version === null || row.d_meta === null
        ? undefined
        : { version: Number(row.d_version), meta: row.d_meta };
    return { ...toSessionWithUser(row), head };
  }

  /**
   * On SQLite, what `findRevalidationHeadNow` read, per document and token hash, good while the
   * connection's stamp is `headsStamp` (docs/ARCHITECTURE.md "The 304 fast path").
   */
  private readonly heads = new Map<string, Map<string, RevalidationHead>>();
  private headsStamp: number | undefined;
  private headsCount = 0;

  /**
   * For the revalidation fast path, on SQLite, at once (no promise): the unexpired session with this
   * token hash, its account and the version of the account's document `doc`; null when there is no
   * such session. Undefined when it cannot be answered at once (PostgreSQL, or a transaction open on
   * the SQLite connection): then `findValidWithUserAndHead` is the way.
   *
   * What it read is kept until anything may have changed in the database: the connection's stamp
   * (`db/prepared.ts`) moves with every write through this process's connection and every commit
   * through any other connection or process, and a moved stamp empties the cache before anything
   * is looked up in it. So an answer from the cache is what the read would answer now, expiry
   * included (checked against `now` on every call).
   */
  findRevalidationHeadNow(tokenHash: string, now: Date, doc: string): RevalidationHead | null | undefined {
    const access = this.dialect === 'sqlite' ? sqliteAccessOf(this.db) : undefined;
    const stamp = access?.stamp();
    if (stamp === undefined) return undefined;
    if (stamp !== this.headsStamp) {
      this.heads.clear();
      this.headsCount = 0;
      this.headsStamp = stamp;
    }
    const cached = this.heads.get(doc)?.get(tokenHash);
    if (cached && cached.expiresAt > now.getTime()) return cached;
    const rows = findRevalidationHead.now(this.db, this.dialect, { tokenHash, now: now.toISOString(), doc });
    if (!rows) return undefined;
    const row = rows[0];
    if (!row) return null;
    const head = {
      accountId: row.account_id,
      expiresAt: Date.parse(row.expires_at),
      version: row.version === null ? undefined : Number(row.version),
    };
    if (this.headsCount >= REVALIDATION_HEADS_LIMIT) {
      this.heads.clear();
      this.headsCount = 0;
    }
    let ofDoc = this.heads.get(doc);
    if (!ofDoc) this.heads.set(doc, (ofDoc = new Map()));
    if (!ofDoc.has(tokenHash)) this.headsCount++;
    ofDoc.set(tokenHash, head);
    return head;
  }

  /** Moves the expiry of a session (sliding expiry). */
  async extend(tokenHash: string, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('session')
      .set({ expires_at: expiresAt })
      .where('token_hash', '=', tokenHash)
      .execute();
  }

  /** Ends one session. */
  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('session').where('token_hash', '=', tokenHash).execute();
  }

  /** Ends every session of the user except, optionally, one. */
  async deleteForUser(userId: string, exceptTokenHash?: string): Promise<void> {
    let query = this.db.deleteFrom('session').where('user_id', '=', userId);
    if (exceptTokenHash) query = query.where('token_hash', '!=', exceptTokenHash);
    await query.execute();
  }

  /** Removes expired sessions. */
  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('session').where('expires_at', '<=', now).execute();
  }
}
