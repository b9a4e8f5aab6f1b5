/**
 * What is still to buy at a store (docs/BEHAVIOUR.md §2 "Groceries"): the order of shopping rows.
 */
import type { GroceryIngredient } from '@mealplan/core';

/**
 * Shopping rows in the order the shop floor shows them: items still to buy first, ticked ones at
 * the end, each group in the aisle's own order. Unticking an item puts it back where it was.
 */
export function inShoppingOrder(rows: readonly GroceryIngredient[]): GroceryIngredient[] {
  return [...rows.filter((item) => !item.isDone), ...rows.filter((item) => item.isDone)];
}
