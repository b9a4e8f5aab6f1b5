/**
 * An in-memory server for one document with the wire semantics of ARCHITECTURE "Wire protocol":
 * versions with ETags, If-None-Match -> 304, If-Match -> 409 with the current ETag, merge-patch
 * apply, and Idempotency-Key replay (a known key answers 200 with the ETag it produced, before any
 * If-Match check, and applies nothing). The real server must behave the same; the simulation runs
 * against either through the same `Transport`.
 */

import { applyMergePatch, type Json } from './merge-patch.js';
import type { FetchResult, PatchResult, Transport } from './types.js';

/** Counters of what the fake server saw. */
export interface FakeServerStats {
  fetches: number;
  notModified: number;
  patches: number;
  applied: number;
  conflicts: number;
  replayed: number;
}

/** Everything crosses the "wire" as JSON, as it would over HTTP. */
function wire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** One document on a fake server; `transport()` gives each client its own connection to it. */
export class FakeSyncServer<Doc> {
  private version = 1;
  private document: Doc;
  /** Idempotency-Key -> the ETag its push produced. */
  private readonly applied = new Map<string, string>();
  readonly stats: FakeServerStats = {
    fetches: 0,
    notModified: 0,
    patches: 0,
    applied: 0,
    conflicts: 0,
    replayed: 0,
  };

  constructor(initial: Doc) {
    this.document = wire(initial);
  }

  /** The current ETag (quoted, as in the HTTP header). */
  get etag(): string {
    return `"${this.version}"`;
  }

  /** A copy of the stored document. */
  get doc(): Doc {
    return wire(this.document);
  }

  /** `GET /api/{doc}` with an optional If-None-Match. */
  handleFetch(ifNoneMatch?: string): FetchResult<Doc> {
    this.stats.fetches += 1;
    if (ifNoneMatch === this.etag) {
      this.stats.notModified += 1;
      return { status: 304 };
    }
    return { status: 200, doc: this.doc, etag: this.etag };
  }

  /** `PATCH /api/{doc}` with If-Match and Idempotency-Key. */
  handlePatch(patch: Json, ifMatch: string, idempotencyKey: string): PatchResult {
    this.stats.patches += 1;
    const produced = this.applied.get(idempotencyKey);
    if (produced !== undefined) {
      this.stats.replayed += 1;
      return { status: 200, etag: produced };
    }
    if (ifMatch !== this.etag) {
      this.stats.conflicts += 1;
      return { status: 409, etag: this.etag };
    }
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return { status: 400 };
    this.document = applyMergePatch<Doc>(this.document, wire(patch));
    this.version += 1;
    this.applied.set(idempotencyKey, this.etag);
    this.stats.applied += 1;
    return { status: 200, etag: this.etag };
  }

  /** A client's connection: every call is answered asynchronously, as over a network. */
  transport(): Transport<Doc> {
    return {
      fetch: async (ifNoneMatch) => this.handleFetch(ifNoneMatch),
      patch: async (patch, ifMatch, idempotencyKey) => this.handlePatch(wire(patch), ifMatch, idempotencyKey),
    };
  }
}
