/**
 * Pure reads of the groceries document for the Groceries page and the recipe view's checkboxes:
 * what is visible, what count is shown, in which order stores, aisles and items appear.
 */
import type { Aisle, GroceriesDocument, GroceryIngredient, Store } from '../schemas/index.js';
import { byOrder, findByName, nameKey } from './groceries-model.js';
import { targetStore } from './groceries-items.js';

/** docs/BEHAVIOUR.md §4: an item shows if it is a placeholder, has qty above 0, or is linked to a recipe. */
export function isItemVisible(item: GroceryIngredient): boolean {
  return item.isPlaceholder || item.qty > 0 || item.recipeIds.length > 0;
}

/** docs/BEHAVIOUR.md §4: the count on an item's quantity button: qty plus linked recipes, at least 1. */
export function displayedCount(item: GroceryIngredient): number {
  return Math.max(1, item.qty + item.recipeIds.length);
}

/** Stores in tab order. */
export function sortedStores(doc: GroceriesDocument): Store[] {
  return Object.values(doc.stores).sort(byOrder);
}

/** A store's aisles in their order. */
export function sortedAisles(store: Store): Aisle[] {
  return Object.values(store.aisles).sort(byOrder);
}

/** The store a tab shows: the remembered active store if it still exists, else the first. */
export function activeStore(doc: GroceriesDocument, activeStoreId: string | undefined): Store | undefined {
  return targetStore(doc, activeStoreId);
}

function byName(a: GroceryIngredient, b: GroceryIngredient): number {
  return nameKey(a.name).localeCompare(nameKey(b.name)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The rows of an aisle as shown: visible real items by name (a stable order on every device, since
 * items carry no position), then, in edit mode only, the two placeholder rows.
 */
export function aisleRows(aisle: Aisle, mode: 'edit' | 'shopping' = 'edit'): GroceryIngredient[] {
  const items = Object.values(aisle.ingredients);
  const real = items.filter((item) => !item.isPlaceholder && isItemVisible(item)).sort(byName);
  if (mode === 'shopping') return real;
  const placeholders = items.filter((item) => item.isPlaceholder).sort((a, b) => (a.id < b.id ? -1 : 1));
  return [...real, ...placeholders];
}

/** The aisles shown in a mode: every aisle in edit mode; only those with items when shopping. */
export function visibleAisles(store: Store, mode: 'edit' | 'shopping' = 'edit'): Aisle[] {
  const aisles = sortedAisles(store);
  return mode === 'edit' ? aisles : aisles.filter((aisle) => aisleRows(aisle, 'shopping').length > 0);
}

/**
 * Whether the recipe view's checkbox for an ingredient is ticked: an item of that name in the
 * store it would go to is linked to the recipe.
 */
export function isIngredientOnList(
  doc: GroceriesDocument,
  activeStoreId: string | undefined,
  name: string,
  recipeId: string,
): boolean {
  const store = targetStore(doc, activeStoreId);
  return !!store && !!findByName(store, name)?.item.recipeIds.includes(recipeId);
}
