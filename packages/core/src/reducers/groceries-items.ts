/**
 * Grocery item rules (docs/BEHAVIOUR.md §4 "Grocery items"): naming placeholders, merging same-named items,
 * quantities, pins, done flags, Empty List, and items linked to recipes.
 *
 * A placeholder row is never converted in place: naming one adds a new item under an id carried in
 * the action, and the row stays blank. On screen that is the same thing (the typed row becomes an
 * item and two blank rows remain), but two devices typing into the same row at once then add two
 * items instead of one overwriting the other.
 */
import { LIMITS, type GroceriesDocument, type GroceryIngredient, type Store } from '../schemas/index.js';
import {
  byOrder,
  findAisle,
  findByName,
  findItem,
  replaceItem,
  withAisle,
  withItem,
  withStore,
  withoutItem,
  type ItemLocation,
} from './groceries-model.js';

const MAX_QTY = 10_000;

/** A typed item name as stored: trimmed and capped, as the schema allows. */
export function cleanName(name: string): string {
  return name.trim().slice(0, LIMITS.name);
}

function union(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])];
}

/** Removing the last recipe link from a pinned item with qty 0 gives it qty 1, so it stays listed. */
function keepPinnedListed(item: GroceryIngredient): GroceryIngredient {
  return item.isPinned && item.qty === 0 && item.recipeIds.length === 0 ? { ...item, qty: 1 } : item;
}

/** Deletes the other item named like `at.item` in its store and folds it into `at.item`. */
function mergeSameName(doc: GroceriesDocument, at: ItemLocation, item: GroceryIngredient): GroceriesDocument {
  const other = findByName(at.store, item.name, item.id);
  if (!other) return replaceItem(doc, at, item);
  const merged: GroceryIngredient = {
    ...item,
    qty: Math.min(MAX_QTY, item.qty + other.item.qty),
    isPinned: item.isPinned || other.item.isPinned,
    recipeIds: union(item.recipeIds, other.item.recipeIds),
  };
  let store = withAisle(at.store, withoutItem(at.store.aisles[other.aisle.id]!, other.item.id));
  store = withAisle(store, withItem(store.aisles[at.aisle.id]!, merged));
  return withStore(doc, store);
}

/**
 * Naming a placeholder of `aisleId`: a new item with qty 1, merged with a same-named one.
 *
 * `sameNameOnList` says whether the person typing saw that name on their list already. If they did,
 * typing it again means 'one more' and the quantities add (docs/BEHAVIOUR.md §4). If they did not, but the name
 * is there when the action is applied, someone else added it meanwhile (two people both adding
 * milk): the intent was 'have milk on the list', so the item that is there stays, with at least 1,
 * rather than becoming 2 (docs/SYNC.md "Replays keep intent"). Left out (older queues): merge.
 */
export function addItem(
  doc: GroceriesDocument,
  aisleId: string,
  itemId: string,
  name: string,
  sameNameOnList?: boolean,
): GroceriesDocument {
  const found = findAisle(doc, aisleId);
  const trimmed = cleanName(name);
  if (!found || trimmed === '' || findItem(doc, itemId)) return doc;
  if (sameNameOnList === false) {
    const other = findByName(found.store, trimmed);
    if (other) {
      if (other.item.qty > 0) return doc;
      return replaceItem(doc, other, { ...other.item, qty: 1 });
    }
  }
  const item: GroceryIngredient = {
    id: itemId,
    name: trimmed,
    qty: 1,
    recipeIds: [],
    isPlaceholder: false,
    isPinned: false,
    isDone: false,
  };
  const store = withAisle(found.store, withItem(found.aisle, item));
  const at = { store, aisle: store.aisles[aisleId]!, item };
  return mergeSameName(withStore(doc, store), at, item);
}

/**
 * Renames a real item. A blank name resets qty to 0 and clears its recipes, which hides it; it is
 * unpinned and undone too, or Empty List would bring a nameless pinned row back. A name another item
 * already has merges the two.
 */
export function renameItem(doc: GroceriesDocument, itemId: string, name: string): GroceriesDocument {
  const at = findItem(doc, itemId);
  const trimmed = cleanName(name);
  if (!at || at.item.isPlaceholder || at.item.name === trimmed) return doc;
  if (trimmed === '') {
    return replaceItem(doc, at, {
      ...at.item,
      name: '',
      qty: 0,
      recipeIds: [],
      isPinned: false,
      isDone: false,
    });
  }
  return mergeSameName(doc, at, { ...at.item, name: trimmed });
}

/** Changes one real item; `update` returning the same item means no change. */
export function updateItem(
  doc: GroceriesDocument,
  itemId: string,
  update: (item: GroceryIngredient) => GroceryIngredient,
): GroceriesDocument {
  const at = findItem(doc, itemId);
  if (!at || at.item.isPlaceholder) return doc;
  const next = update(at.item);
  return next === at.item ? doc : replaceItem(doc, at, next);
}

/** + : one more by hand. */
export function increment(item: GroceryIngredient): GroceryIngredient {
  return item.qty >= MAX_QTY ? item : { ...item, qty: item.qty + 1 };
}

/** − : lowers qty if above 0, else drops one linked recipe, else leaves it at zero. */
export function decrement(item: GroceryIngredient): GroceryIngredient {
  if (item.qty > 0) return { ...item, qty: item.qty - 1 };
  if (item.recipeIds.length > 0) return keepPinnedListed({ ...item, recipeIds: item.recipeIds.slice(0, -1) });
  return item;
}

/**
 * Empty List on every item of a store: pinned items keep their qty (at least 1), the others go to
 * 0; recipe links and done flags are cleared.
 */
export function emptyList(doc: GroceriesDocument, storeId: string): GroceriesDocument {
  const store = doc.stores[storeId];
  if (!store) return doc;
  const aisles: Store['aisles'] = {};
  for (const aisle of Object.values(store.aisles)) {
    const ingredients: Record<string, GroceryIngredient> = {};
    for (const item of Object.values(aisle.ingredients)) {
      ingredients[item.id] = item.isPlaceholder
        ? item
        : { ...item, qty: item.isPinned ? Math.max(1, item.qty) : 0, recipeIds: [], isDone: false };
    }
    aisles[aisle.id] = { ...aisle, ingredients };
  }
  return withStore(doc, { ...store, aisles });
}

/** The store a recipe's ingredient goes to: the active one if it exists, else the first. */
export function targetStore(doc: GroceriesDocument, activeStoreId: string | undefined): Store | undefined {
  return (activeStoreId && doc.stores[activeStoreId]) || Object.values(doc.stores).sort(byOrder)[0];
}

/**
 * A recipe's ingredient ticked in the recipe view: an item of that name in the target store gains
 * the recipe link (and is needed again, so not done); else a new item with qty 0 goes to that
 * store's main aisle.
 */
export function addRecipeIngredient(
  doc: GroceriesDocument,
  activeStoreId: string | undefined,
  itemId: string,
  name: string,
  recipeId: string,
): GroceriesDocument {
  const store = targetStore(doc, activeStoreId);
  const trimmed = cleanName(name);
  if (!store || trimmed === '') return doc;
  const existing = findByName(store, trimmed);
  if (existing) {
    if (existing.item.recipeIds.includes(recipeId)) return doc;
    const recipeIds = [...existing.item.recipeIds, recipeId];
    return replaceItem(doc, existing, { ...existing.item, recipeIds, isDone: false });
  }
  if (findItem(doc, itemId)) return doc;
  const main = store.aisles[store.mainAisleId];
  if (!main) return doc;
  const item: GroceryIngredient = {
    id: itemId,
    name: trimmed,
    qty: 0,
    recipeIds: [recipeId],
    isPlaceholder: false,
    isPinned: false,
    isDone: false,
  };
  return withStore(doc, withAisle(store, withItem(main, item)));
}

/** A recipe's ingredient unticked: the link goes from every item of that name, in every store. */
export function removeRecipeIngredient(
  doc: GroceriesDocument,
  name: string,
  recipeId: string,
): GroceriesDocument {
  let next = doc;
  for (const store of Object.values(doc.stores)) {
    const at = findByName(next.stores[store.id]!, name);
    if (!at || !at.item.recipeIds.includes(recipeId)) continue;
    const recipeIds = at.item.recipeIds.filter((id) => id !== recipeId);
    next = replaceItem(next, at, keepPinnedListed({ ...at.item, recipeIds }));
  }
  return next;
}

/** Moves a real item to another aisle of the same store (dragging). */
export function moveItem(doc: GroceriesDocument, itemId: string, toAisleId: string): GroceriesDocument {
  const at = findItem(doc, itemId);
  if (!at || at.item.isPlaceholder || at.aisle.id === toAisleId) return doc;
  const target = at.store.aisles[toAisleId];
  if (!target) return doc;
  let store = withAisle(at.store, withoutItem(at.aisle, itemId));
  store = withAisle(store, withItem(target, at.item));
  return withStore(doc, store);
}
