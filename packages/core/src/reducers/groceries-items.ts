/**
 * Grocery item rules (docs/BEHAVIOUR.md §4 "Grocery items"): naming placeholders, merging same-named items,
 * quantities, pins, done flags, Empty List, and items linked to recipes.
 *
 * A placeholder row is never converted in place: naming one adds a new item under an id carried in
 * the action, and the row stays blank. On screen that is the same thing (the typed row becomes an
 * item and two blank rows remain), but two devices typing into the same row at once then add two
 * items instead of one overwriting the other.
 */
import {
  GROCERY_MEMORY_LIMIT,
  LIMITS,
  type Aisle,
  type GroceriesDocument,
  type GroceryAmount,
  type GroceryIngredient,
  type GroceryShare,
  type Store,
} from '../schemas/index.js';
import { aisleFor, aisleMemoryKey } from './grocery-aisles.js';
import {
  byOrder,
  findAisle,
  nameKey,
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

/** `item` with `shares` (the field left out when there are none, as items made before it were). */
function withShares(item: GroceryIngredient, shares: readonly GroceryShare[]): GroceryIngredient {
  const next = { ...item };
  if (shares.length > 0) next.shares = [...shares];
  else delete next.shares;
  return next;
}

/** `item` linked only to `recipeIds`, with the shares of the other recipes gone. */
function withRecipes(item: GroceryIngredient, recipeIds: string[]): GroceryIngredient {
  const shares = (item.shares ?? []).filter((share) => recipeIds.includes(share.recipeId));
  return withShares({ ...item, recipeIds }, shares);
}

/** Removing the last recipe link from a pinned item with qty 0 gives it qty 1, so it stays listed. */
function keepPinnedListed(item: GroceryIngredient): GroceryIngredient {
  return item.isPinned && item.qty === 0 && item.recipeIds.length === 0 ? { ...item, qty: 1 } : item;
}

/** Deletes the other item named like `at.item` in its store and folds it into `at.item`. */
function mergeSameName(doc: GroceriesDocument, at: ItemLocation, item: GroceryIngredient): GroceriesDocument {
  const other = findByName(at.store, item.name, item.id);
  if (!other) return replaceItem(doc, at, item);
  const merged = withShares(
    {
      ...item,
      qty: Math.min(MAX_QTY, item.qty + other.item.qty),
      isPinned: item.isPinned || other.item.isPinned,
      recipeIds: union(item.recipeIds, other.item.recipeIds),
    },
    [...(item.shares ?? []), ...(other.item.shares ?? [])],
  );
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
  // Typed into the main aisle, a name the store keeps elsewhere goes there; typed into another
  // aisle, it stays where it was typed.
  const aisle = aisleId === found.store.mainAisleId ? aisleFor(found.store, trimmed) : found.aisle;
  const store = withAisle(found.store, withItem(aisle, item));
  const at = { store, aisle: store.aisles[aisle.id]!, item };
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
      ...withRecipes(at.item, []),
      name: '',
      qty: 0,
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
  if (item.recipeIds.length > 0) return keepPinnedListed(withRecipes(item, item.recipeIds.slice(0, -1)));
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
        : { ...withRecipes(item, []), qty: item.isPinned ? Math.max(1, item.qty) : 0, isDone: false };
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
 * the recipe link and the recipe's amounts (and is needed again, so not done); else a new item with
 * qty 0 goes to the aisle the store keeps that name in (docs/BEHAVIOUR.md "Stores and aisles").
 * `amounts` left out (older queues) links the recipe as one.
 */
export function addRecipeIngredient(
  doc: GroceriesDocument,
  activeStoreId: string | undefined,
  itemId: string,
  name: string,
  recipeId: string,
  amounts?: readonly GroceryAmount[],
): GroceriesDocument {
  const store = targetStore(doc, activeStoreId);
  const trimmed = cleanName(name);
  if (!store || trimmed === '') return doc;
  const share: GroceryShare[] = amounts && amounts.length > 0 ? [{ recipeId, amounts: [...amounts] }] : [];
  const existing = findByName(store, trimmed);
  if (existing) {
    if (existing.item.recipeIds.includes(recipeId)) return doc;
    const recipeIds = [...existing.item.recipeIds, recipeId];
    const shares = [...(existing.item.shares ?? []), ...share];
    return replaceItem(doc, existing, withShares({ ...existing.item, recipeIds, isDone: false }, shares));
  }
  if (findItem(doc, itemId)) return doc;
  const item = withShares(newRecipeItem(itemId, trimmed, [recipeId]), share);
  return withStore(doc, withAisle(store, withItem(aisleFor(store, trimmed), item)));
}

function newRecipeItem(id: string, name: string, recipeIds: string[]): GroceryIngredient {
  return { id, name, qty: 0, recipeIds, isPlaceholder: false, isPinned: false, isDone: false };
}

/** One item of 'Shop these days': its name, the id a new item gets, and each planned recipe's share. */
export interface PlannedItem {
  itemId: string;
  name: string;
  shares: GroceryShare[];
}

function sameShare(a: GroceryShare, b: GroceryShare): boolean {
  return a.recipeId === b.recipeId && a.dayId === b.dayId;
}

/**
 * 'Shop these days' (docs/BEHAVIOUR.md "Shop these days"): each item joins the item of that name in
 * the target store, else is added where the store keeps it. A share for a recipe on a day replaces
 * the share already there for that recipe and day, and an undated one (the same recipe ticked in
 * its view), so adding the same days twice changes nothing.
 */
export function addPlannedIngredients(
  doc: GroceriesDocument,
  activeStoreId: string | undefined,
  items: readonly PlannedItem[],
): GroceriesDocument {
  const store = targetStore(doc, activeStoreId);
  if (!store) return doc;
  // One pass over the store's items, then each planned item is a lookup: a month's shop onto a
  // long list stays well inside a frame. The aisles touched are copied once and written back once.
  const byName = new Map<string, { aisleId: string; itemId: string }>();
  const itemIds = new Set<string>();
  for (const aisle of Object.values(store.aisles)) {
    for (const item of Object.values(aisle.ingredients)) {
      itemIds.add(item.id);
      if (!item.isPlaceholder) {
        const key = nameKey(item.name);
        if (key && !byName.has(key)) byName.set(key, { aisleId: aisle.id, itemId: item.id });
      }
    }
  }
  const aisles: Record<string, Aisle> = { ...store.aisles };
  const copied = new Set<string>();
  const put = (aisleId: string, item: GroceryIngredient) => {
    let aisle = aisles[aisleId]!;
    if (!copied.has(aisleId)) {
      aisle = { ...aisle, ingredients: { ...aisle.ingredients } };
      aisles[aisleId] = aisle;
      copied.add(aisleId);
    }
    aisle.ingredients[item.id] = item;
  };
  let changed = false;
  for (const planned of items) {
    const name = cleanName(planned.name);
    if (name === '' || planned.shares.length === 0) continue;
    const incoming = planned.shares;
    const found = byName.get(nameKey(name));
    if (found) {
      const existing = aisles[found.aisleId]!.ingredients[found.itemId]!;
      const kept = (existing.shares ?? []).filter(
        (share) =>
          !incoming.some((added) => sameShare(share, added)) &&
          !(share.dayId === undefined && incoming.some((added) => added.recipeId === share.recipeId)),
      );
      const recipeIds = union(
        existing.recipeIds,
        incoming.map((share) => share.recipeId),
      );
      put(found.aisleId, withShares({ ...existing, recipeIds, isDone: false }, [...kept, ...incoming]));
      changed = true;
      continue;
    }
    if (itemIds.has(planned.itemId) || findItem(doc, planned.itemId)) continue;
    const recipeIds = union(
      [],
      incoming.map((share) => share.recipeId),
    );
    const aisle = aisleFor({ ...store, aisles }, name);
    put(aisle.id, withShares(newRecipeItem(planned.itemId, name, recipeIds), incoming));
    byName.set(nameKey(name), { aisleId: aisle.id, itemId: planned.itemId });
    itemIds.add(planned.itemId);
    changed = true;
  }
  return changed ? withStore(doc, { ...store, aisles }) : doc;
}

/** A recipe's ingredient unticked: the link and its share go from every item of that name, in every store. */
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
    next = replaceItem(next, at, keepPinnedListed(withRecipes(at.item, recipeIds)));
  }
  return next;
}

/** `store` remembering that `name` is kept in `aisleId` (within the memory's cap). */
function remember(store: Store, name: string, aisleId: string): Store {
  const key = aisleMemoryKey(name);
  const memory = store.aisleOf ?? {};
  if (memory[key] === aisleId) return store;
  if (!(key in memory) && Object.keys(memory).length >= GROCERY_MEMORY_LIMIT) return store;
  return { ...store, aisleOf: { ...memory, [key]: aisleId } };
}

/**
 * Moves a real item to another aisle of the same store (dragging), and the store learns that the
 * name is kept there: the next time it arrives (typed, from a recipe, from 'Shop these days') it
 * goes there (docs/BEHAVIOUR.md "Stores and aisles").
 */
export function moveItem(doc: GroceriesDocument, itemId: string, toAisleId: string): GroceriesDocument {
  const at = findItem(doc, itemId);
  if (!at || at.item.isPlaceholder || at.aisle.id === toAisleId) return doc;
  const target = at.store.aisles[toAisleId];
  if (!target) return doc;
  let store = withAisle(at.store, withoutItem(at.aisle, itemId));
  store = withAisle(store, withItem(target, at.item));
  return withStore(doc, remember(store, at.item.name, toAisleId));
}

/**
 * Marks a name as one the household usually has (or not): 'Shop these days' offers it unticked.
 * Kept as the normalised name, within the cap.
 */
export function setStaple(doc: GroceriesDocument, name: string, isStaple: boolean): GroceriesDocument {
  const key = aisleMemoryKey(name);
  if (key === '') return doc;
  const staples = doc.staples ?? [];
  const has = staples.includes(key);
  if (has === isStaple) return doc;
  if (isStaple && staples.length >= GROCERY_MEMORY_LIMIT) return doc;
  return { ...doc, staples: isStaple ? [...staples, key] : staples.filter((staple) => staple !== key) };
}

/** Whether the household marked `name` as usually had. */
export function isStaple(doc: GroceriesDocument, name: string): boolean {
  return !!doc.staples?.includes(aisleMemoryKey(name));
}

/** An item as it was, and the aisle it was in: what an undo puts back. */
export interface RestoredItem {
  aisleId: string;
  item: GroceryIngredient;
}

/**
 * Undo (docs/BEHAVIOUR.md "Undo"): puts aisles and items of a store back as they were a moment
 * ago. A removed aisle comes back at its place; each item is taken from wherever it is now and put
 * back in its aisle (the main aisle when that aisle is gone), merging with an item of the same
 * name added meanwhile; `removeItemIds` are items the undone action created.
 */
export function restoreItems(
  doc: GroceriesDocument,
  storeId: string,
  aisles: readonly Aisle[],
  items: readonly RestoredItem[],
  removeItemIds: readonly string[],
): GroceriesDocument {
  const original = doc.stores[storeId];
  if (!original) return doc;
  let store = original;
  for (const aisle of aisles) {
    if (store.aisles[aisle.id]) continue;
    // Back at its place: the aisles from its position on move one down.
    const shifted: Store['aisles'] = {};
    for (const other of Object.values(store.aisles)) {
      shifted[other.id] = other.order >= aisle.order ? { ...other, order: other.order + 1 } : other;
    }
    const placeholders = Object.fromEntries(
      Object.values(aisle.ingredients)
        .filter((item) => item.isPlaceholder)
        .map((item) => [item.id, item]),
    );
    shifted[aisle.id] = { ...aisle, ingredients: placeholders };
    store = { ...store, aisles: shifted };
  }
  const drop = new Set([...removeItemIds, ...items.map((entry) => entry.item.id)]);
  const aislesNow: Store['aisles'] = {};
  for (const aisle of Object.values(store.aisles)) {
    const kept = Object.values(aisle.ingredients).some((item) => drop.has(item.id));
    if (!kept) {
      aislesNow[aisle.id] = aisle;
      continue;
    }
    const ingredients = { ...aisle.ingredients };
    for (const id of drop) delete ingredients[id];
    aislesNow[aisle.id] = { ...aisle, ingredients };
  }
  store = { ...store, aisles: aislesNow };
  let next = withStore(doc, store);
  for (const { aisleId, item } of items) {
    if (item.isPlaceholder) continue;
    const current = next.stores[storeId]!;
    const aisle = current.aisles[aisleId] ?? current.aisles[current.mainAisleId]!;
    const placed = withAisle(current, withItem(aisle, item));
    next = mergeSameName(
      withStore(next, placed),
      { store: placed, aisle: placed.aisles[aisle.id]!, item },
      item,
    );
  }
  return next;
}
