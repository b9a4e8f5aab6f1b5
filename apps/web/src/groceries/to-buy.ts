/**
 * What is still to buy at a store (docs/BEHAVIOUR.md §2 "Groceries"): the order of shopping rows, and
 * the list that 'Share' sends as text and the print view lays out. Pure, so the page, the share
 * action and the print view agree.
 */
import {
  aisleRows,
  itemQuantityText,
  sortedAisles,
  type GroceryIngredient,
  type Store,
} from '@mealplan/core';
import { aisleLabel, storeLabel } from './messages';

/** An item as the shared and printed list shows it. */
export interface ItemToBuy {
  id: string;
  name: string;
  /** The quantity shown beside the name: a count, or amounts such as '2 lb + 1 can'. */
  quantity: string;
}

/** An aisle with the items not yet ticked in it. */
export interface AisleToBuy {
  id: string;
  name: string;
  items: ItemToBuy[];
}

/** A store's list as it is still to be bought: its name, then its aisles in their order. */
export interface ListToBuy {
  store: string;
  aisles: AisleToBuy[];
}

/**
 * Shopping rows in the order the shop floor shows them: items still to buy first, ticked ones at
 * the end, each group in the aisle's own order. Unticking an item puts it back where it was.
 */
export function inShoppingOrder(rows: readonly GroceryIngredient[]): GroceryIngredient[] {
  return [...rows.filter((item) => !item.isDone), ...rows.filter((item) => item.isDone)];
}

/** The store's items not yet ticked, by aisle in the store's order; aisles left with none are skipped. */
export function listToBuy(store: Store): ListToBuy {
  const aisles = sortedAisles(store)
    .map((aisle) => ({
      id: aisle.id,
      name: aisleLabel(aisle.name),
      items: aisleRows(aisle, 'shopping')
        .filter((item) => !item.isDone)
        .map((item) => ({ id: item.id, name: item.name, quantity: itemQuantityText(item) })),
    }))
    .filter((aisle) => aisle.items.length > 0);
  return { store: storeLabel(store.name), aisles };
}

/**
 * The list as plain text, for a message or a note: the store's name, then each aisle's name and
 * its items as '- name (quantity)' lines, a blank line between aisles.
 */
export function listText(list: ListToBuy): string {
  const aisles = list.aisles.map((aisle) =>
    [aisle.name, ...aisle.items.map((item) => `- ${item.name} (${item.quantity})`)].join('\n'),
  );
  return [list.store, ...aisles].join('\n\n');
}
