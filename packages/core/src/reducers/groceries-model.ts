/**
 * The groceries document's invariants and the small tools the grocery reducers share: finding an
 * item wherever it is, writing a store back, matching item names.
 *
 * Invariants, restored after every action by `normalizeGroceries`:
 * - store orders are 0..n-1 and every store's main aisle exists;
 * - aisle orders are 0..n-1 within each store;
 * - every aisle holds exactly two placeholder rows, with ids derived from the aisle id.
 */
import {
  MAIN_AISLE_NAME,
  createAisle,
  createPlaceholder,
  placeholderId,
  type Aisle,
  type GroceriesDocument,
  type GroceryIngredient,
  type Store,
} from '../schemas/index.js';

/** Where an item lives. */
export interface ItemLocation {
  store: Store;
  aisle: Aisle;
  item: GroceryIngredient;
}

/** The key two item names are compared by: case, outer and repeated spaces ignored. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Sorted by `order`, then id, so a tie (two devices adding at once) still sorts the same everywhere. */
export function byOrder<T extends { order: number; id: string }>(a: T, b: T): number {
  return a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Finds a real item or placeholder by id in any store. */
export function findItem(doc: GroceriesDocument, itemId: string): ItemLocation | undefined {
  for (const store of Object.values(doc.stores)) {
    for (const aisle of Object.values(store.aisles)) {
      const item = aisle.ingredients[itemId];
      if (item) return { store, aisle, item };
    }
  }
  return undefined;
}

/** Finds an aisle by id in any store. */
export function findAisle(
  doc: GroceriesDocument,
  aisleId: string,
): { store: Store; aisle: Aisle } | undefined {
  for (const store of Object.values(doc.stores)) {
    const aisle = store.aisles[aisleId];
    if (aisle) return { store, aisle };
  }
  return undefined;
}

/** The real (non-placeholder) item of `store` named like `name`, other than `exceptId`. */
export function findByName(store: Store, name: string, exceptId?: string): ItemLocation | undefined {
  const key = nameKey(name);
  if (key === '') return undefined;
  for (const aisle of Object.values(store.aisles)) {
    for (const item of Object.values(aisle.ingredients)) {
      if (!item.isPlaceholder && item.id !== exceptId && nameKey(item.name) === key)
        return { store, aisle, item };
    }
  }
  return undefined;
}

/** `store` with `aisle` written back. */
export function withAisle(store: Store, aisle: Aisle): Store {
  return { ...store, aisles: { ...store.aisles, [aisle.id]: aisle } };
}

/** `aisle` with `item` written back. */
export function withItem(aisle: Aisle, item: GroceryIngredient): Aisle {
  return { ...aisle, ingredients: { ...aisle.ingredients, [item.id]: item } };
}

/** `aisle` without item `itemId`. */
export function withoutItem(aisle: Aisle, itemId: string): Aisle {
  const ingredients = { ...aisle.ingredients };
  delete ingredients[itemId];
  return { ...aisle, ingredients };
}

/** `doc` with `store` written back. */
export function withStore(doc: GroceriesDocument, store: Store): GroceriesDocument {
  return { ...doc, stores: { ...doc.stores, [store.id]: store } };
}

/** Replaces an item where it is. */
export function replaceItem(
  doc: GroceriesDocument,
  at: ItemLocation,
  item: GroceryIngredient,
): GroceriesDocument {
  return withStore(doc, withAisle(at.store, withItem(at.aisle, item)));
}

/** Whether a placeholder row is blank as it should be. */
function isBlankPlaceholder(item: GroceryIngredient, id: string): boolean {
  return (
    item.id === id &&
    item.isPlaceholder &&
    item.name === '' &&
    item.qty === 0 &&
    item.recipeIds.length === 0 &&
    item.shares === undefined &&
    !item.isPinned &&
    !item.isDone
  );
}

/** The aisle with exactly its two blank placeholder rows; the same object when already so. */
function normalizeAisle(aisle: Aisle, order: number): Aisle {
  const wanted = [placeholderId(aisle.id, 0), placeholderId(aisle.id, 1)];
  const items = Object.values(aisle.ingredients);
  const placeholders = items.filter((item) => item.isPlaceholder);
  const fine =
    aisle.order === order &&
    placeholders.length === 2 &&
    wanted.every((id) => aisle.ingredients[id] && isBlankPlaceholder(aisle.ingredients[id], id));
  if (fine) return aisle;
  const ingredients: Record<string, GroceryIngredient> = {};
  for (const item of items) {
    if (!item.isPlaceholder && !wanted.includes(item.id)) ingredients[item.id] = item;
  }
  for (const id of wanted) ingredients[id] = createPlaceholder(id);
  return { ...aisle, order, ingredients };
}

/** The store with its main aisle, aisle orders 0..n-1 and placeholders; the same object when already so. */
function normalizeStore(store: Store, order: number): Store {
  let aisles = store.aisles;
  if (!aisles[store.mainAisleId]) {
    aisles = { ...aisles, [store.mainAisleId]: createAisle(store.mainAisleId, MAIN_AISLE_NAME, -1) };
  }
  const sorted = Object.values(aisles).sort(byOrder);
  let changed = aisles !== store.aisles;
  const next: Record<string, Aisle> = {};
  sorted.forEach((aisle, index) => {
    const normal = normalizeAisle(aisle, index);
    if (normal !== aisle) changed = true;
    next[normal.id] = normal;
  });
  if (!changed && store.order === order) return store;
  return { ...store, order, aisles: changed ? next : store.aisles };
}

/** Restores every invariant of the groceries document; returns `doc` itself when nothing was off. */
export function normalizeGroceries(doc: GroceriesDocument): GroceriesDocument {
  const sorted = Object.values(doc.stores).sort(byOrder);
  let changed = false;
  const stores: Record<string, Store> = {};
  sorted.forEach((store, index) => {
    const normal = normalizeStore(store, index);
    if (normal !== store) changed = true;
    stores[normal.id] = normal;
  });
  return changed ? { ...doc, stores } : doc;
}
