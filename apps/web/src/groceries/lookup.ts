/**
 * Reads of the groceries document the page needs at event time (core's selectors cover what it
 * renders): which store an aisle is in, and whether a typed name is already on the list, so the
 * page can say that the two were merged (the reducer merges; docs/BEHAVIOUR.md §4).
 */
import {
  isItemVisible,
  nameKey,
  type GroceriesDocument,
  type GroceryIngredient,
  type Store,
} from '@mealplan/core';

/** The store holding aisle `aisleId`. */
export function storeOfAisle(doc: GroceriesDocument, aisleId: string): Store | undefined {
  return Object.values(doc.stores).find((store) => aisleId in store.aisles);
}

/** The store holding item `itemId`. */
export function storeOfItem(doc: GroceriesDocument, itemId: string): Store | undefined {
  return Object.values(doc.stores).find((store) =>
    Object.values(store.aisles).some((aisle) => itemId in aisle.ingredients),
  );
}

/**
 * The visible item of `store` a new or renamed item called `name` would merge with: same name,
 * ignoring case and spaces. Hidden items (qty 0, no recipe) merge too, silently: the user cannot
 * see them, so telling them about it would only puzzle.
 */
export function visibleNamesake(
  store: Store | undefined,
  name: string,
  exceptId?: string,
): GroceryIngredient | undefined {
  const key = nameKey(name);
  if (!store || key === '') return undefined;
  for (const aisle of Object.values(store.aisles)) {
    for (const item of Object.values(aisle.ingredients)) {
      if (!item.isPlaceholder && item.id !== exceptId && isItemVisible(item) && nameKey(item.name) === key) {
        return item;
      }
    }
  }
  return undefined;
}
