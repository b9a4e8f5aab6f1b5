/**
 * Test doubles for the data layer: storage in a Map, an in-memory server holding the four documents
 * with the wire rules of ARCHITECTURE.md (ETag, 304, If-Match 409, Idempotency-Key replay), and a
 * manual leader election.
 */
import {
  applyMergePatch,
  emptyDocument,
  type AnyDocument,
  type DocumentKind,
  type Json,
  type SyncStorage,
  type Transport,
} from '@mealplan/core';
import type { LeaderElection, LeadershipListener } from './tab-leader';

/** `SyncStorage` over a Map, shaped enough like `Storage` for the prefix helpers. */
export class MemoryStorage implements SyncStorage {
  readonly data = new Map<string, string>();
  failWrites = false;

  get(key: string): string | null {
    return this.data.get(key) ?? null;
  }

  set(key: string, value: string): void {
    if (this.failWrites) throw new DOMException('full', 'QuotaExceededError');
    this.data.set(key, value);
  }

  remove(key: string): void {
    this.data.delete(key);
  }
}

/** The four documents of one account on a fake server. */
export class FakeServer {
  readonly docs = new Map<DocumentKind, { doc: AnyDocument; version: number }>();
  readonly keys = new Map<string, string>();
  readonly patches: { kind: DocumentKind; patch: Json; key: string }[] = [];
  offline = false;
  /** Refuses a patch for good (as the real server does with 400/403), e.g. over a plan limit. */
  refuse: ((kind: DocumentKind, patch: Json) => { status: number; code?: string; message?: string } | undefined) | undefined;

  doc<K extends DocumentKind>(kind: K): AnyDocument {
    return this.entry(kind).doc;
  }

  etag(kind: DocumentKind): string {
    return `"${this.entry(kind).version}-${kind}"`;
  }

  /** A change made by someone else (a co-planner). */
  change(kind: DocumentKind, patch: Json): void {
    const entry = this.entry(kind);
    this.docs.set(kind, { doc: applyMergePatch(entry.doc, patch), version: entry.version + 1 });
  }

  transport(kind: DocumentKind): Transport<AnyDocument> {
    return {
      fetch: async (ifNoneMatch) => {
        if (this.offline) return { status: 'network-error' };
        if (ifNoneMatch === this.etag(kind)) return { status: 304 };
        return { status: 200, doc: structuredClone(this.doc(kind)), etag: this.etag(kind) };
      },
      patch: async (patch, ifMatch, key) => {
        if (this.offline) return { status: 'network-error' };
        const done = this.keys.get(key);
        if (done) return { status: 200, etag: done };
        if (ifMatch !== this.etag(kind)) return { status: 409, etag: this.etag(kind) };
        const refusal = this.refuse?.(kind, patch);
        if (refusal) return refusal;
        this.change(kind, structuredClone(patch));
        this.patches.push({ kind, patch, key });
        this.keys.set(key, this.etag(kind));
        return { status: 200, etag: this.etag(kind) };
      },
    };
  }

  private entry(kind: DocumentKind) {
    let entry = this.docs.get(kind);
    if (!entry) {
      entry = { doc: emptyDocument(kind), version: 1 };
      this.docs.set(kind, entry);
    }
    return entry;
  }
}

/** An election the test decides: `grant()` makes the tab leader, `revoke()` takes it away. */
export class ManualElection {
  listener: LeadershipListener | undefined;
  released = false;

  readonly elect = (onChange: LeadershipListener): LeaderElection => {
    this.listener = onChange;
    const release = () => {
      this.released = true;
    };
    return { isLeader: false, release };
  };

  grant(): void {
    this.listener?.(true);
  }

  revoke(): void {
    this.listener?.(false);
  }
}

/** Lets queued microtasks and resolved promises run. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await Promise.resolve();
}
