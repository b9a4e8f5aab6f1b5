/**
 * The sync simulation against the real server (docs/SYNC.md): five co-planners of one
 * household edit the grocery list through the web app's own fetch transport (its `fetch` routed
 * through `app.inject`, so the run measures the server rather than the loopback socket),
 * with core's real reducers and sync engine, while core's chaos network drops requests, drops
 * responses (the server applied the push, the client never heard) and duplicates requests, and
 * delivers them in a seeded random order so pushes conflict. At the end every client and the
 * server hold the same document, and the model finds every action's effect exactly once.
 */
import {
  DEFAULT_MAIN_AISLE_ID,
  emptyDocument,
  reduceDocument,
  type GroceriesAction,
  type GroceriesDocument,
  type GroceryIngredient,
} from '@mealplan/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runSimulation,
  type SeededRandom,
  type SimulationModel,
} from '../../../packages/core/src/sync/simulation.test-helpers.js';
import { createFetchTransport } from '../../web/src/data/transport.js';
import { backends, createTestApp } from './test-support/backends.js';
import { injectFetch, linkPath, memoryMailer, signUp, type TestClient } from './test-support/http.js';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
type Item = GroceryIngredient & { aisleId: string; storeId: string };

/** Every real (non-placeholder) item of the document, with where it is. */
function items(doc: GroceriesDocument): Item[] {
  return Object.values(doc.stores).flatMap((store) =>
    Object.values(store.aisles).flatMap((aisle) =>
      Object.values(aisle.ingredients)
        .filter((item) => !item.isPlaceholder)
        .map((item) => ({ ...item, aisleId: aisle.id, storeId: store.id })),
    ),
  );
}

function aisles(doc: GroceriesDocument) {
  return Object.values(doc.stores).flatMap((store) =>
    Object.values(store.aisles).map((aisle) => ({ store, aisle })),
  );
}

/** A random grocery action that applies to `view`; ids and names are never reused. */
function randomAction(
  random: SeededRandom,
  view: GroceriesDocument,
  uniqueId: () => string,
): GroceriesAction {
  const hash = uniqueId();
  const pushNow = random.chance(0.04) ? { pushNow: true } : {};
  const all = items(view);
  const roll = random.int(100);
  if (roll < 20 || all.length < 3) {
    const { aisle } = random.pick(aisles(view));
    return { type: 'ADD_ITEM', aisleId: aisle.id, itemId: uniqueId(), name: uniqueId(), hash, ...pushNow };
  }
  const item = random.pick(all);
  if (roll < 45) return { type: 'INCREMENT_ITEM', itemId: item.id, hash, ...pushNow };
  if (roll < 60) return { type: 'TOGGLE_DONE', itemId: item.id, hash, ...pushNow };
  if (roll < 68) return { type: 'TOGGLE_PIN', itemId: item.id, hash, ...pushNow };
  if (roll < 78) return { type: 'RENAME_ITEM', itemId: item.id, name: uniqueId(), hash, ...pushNow };
  const store = view.stores[item.storeId];
  if (!store) throw new Error('item without a store');
  const others = Object.values(store.aisles);
  if (roll < 88) {
    return { type: 'MOVE_ITEM', itemId: item.id, toAisleId: random.pick(others).id, hash, ...pushNow };
  }
  if (roll < 95) return { type: 'ADD_AISLE', storeId: store.id, aisleId: uniqueId(), name: uniqueId(), hash };
  const removable = others.filter((a) => a.id !== store.mainAisleId);
  if (removable.length && roll < 97) {
    return { type: 'REMOVE_AISLE', storeId: store.id, aisleId: random.pick(removable).id, hash };
  }
  return { type: 'RENAME_STORE', storeId: store.id, name: uniqueId(), hash };
}

/**
 * Each item's effects exactly once: qty is 1 plus its increments, done and pinned flip once per
 * toggle, the name is one it was given. An item may be missing only if the aisle it was added to
 * was removed (an ADD_ITEM into a removed aisle changes nothing).
 */
function verify(doc: GroceriesDocument, dispatched: readonly GroceriesAction[][]): string[] {
  const problems: string[] = [];
  const all = dispatched.flat();
  const present = new Map(items(doc).map((item) => [item.id, item]));
  const removedAisles = new Set(all.flatMap((a) => (a.type === 'REMOVE_AISLE' ? [a.aisleId] : [])));
  const count = (type: GroceriesAction['type'], id: string) =>
    all.filter((a) => a.type === type && 'itemId' in a && a.itemId === id).length;
  const added = all.filter((a) => a.type === 'ADD_ITEM');
  for (const add of added) {
    const item = present.get(add.itemId);
    if (!item) {
      if (!removedAisles.has(add.aisleId)) problems.push(`item ${add.itemId} was lost`);
      continue;
    }
    const qty = 1 + count('INCREMENT_ITEM', add.itemId);
    if (item.qty !== qty) problems.push(`item ${add.itemId}: qty ${item.qty}, expected ${qty}`);
    if (item.isDone !== count('TOGGLE_DONE', add.itemId) % 2 > 0) problems.push(`item ${add.itemId}: done`);
    if (item.isPinned !== count('TOGGLE_PIN', add.itemId) % 2 > 0) problems.push(`item ${add.itemId}: pin`);
    const names = [
      add.name,
      ...all.flatMap((a) => (a.type === 'RENAME_ITEM' && a.itemId === add.itemId ? [a.name] : [])),
    ];
    if (!names.includes(item.name)) problems.push(`item ${add.itemId}: name ${item.name} never given`);
  }
  if (present.size > added.length) problems.push(`${present.size} items, only ${added.length} added`);
  return problems;
}

const groceriesModel: SimulationModel<GroceriesDocument, GroceriesAction> = {
  emptyDoc: emptyDocument('groceries'),
  reduce: (doc, action) => reduceDocument('groceries', doc, action),
  randomAction,
  verify,
};

/** Five users of one account: an owner and four co-planners who accepted their invitations. */
async function household(ctx: Ctx, mailer: ReturnType<typeof memoryMailer>): Promise<TestClient[]> {
  const owner = await signUp(ctx.app, 'owner@example.com');
  const members = [owner];
  for (let i = 1; i < 5; i++) {
    const member = await signUp(ctx.app, `cook${i}@example.com`);
    const invited = await owner.post('/api/coplanners', {
      email: member.email,
      firstName: 'Cook',
      lastName: String(i),
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const link = linkPath(mailer.sent.at(-1)?.text ?? '', '/invitations/coplanner?');
    const id = new URL(link, 'http://x').searchParams.get('id') ?? '';
    expect((await member.post(`/api/verifications/approve/${id}`)).statusCode).toBe(200);
    members.push(member);
  }
  return members;
}

const print = (globalThis as { console?: { info(...args: unknown[]): void } }).console?.info;

describe.each(backends)('sync simulation on the real server (%s)', (dialect) => {
  let ctx: Ctx;
  let members: TestClient[];

  beforeAll(async () => {
    const mailer = memoryMailer();
    ctx = await createTestApp(dialect, { plan: 'unlimited' }, { mailer });
    members = await household(ctx, mailer);
  });
  afterAll(() => ctx.close());

  /** The web app's transport, signed in as `member` (the cookie a browser would send). */
  const transportOf = (member: TestClient) =>
    createFetchTransport<GroceriesDocument>('/api/groceries', { fetch: injectFetch(ctx.app, member) });

  it('five co-planners converge with every action applied exactly once (1,000 actions)', async () => {
    let connections = 0;
    const started = Date.now();
    const report = await runSimulation({
      seed: 7,
      model: groceriesModel,
      connect: () => transportOf(members[connections++ % members.length] as TestClient),
    });
    const { doc, ...figures } = report;
    print?.(`sync simulation on ${dialect}`, {
      ...figures,
      items: items(doc).length,
      realMs: Date.now() - started,
    });

    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ clients: 5, actions: 1000 });
    for (const figure of [
      'droppedRequests',
      'droppedResponses',
      'duplicated',
      'conflicts',
      'reloads',
    ] as const) {
      expect(report[figure], figure).toBeGreaterThan(10);
    }
    expect(items(doc).length).toBeGreaterThan(50);
    // What the clients agreed on is what the server stores, read by a fresh client.
    const stored = await members[0]?.get('/api/groceries');
    expect(stored?.json()).toEqual(doc);
    expect(doc.stores[Object.keys(doc.stores)[0] ?? '']?.aisles[DEFAULT_MAIN_AISLE_ID]).toBeDefined();
  }, 120_000); // a few seconds on an idle machine; generous for a loaded CI box
});
