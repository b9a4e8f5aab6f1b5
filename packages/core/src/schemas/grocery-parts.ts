/**
 * The constructors of a new store, aisle and placeholder row, apart from the groceries document's
 * zod schemas (groceries.ts): the reducers and the web app use them on every page, and zod is not
 * needed before a signed-in page is drawn (docs/ARCHITECTURE.md "The signed-in shell").
 */
import type { Aisle, GroceryIngredient, Store } from './groceries.js';

/** Name of the aisle every new store starts with, and which can be neither renamed nor removed. */
export const MAIN_AISLE_NAME = 'Main';

/**
 * The id of an aisle's placeholder row `index` (0 or 1). Derived from the aisle id rather than
 * random, so reducers stay deterministic and two devices creating the same aisle's rows agree.
 */
export function placeholderId(aisleId: string, index: number): string {
  return `${aisleId}.p${index}`;
}

/** A blank placeholder row. */
export function createPlaceholder(id: string): GroceryIngredient {
  return { id, name: '', qty: 0, recipeIds: [], isPlaceholder: true, isPinned: false, isDone: false };
}

/** A new, empty aisle with its two placeholder rows. */
export function createAisle(id: string, name: string, order: number): Aisle {
  const ingredients: Record<string, GroceryIngredient> = {};
  for (let index = 0; index < 2; index++) {
    const rowId = placeholderId(id, index);
    ingredients[rowId] = createPlaceholder(rowId);
  }
  return { id, name, order, ingredients };
}

/** A new store at tab position `order` with one 'Main' aisle (docs/BEHAVIOUR.md §4 "Add store": the name starts empty). */
export function createStore(id: string, mainAisleId: string, order: number, name = ''): Store {
  return {
    id,
    name,
    order,
    mainAisleId,
    aisles: { [mainAisleId]: createAisle(mainAisleId, MAIN_AISLE_NAME, 0) },
  };
}
