import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeSyncServer } from './fake-server.test-helpers.js';
import { emptySimDoc, simModel, type SimDoc } from './simulation-model.test-helpers.js';
import { runSimulation } from './simulation.test-helpers.js';
import type { Transport } from './types.js';

const print = (globalThis as { console?: { info(...args: unknown[]): void } }).console?.info;

describe('sync simulation against the in-memory server', () => {
  it('converges with every action applied exactly once (5 clients, 1,000 actions)', async () => {
    const server = new FakeSyncServer(emptySimDoc);
    const started = Date.now();
    const report = await runSimulation({ seed: 1, model: simModel, connect: () => server.transport() });
    const { doc, ...figures } = report;
    print?.('sync simulation', { ...figures, server: server.stats, realMs: Date.now() - started });

    expect(report.problems).toEqual([]);
    expect(Object.keys(doc.items).length).toBeGreaterThan(10);
    // The run must really have exercised the failure paths, or passing proves little.
    expect(report).toMatchObject({ clients: 5, actions: 1000 });
    for (const figure of [
      'droppedRequests',
      'droppedResponses',
      'duplicated',
      'conflicts',
      'reloads',
    ] as const)
      expect(report[figure], figure).toBeGreaterThan(10);
    expect(report.droppedActions).toBeGreaterThan(0);
    expect(server.stats.replayed).toBeGreaterThan(10);
  }, 20_000); // well under a second on an idle machine; generous for a loaded CI box

  it('converges for any seed (shorter runs)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const server = new FakeSyncServer(emptySimDoc);
        const report = await runSimulation({
          seed,
          model: simModel,
          actions: 300,
          connect: () => server.transport(),
        });
        expect(report.problems).toEqual([]);
      }),
      { numRuns: 10, endOnFailure: true },
    );
  }, 30_000);

  it('catches a server that applies a retried Idempotency-Key again', async () => {
    const server = new FakeSyncServer(emptySimDoc);
    let keys = 0;
    const forgetful = (): Transport<SimDoc> => {
      const inner = server.transport();
      return {
        fetch: inner.fetch,
        patch: (patch, ifMatch, _key, options) => inner.patch(patch, ifMatch, `k${++keys}`, options),
      };
    };
    const report = await runSimulation({ seed: 1, model: simModel, actions: 300, connect: forgetful });
    expect(report.problems.join('\n')).toMatch(/appears 2 times|bumps were dispatched|increments dispatched/);
  });
});
