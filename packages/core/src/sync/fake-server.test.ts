import { describe, expect, it } from 'vitest';
import { FakeSyncServer } from './fake-server.test-helpers.js';
import { emptySimDoc } from './simulation-model.test-helpers.js';
import { describeTransportContract } from './transport-contract.test-helpers.js';

describeTransportContract('FakeSyncServer', async () => ({
  transport: new FakeSyncServer(emptySimDoc).transport(),
  patches: [{ total: 1 }, { items: { a: { title: 'A', count: 0, entries: [] } } }],
}));

describe('FakeSyncServer', () => {
  it('refuses a patch that is not an object', async () => {
    const server = new FakeSyncServer(emptySimDoc);
    expect(await server.transport().patch([1], server.etag, 'k', { keepalive: false })).toEqual({
      status: 400,
    });
  });

  it('hands out copies, so clients cannot change the stored document', async () => {
    const server = new FakeSyncServer(emptySimDoc);
    const fetched = await server.transport().fetch();
    if ('doc' in fetched) fetched.doc.total = 99;
    expect(server.doc.total).toBe(0);
  });
});
