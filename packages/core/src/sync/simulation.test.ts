import { describe, expect, it } from 'vitest';
import { FakeSyncServer } from './fake-server.test-helpers.js';
import { emptySimDoc, simModel } from './simulation-model.test-helpers.js';
import { runSimulation } from './simulation.test-helpers.js';

describe('sync simulation against the in-memory server', () => {
  it('converges with every action applied exactly once (5 clients, 1,000 actions)', async () => {
    const server = new FakeSyncServer(emptySimDoc);
    const started = Date.now();
    const report = await runSimulation({ seed: 1, model: simModel, connect: () => server.transport() });
    const { doc: _doc, ...figures } = report;
    (globalThis as { console?: { info(...args: unknown[]): void } }).console?.info({
      ...figures,
      server: server.stats,
      realMs: Date.now() - started,
    });
    expect(report.problems).toEqual([]);
  });
});
