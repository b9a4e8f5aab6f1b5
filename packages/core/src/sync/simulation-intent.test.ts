/**
 * Replays keep intent (docs/SYNC.md): the simulation's clients, network faults, reloads and 409s,
 * over the real groceries reducer. Ticks and pins are set to the value the user chose, so whatever
 * order the pushes and replays take, every item ends ticked and pinned the way one of its users set
 * it (never the way nobody did), and every client converges on the server's document.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyDocument, type GroceriesDocument, type GroceryIngredient } from '../schemas/index.js';
import { groceriesReducer, type GroceriesAction } from '../reducers/groceries.js';
import { FakeSyncServer } from './fake-server.test-helpers.js';
import { runSimulation, type SeededRandom, type SimulationModel } from './simulation.test-helpers.js';

function items(doc: GroceriesDocument): GroceryIngredient[] {
  return Object.values(doc.stores).flatMap((store) =>
    Object.values(store.aisles).flatMap((aisle) =>
      Object.values(aisle.ingredients).filter((i) => !i.isPlaceholder),
    ),
  );
}

function randomAction(
  random: SeededRandom,
  view: GroceriesDocument,
  uniqueId: () => string,
): GroceriesAction {
  const hash = uniqueId();
  const all = items(view);
  const roll = random.int(100);
  if (roll < 20 || all.length < 3) {
    const store = Object.values(view.stores)[0]!;
    return { type: 'ADD_ITEM', aisleId: store.mainAisleId, itemId: uniqueId(), name: uniqueId(), hash };
  }
  const item = random.pick(all);
  if (roll < 40) return { type: 'INCREMENT_ITEM', itemId: item.id, hash };
  // Mostly 'tick it': two people in the shop tend to want the same thing.
  if (roll < 80) return { type: 'SET_DONE', itemId: item.id, isDone: random.chance(0.8), hash };
  if (roll < 92) return { type: 'SET_PIN', itemId: item.id, isPinned: random.chance(0.7), hash };
  return { type: 'RENAME_ITEM', itemId: item.id, name: uniqueId(), hash };
}

/** Each item: qty once per increment, done and pinned as someone set them, a name it was given. */
function verify(doc: GroceriesDocument, dispatched: readonly GroceriesAction[][]): string[] {
  const problems: string[] = [];
  const all = dispatched.flat();
  const present = new Map(items(doc).map((item) => [item.id, item]));
  for (const add of all) {
    if (add.type !== 'ADD_ITEM') continue;
    const item = present.get(add.itemId);
    if (!item) {
      problems.push(`item ${add.itemId} was lost`);
      continue;
    }
    const mine = all.filter((a) => 'itemId' in a && a.itemId === add.itemId);
    const qty = 1 + mine.filter((a) => a.type === 'INCREMENT_ITEM').length;
    if (item.qty !== qty) problems.push(`item ${add.itemId}: qty ${item.qty}, expected ${qty}`);
    const done = mine.flatMap((a) => (a.type === 'SET_DONE' ? [a.isDone] : []));
    if (!(done.length ? done : [false]).includes(item.isDone))
      problems.push(`item ${add.itemId}: done is ${item.isDone}, set to [${done.join()}]`);
    // Two users who both ticked it: ticked, whatever the order.
    if (done.length && done.every(Boolean) && !item.isDone)
      problems.push(`item ${add.itemId}: ticked by all, not done`);
    const pins = mine.flatMap((a) => (a.type === 'SET_PIN' ? [a.isPinned] : []));
    if (!(pins.length ? pins : [false]).includes(item.isPinned))
      problems.push(`item ${add.itemId}: pinned is ${item.isPinned}, set to [${pins.join()}]`);
    const names = [add.name, ...mine.flatMap((a) => (a.type === 'RENAME_ITEM' ? [a.name] : []))];
    if (!names.includes(item.name)) problems.push(`item ${add.itemId}: name ${item.name} never given`);
  }
  return problems;
}

const groceriesModel: SimulationModel<GroceriesDocument, GroceriesAction> = {
  emptyDoc: emptyDocument('groceries'),
  reduce: groceriesReducer,
  randomAction,
  verify,
};

describe('sync simulation over the groceries reducer: replays keep intent', () => {
  it('converges on what each user set, exactly once, through faults, reloads and conflicts', async () => {
    const server = new FakeSyncServer(emptyDocument('groceries'));
    const report = await runSimulation({ seed: 7, model: groceriesModel, connect: () => server.transport() });
    expect(report.problems).toEqual([]);
    expect(report.conflicts).toBeGreaterThan(10);
    expect(report.reloads).toBeGreaterThan(10);
  }, 30_000);

  it('for any seed (shorter runs)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const server = new FakeSyncServer(emptyDocument('groceries'));
        const report = await runSimulation({
          seed,
          model: groceriesModel,
          actions: 300,
          connect: () => server.transport(),
        });
        expect(report.problems).toEqual([]);
      }),
      { numRuns: 8, endOnFailure: true },
    );
  }, 60_000);

  it('catches flips: with TOGGLE_DONE for ticks, two people ticking one item can end unticked', async () => {
    const flipping: SimulationModel<GroceriesDocument, GroceriesAction> = {
      ...groceriesModel,
      randomAction: (random, view, uniqueId) => {
        const action = randomAction(random, view, uniqueId);
        return action.type === 'SET_DONE'
          ? { type: 'TOGGLE_DONE', itemId: action.itemId, hash: action.hash }
          : action;
      },
      // The intent each flip had, on the copy it was made on: 'set it to the opposite of what I saw'.
      verify: (doc, dispatched) =>
        verify(
          doc,
          dispatched.map((actions) =>
            actions.map((a) =>
              a.type === 'TOGGLE_DONE'
                ? { type: 'SET_DONE', itemId: a.itemId, isDone: true, hash: a.hash }
                : a,
            ),
          ),
        ),
    };
    const server = new FakeSyncServer(emptyDocument('groceries'));
    const report = await runSimulation({ seed: 7, model: flipping, connect: () => server.transport() });
    expect(report.problems.some((p) => p.includes('ticked by all, not done') || p.includes('done is'))).toBe(
      true,
    );
  }, 30_000);
});
