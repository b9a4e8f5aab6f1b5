import { applyMergePatch, LAST_CATEGORY_ERROR, planLimits, type DocumentKind } from '@mealplan/core';
import { AppError } from '../errors/app-error.js';
import { documentEtag, etagMatchesStrong, notModifiedEtag } from './etag.js';
import { parse } from '../errors/validate.js';
import type { DocumentHead, EntityRow } from '../repositories/document.repository.js';
import type { Repositories } from '../repositories/store.js';
import type { ServiceDeps } from './deps.js';
import { LAYOUTS, serialize, toRows } from './document-layout.js';

/** A document as served: its ETag and its JSON text as UTF-8 (the same Buffer while the version stands). */
export interface DocumentSnapshot {
  etag: string;
  body: Buffer;
}

/** The outcome of a PUT or PATCH. `replayed` means an earlier push with the same key already applied it. */
export interface WriteResult {
  etag: string;
  changed: boolean;
  replayed: boolean;
}

/** A push: who, which document, which version it was based on, and its idempotency key. */
export interface WriteRequest {
  accountId: string;
  kind: DocumentKind;
  ifMatch: string | string[] | undefined;
  idempotencyKey: string | undefined;
}

// Only an unescaped `"isDeleted":true` in a recipe's JSON marks it deleted: inside a string value the
// quotes would be escaped, so this substring cannot appear by accident.
const DELETED_MARKER = '"isDeleted":true';
const IDEMPOTENCY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const CACHE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The four synced documents of an account, stored as rows (ARCHITECTURE.md "Storage"). Reads are
 * served from an in-memory copy keyed by version (checked against the database on every read, so it
 * is safe with several processes). Writes run in one transaction: idempotency key, version check,
 * changed rows only, new version; the live-update event goes out after commit.
 */
export class DocumentService {
  private readonly cache = new Map<string, { version: number; body: Buffer }>();
  private cacheBytes = 0;

  constructor(private readonly deps: ServiceDeps) {}

  /** The current ETag of a document. */
  async etag(accountId: string, kind: DocumentKind): Promise<string> {
    const head = await this.deps.store.documents.head(accountId, kind);
    if (!head) throw new AppError('NOT_FOUND');
    return documentEtag(accountId, kind, head.version);
  }

  /** The ETags of the four documents of each account, keyed `${accountId}:${kind}`. */
  async etags(accountIds: string[]): Promise<Map<string, string>> {
    const versions = await this.deps.store.documents.versions(accountIds);
    return new Map(
      versions.map((v) => [`${v.accountId}:${v.doc}`, documentEtag(v.accountId, v.doc, v.version)]),
    );
  }

  /**
   * The document's ETag and, unless the caller already holds that version, its JSON text. `known`
   * is its head when the caller has just read it (with the session, `SessionContext.document`).
   */
  async read(
    accountId: string,
    kind: DocumentKind,
    ifNoneMatch?: string | string[],
    known?: { head: DocumentHead | undefined },
  ): Promise<DocumentSnapshot | { etag: string; notModified: true }> {
    const head = known ? known.head : await this.deps.store.documents.head(accountId, kind);
    if (!head) throw new AppError('NOT_FOUND');
    const { etag, notModified } = notModifiedEtag(accountId, kind, head.version, ifNoneMatch);
    if (notModified) return { etag, notModified: true };
    const key = `${accountId}:${kind}`;
    const cached = this.cache.get(key);
    if (cached && cached.version === head.version) {
      // Re-insert so the Map's order is least recently used first.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return { etag, body: cached.body };
    }
    // The head is read before the rows: if a push lands in between, the body is newer than the ETag,
    // which costs the client at most one 409 and refetch, never a missed change.
    const rows = await this.deps.store.documents.entities(accountId, kind);
    const body = Buffer.from(serialize(kind, head.meta, rows));
    this.remember(key, head.version, body);
    return { etag, body };
  }

  /** Replaces the whole document (PUT). */
  async replace(request: WriteRequest, document: unknown): Promise<WriteResult> {
    const layout = LAYOUTS[request.kind];
    const valid = parse(layout.schema, document) as Record<string, unknown>;
    const { meta, rows } = toRows(request.kind, valid);
    return this.write(request, async (tx) => {
      const existing = await tx.documents.entities(request.accountId, request.kind);
      const before = new Map(existing.map((r) => [`${r.collection}\u0000${r.id}`, r]));
      const upserts: EntityRow[] = [];
      for (const row of rows) {
        const key = `${row.collection}\u0000${row.id}`;
        if (before.get(key)?.data !== row.data) upserts.push(row);
        before.delete(key);
      }
      const removals = [...before.values()];
      if (request.kind === 'recipes') checkLastCategories(existing, rows);
      await this.checkPlan(tx, request, existing, rows);
      return { meta, upserts, removals };
    });
  }

  /** Applies an RFC 7386 merge patch keyed by entity id (PATCH). */
  async patch(request: WriteRequest, patch: unknown): Promise<WriteResult> {
    const layout = LAYOUTS[request.kind];
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) {
      throw new AppError('BAD_REQUEST', { message: 'A merge patch must be a JSON object' });
    }
    const members = Object.entries(patch as Record<string, unknown>);
    for (const [name, value] of members) {
      const collection = layout.collections[name];
      if (!collection) continue;
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw new AppError('BAD_REQUEST', { message: `${name} must be an object keyed by id` });
      }
      for (const id of Object.keys(value)) parse(collection.key, id, `${name}.${id}`);
    }
    return this.write(request, async (tx, head) => {
      const upserts: EntityRow[] = [];
      const removals: EntityRow[] = [];
      const metaPatch: Record<string, unknown> = {};
      const touchedBefore: EntityRow[] = [];
      const touchedAfter: EntityRow[] = [];
      for (const [name, value] of members) {
        const collection = layout.collections[name];
        if (!collection) {
          metaPatch[name] = value;
          continue;
        }
        const changes = value as Record<string, unknown>;
        const stored = await tx.documents.entitiesById(
          request.accountId,
          request.kind,
          name,
          Object.keys(changes),
        );
        for (const [id, change] of Object.entries(changes)) {
          const current = stored.get(id);
          if (current !== undefined) touchedBefore.push({ collection: name, id, data: current });
          if (change === null) {
            if (current !== undefined) removals.push({ collection: name, id, data: current });
            continue;
          }
          const next = applyMergePatch(current === undefined ? undefined : JSON.parse(current), change);
          const entity = parse(collection.entity, next, `${name}.${id}`) as unknown;
          if (collection.hasId && (entity as { id?: unknown }).id !== id) {
            throw new AppError('BAD_REQUEST', { message: `${name}.${id}.id must equal its key "${id}"` });
          }
          const data = JSON.stringify(entity);
          touchedAfter.push({ collection: name, id, data });
          if (data !== current) upserts.push({ collection: name, id, data });
        }
      }
      let meta = head.meta;
      if (Object.keys(metaPatch).length) {
        const nextMeta = parse(layout.meta, applyMergePatch(JSON.parse(head.meta), metaPatch));
        meta = JSON.stringify(nextMeta);
      }
      if (request.kind === 'recipes' && touchedBefore.some((r) => r.collection === 'categories')) {
        const all = (await tx.documents.entities(request.accountId, request.kind)).filter(
          (r) => r.collection === 'categories',
        );
        const changed = new Map(
          touchedAfter.filter((r) => r.collection === 'categories').map((r) => [r.id, r]),
        );
        const gone = new Set(removals.filter((r) => r.collection === 'categories').map((r) => r.id));
        const after = all.filter((r) => !gone.has(r.id)).map((r) => changed.get(r.id) ?? r);
        for (const row of changed.values()) if (!all.some((r) => r.id === row.id)) after.push(row);
        checkLastCategories(all, after);
      }
      await this.checkPlan(tx, request, touchedBefore, touchedAfter);
      return { meta, upserts, removals };
    });
  }

  /** Forgets idempotency keys older than a week. */
  async purgeIdempotencyKeys(): Promise<void> {
    await this.deps.store.idempotency.purge(
      new Date(this.deps.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
    );
  }

  private async write(
    request: WriteRequest,
    plan: (
      tx: Repositories,
      head: { version: number; meta: string },
    ) => Promise<{ meta: string; upserts: EntityRow[]; removals: EntityRow[] }>,
  ): Promise<WriteResult> {
    const { accountId, kind, idempotencyKey } = request;
    if (!request.ifMatch) throw new AppError('PRECONDITION_REQUIRED');
    const result = await this.deps.store.transaction(async (tx): Promise<WriteResult> => {
      if (idempotencyKey) {
        const claimed = await tx.idempotency.claim(
          accountId,
          idempotencyKey,
          kind,
          this.deps.now().toISOString(),
        );
        if (!claimed) {
          const earlier = await tx.idempotency.find(accountId, idempotencyKey);
          if (!earlier || earlier.doc !== kind) throw new AppError('IDEMPOTENCY_KEY_REUSED');
          return { etag: earlier.etag, changed: false, replayed: true };
        }
      }
      const head = await tx.documents.lockHead(accountId, kind);
      if (!head) throw new AppError('NOT_FOUND');
      const current = documentEtag(accountId, kind, head.version);
      if (!etagMatchesStrong(request.ifMatch, current)) {
        throw new AppError('VERSION_CONFLICT', { headers: { etag: current } });
      }
      const { meta, upserts, removals } = await plan(tx, head);
      const changed = upserts.length > 0 || removals.length > 0 || meta !== head.meta;
      let etag = current;
      if (changed) {
        for (const [collection, ids] of groupIds(removals)) {
          await tx.documents.remove(accountId, kind, collection, ids);
        }
        await tx.documents.upsert(accountId, kind, upserts);
        await tx.documents.setHead(accountId, kind, { version: head.version + 1, meta });
        etag = documentEtag(accountId, kind, head.version + 1);
      }
      if (idempotencyKey) await tx.idempotency.complete(accountId, idempotencyKey, etag);
      return { etag, changed, replayed: false };
    });
    if (result.changed) {
      await this.deps.feed
        .publish({ type: 'doc', accountId, doc: kind, etag: result.etag })
        .catch((error: unknown) =>
          this.deps.log.error({ err: error }, 'Publishing a document change failed'),
        );
    }
    return result;
  }

  /**
   * Plan limits (docs/BEHAVIOUR.md §1): refuses a push that grows the number of live recipes or of stores past the
   * account's plan. Edits that do not add any are always allowed, even above the limit.
   */
  private async checkPlan(
    tx: Repositories,
    request: WriteRequest,
    before: EntityRow[],
    after: EntityRow[],
  ): Promise<void> {
    const live = (rows: EntityRow[], collection: string) =>
      rows.filter((r) => r.collection === collection && !r.data.includes(DELETED_MARKER)).length;
    const checks: {
      collection: string;
      limit: 'recipes' | 'stores';
      code: 'PLAN_LIMIT_RECIPES' | 'PLAN_LIMIT_STORES';
    }[] = [];
    if (request.kind === 'recipes')
      checks.push({ collection: 'recipes', limit: 'recipes', code: 'PLAN_LIMIT_RECIPES' });
    if (request.kind === 'groceries')
      checks.push({ collection: 'stores', limit: 'stores', code: 'PLAN_LIMIT_STORES' });
    for (const check of checks) {
      const growth = live(after, check.collection) - live(before, check.collection);
      if (growth <= 0) continue;
      const account = await tx.accounts.findById(request.accountId);
      const limit = planLimits(account?.plan)[check.limit];
      if (!Number.isFinite(limit)) continue;
      const total = await tx.documents.count(request.accountId, request.kind, check.collection);
      const deleted =
        check.collection === 'recipes'
          ? await tx.documents.countContaining(
              request.accountId,
              request.kind,
              check.collection,
              DELETED_MARKER,
            )
          : 0;
      // Counts are of the rows before this push; add what it grows by.
      if (total - deleted + growth > limit) throw new AppError(check.code, { params: { limit } });
    }
  }

  private remember(key: string, version: number, body: Buffer): void {
    const old = this.cache.get(key);
    if (old) this.cacheBytes -= old.body.length;
    this.cache.delete(key);
    this.cache.set(key, { version, body });
    this.cacheBytes += body.length;
    for (const [oldest, entry] of this.cache) {
      if (this.cacheBytes <= CACHE_LIMIT_BYTES) break;
      this.cache.delete(oldest);
      this.cacheBytes -= entry.body.length;
    }
  }
}

/**
 * The last category of a meal type cannot be removed (docs/BEHAVIOUR.md §5), whether by removing it or by moving
 * it to another meal type; the reducers refuse it, and so does the server for any client.
 */
function checkLastCategories(before: EntityRow[], after: EntityRow[]): void {
  const mealTypes = (rows: EntityRow[]) => {
    const counts = new Map<string, number>();
    for (const row of rows) {
      if (row.collection !== 'categories') continue;
      const mealType = (JSON.parse(row.data) as { mealType?: string }).mealType ?? '';
      counts.set(mealType, (counts.get(mealType) ?? 0) + 1);
    }
    return counts;
  };
  const had = mealTypes(before);
  const has = mealTypes(after);
  for (const mealType of had.keys()) {
    if (!has.get(mealType)) throw new AppError('BAD_REQUEST', { message: LAST_CATEGORY_ERROR });
  }
}

function groupIds(rows: EntityRow[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const ids = groups.get(row.collection) ?? [];
    ids.push(row.id);
    groups.set(row.collection, ids);
  }
  return groups;
}
