/**
 * Test helpers for the reducers: a deterministic env, deep freezing, and small document builders.
 * Only tests import this file (it is left out of the build).
 */
import {
  createAisle,
  createStore,
  type GroceriesDocument,
  type GroceryIngredient,
} from '../schemas/index.js';
import type { ActionEnv } from './env.js';

/** An env whose ids count up ('id-1', 'id-2', ...) and whose clock is fixed at `now`. */
export function testEnv(now = new Date(2025, 2, 10, 12, 0, 0)): ActionEnv & { ids: number } {
  const env = {
    ids: 0,
    newId: () => `id-${++env.ids}`,
    now: () => now,
  };
  return env;
}

/** Freezes `value` and everything inside it, so any mutation by a reducer throws in strict mode. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** A real grocery item with defaults. */
export function item(
  id: string,
  name: string,
  overrides: Partial<GroceryIngredient> = {},
): GroceryIngredient {
  return {
    id,
    name,
    qty: 1,
    recipeIds: [],
    isPlaceholder: false,
    isPinned: false,
    isDone: false,
    ...overrides,
  };
}

/**
 * A groceries document: store 's1' (main aisle 'main', aisle 'dairy'), optionally store 's2' (main
 * aisle 'main2'), with `items` placed as `[aisleId, item]`.
 */
export function groceries(
  items: Array<[string, GroceryIngredient]> = [],
  options: { secondStore?: boolean } = {},
): GroceriesDocument {
  const s1 = createStore('s1', 'main', 0, 'Corner shop');
  s1.aisles.dairy = createAisle('dairy', 'Dairy', 1);
  const stores: GroceriesDocument['stores'] = { s1 };
  if (options.secondStore) stores.s2 = createStore('s2', 'main2', 1, 'Market');
  for (const [aisleId, entry] of items) {
    const store = Object.values(stores).find((candidate) => candidate.aisles[aisleId])!;
    store.aisles[aisleId]!.ingredients[entry.id] = entry;
  }
  return { hash: 'h0', stores };
}

/** Every real item of a document by id, with the aisle it is in. */
export function itemsOf(doc: GroceriesDocument): Record<string, GroceryIngredient & { aisleId: string }> {
  const out: Record<string, GroceryIngredient & { aisleId: string }> = {};
  for (const store of Object.values(doc.stores)) {
    for (const aisle of Object.values(store.aisles)) {
      for (const entry of Object.values(aisle.ingredients)) {
        if (!entry.isPlaceholder) out[entry.id] = { ...entry, aisleId: aisle.id };
      }
    }
  }
  return out;
}
