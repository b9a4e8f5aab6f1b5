/**
 * The wire contract the sync engine relies on (`describeTransportContract` in core: idempotency keys
 * looked up before If-Match, 409 means not applied, the stored document is exactly the patch
 * applied, ETags byte-identical), run against the real server on both backends through the web
 * app's own fetch transport, as the in-memory fake runs it in core.
 */
import type { NotesDocument } from '@mealplan/core';
import { describeTransportContract } from '../../../packages/core/src/sync/transport-contract.test-helpers.js';
import { afterAll, beforeAll, describe } from 'vitest';
import { createFetchTransport } from '../../web/src/data/transport.js';
import { backends, createTestApp } from './test-support/backends.js';
import { injectFetch, signUp } from './test-support/http.js';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

describe.each(backends)('the real server on %s', (dialect) => {
  let ctx: Ctx;
  let users = 0;
  beforeAll(async () => {
    ctx = await createTestApp(dialect);
  });
  afterAll(() => ctx.close());

  describeTransportContract<NotesDocument>('notes document', async () => {
    // A fresh account, so a fresh document, for every case.
    const user = await signUp(ctx.app, `contract-${++users}@example.com`);
    return {
      transport: createFetchTransport<NotesDocument>('/api/notes', { fetch: injectFetch(ctx.app, user) }),
      patches: [{ notes: { '2025-01-01': 'Guests at 7' } }, { notes: { '2025-01-02': 'Dentist at 4' } }],
    };
  });
});
