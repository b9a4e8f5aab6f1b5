/**
 * Store and aisle rules (docs/BEHAVIOUR.md §4 "Stores and aisles"): a new store has an empty name and a 'Main'
 * aisle; the last store cannot be deleted; a new aisle goes last; removing or moving an aisle
 * renumbers the orders; the main aisle can be neither renamed nor removed.
 */
import { createAisle, createStore, type GroceriesDocument, type Store } from '../schemas/index.js';
import { LAST_STORE_ERROR, MAIN_AISLE_ERROR } from './env.js';
import { cleanName } from './groceries-items.js';
import { byOrder, withAisle, withItem, withStore } from './groceries-model.js';

/** Adds a store after the others, with an empty name and its 'Main' aisle. */
export function addStore(doc: GroceriesDocument, storeId: string, mainAisleId: string): GroceriesDocument {
  if (doc.stores[storeId]) return doc;
  return withStore(doc, createStore(storeId, mainAisleId, Object.keys(doc.stores).length));
}

/** Renames a store. */
export function renameStore(doc: GroceriesDocument, storeId: string, name: string): GroceriesDocument {
  const store = doc.stores[storeId];
  const trimmed = cleanName(name);
  if (!store || store.name === trimmed) return doc;
  return withStore(doc, { ...store, name: trimmed });
}

/** Deletes a store and its items; refused when it is the only one. */
export function removeStore(doc: GroceriesDocument, storeId: string): GroceriesDocument {
  if (!doc.stores[storeId]) return doc;
  if (Object.keys(doc.stores).length <= 1) throw new Error(LAST_STORE_ERROR);
  const stores = { ...doc.stores };
  delete stores[storeId];
  return { ...doc, stores };
}

/** Adds an aisle at the end: its order is the current number of aisles. */
export function addAisle(
  doc: GroceriesDocument,
  storeId: string,
  aisleId: string,
  name: string,
): GroceriesDocument {
  const store = doc.stores[storeId];
  if (!store || store.aisles[aisleId]) return doc;
  return withStore(
    doc,
    withAisle(store, createAisle(aisleId, cleanName(name), Object.keys(store.aisles).length)),
  );
}

/** Renames an aisle other than the main one. */
export function renameAisle(
  doc: GroceriesDocument,
  storeId: string,
  aisleId: string,
  name: string,
): GroceriesDocument {
  const store = doc.stores[storeId];
  const aisle = store?.aisles[aisleId];
  if (!store || !aisle) return doc;
  if (aisleId === store.mainAisleId) throw new Error(MAIN_AISLE_ERROR);
  const trimmed = cleanName(name);
  return aisle.name === trimmed ? doc : withStore(doc, withAisle(store, { ...aisle, name: trimmed }));
}

/** `store` with its aisles in `ordered` order, numbered 0..n-1. */
function renumbered(store: Store, ordered: readonly string[]): Store {
  const aisles: Store['aisles'] = {};
  ordered.forEach((id, order) => {
    const aisle = store.aisles[id]!;
    aisles[id] = aisle.order === order ? aisle : { ...aisle, order };
  });
  return { ...store, aisles };
}

function orderedIds(store: Store): string[] {
  return Object.values(store.aisles)
    .sort(byOrder)
    .map((aisle) => aisle.id);
}

/**
 * Removes an aisle other than the main one and renumbers the rest. Its items move to `moveToAisleId`
 * (the main aisle when left out or gone) rather than vanish: a household removing an aisle means to
 * regroup the store, not to lose what is on the list. Item names are unique within a store, so
 * nothing needs merging. What the store learnt to keep in that aisle is forgotten.
 */
export function removeAisle(
  doc: GroceriesDocument,
  storeId: string,
  aisleId: string,
  moveToAisleId?: string,
): GroceriesDocument {
  const store = doc.stores[storeId];
  const aisle = store?.aisles[aisleId];
  if (!store || !aisle) return doc;
  if (aisleId === store.mainAisleId) throw new Error(MAIN_AISLE_ERROR);
  const targetId =
    moveToAisleId && moveToAisleId !== aisleId && store.aisles[moveToAisleId]
      ? moveToAisleId
      : store.mainAisleId;
  let target = store.aisles[targetId]!;
  for (const item of Object.values(aisle.ingredients)) {
    if (!item.isPlaceholder) target = withItem(target, item);
  }
  let next = withAisle(store, target);
  if (store.aisleOf && Object.values(store.aisleOf).includes(aisleId)) {
    next = {
      ...next,
      aisleOf: Object.fromEntries(Object.entries(store.aisleOf).filter(([, id]) => id !== aisleId)),
    };
  }
  return withStore(
    doc,
    renumbered(
      next,
      orderedIds(next).filter((id) => id !== aisleId),
    ),
  );
}

/** Moves an aisle to position `toIndex` (dragging) and renumbers. */
export function moveAisle(
  doc: GroceriesDocument,
  storeId: string,
  aisleId: string,
  toIndex: number,
): GroceriesDocument {
  const store = doc.stores[storeId];
  if (!store?.aisles[aisleId]) return doc;
  const ids = orderedIds(store).filter((id) => id !== aisleId);
  const index = Math.max(0, Math.min(ids.length, Math.trunc(toIndex)));
  ids.splice(index, 0, aisleId);
  const next = renumbered(store, ids);
  return ids.every((id, order) => store.aisles[id]!.order === order) ? doc : withStore(doc, next);
}
