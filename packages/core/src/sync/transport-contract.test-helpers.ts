/**
 * The wire semantics the sync engine relies on, as one test suite any server can run (like tldraw's
 * storageContractSuite): the in-memory fake runs it here, the real server can run it through a
 * `Transport` built on its routes. If both pass, the simulation's guarantees carry over.
 */

import { describe, expect, it } from 'vitest';
import { applyMergePatch, type Json } from './merge-patch.js';
import type { Transport } from './types.js';

/** A fresh document behind a transport, and two different patches that each change it. */
export interface TransportContractSubject<Doc> {
  transport: Transport<Doc>;
  patches: readonly [Json, Json];
}

async function load<Doc>(transport: Transport<Doc>): Promise<{ doc: Doc; etag: string }> {
  const result = await transport.fetch();
  if (result.status !== 200 || !('doc' in result)) throw new Error(`GET answered ${result.status}`);
  return result;
}

const live = { keepalive: false };

/** Declares the contract tests; `subject` must give a fresh document on every call. */
export function describeTransportContract<Doc>(
  name: string,
  subject: () => Promise<TransportContractSubject<Doc>>,
): void {
  describe(`${name}: sync wire contract`, () => {
    it('answers GET with the document and an ETag, and 304 for If-None-Match of that ETag', async () => {
      const { transport } = await subject();
      const { etag } = await load(transport);
      expect(etag).toMatch(/\S/);
      expect(await transport.fetch(etag)).toEqual({ status: 304 });
      expect((await transport.fetch('"no-such-etag"')).status).toBe(200);
    });

    it('applies a merge patch with a current If-Match and answers the new ETag', async () => {
      const { transport, patches } = await subject();
      const before = await load(transport);
      const result = await transport.patch(patches[0], before.etag, 'contract-1', live);
      expect(result.status).toBe(200);
      const after = await load(transport);
      expect('etag' in result && result.etag).toBe(after.etag);
      expect(after.etag).not.toBe(before.etag);
      expect(after.doc).toEqual(applyMergePatch(before.doc, patches[0]));
    });

    it('answers 409 with the current ETag to a stale If-Match and changes nothing', async () => {
      const { transport, patches } = await subject();
      const first = await load(transport);
      await transport.patch(patches[0], first.etag, 'contract-1', live);
      const current = await load(transport);
      const result = await transport.patch(patches[1], first.etag, 'contract-2', live);
      expect(result.status).toBe(409);
      if ('etag' in result && result.etag !== undefined) expect(result.etag).toBe(current.etag);
      expect(await load(transport)).toEqual(current);
    });

    it('answers a retried Idempotency-Key with the ETag it produced and applies nothing again', async () => {
      const { transport, patches } = await subject();
      const before = await load(transport);
      const first = await transport.patch(patches[0], before.etag, 'contract-1', live);
      const applied = await load(transport);
      expect(await transport.patch(patches[0], before.etag, 'contract-1', live)).toEqual(first);
      expect(await load(transport)).toEqual(applied);
    });

    it('answers a retried key with 200 even after the document moved on (key before If-Match)', async () => {
      const { transport, patches } = await subject();
      const before = await load(transport);
      const first = await transport.patch(patches[0], before.etag, 'contract-1', live);
      const middle = await load(transport);
      await transport.patch(patches[1], middle.etag, 'contract-2', live);
      const latest = await load(transport);
      expect(await transport.patch(patches[0], before.etag, 'contract-1', live)).toEqual(first);
      expect(await load(transport)).toEqual(latest);
    });
  });
}
