/**
 * How much of an item the list asks for (docs/BEHAVIOUR.md "Grocery items"): the amounts of every
 * recipe it is on the list for, plus the count typed by hand, added up where they can be. Amounts
 * of one kind add in one unit (2 cups + 1 cup = 3 cups; 1 lb + 200 g = 1 1/2 lb, in the system of
 * the first); amounts that cannot be added stay side by side ('2 lb + 1 can'). The total is worked
 * out each time from what each recipe asks, so taking a recipe's share back is exact by
 * construction: nothing is ever subtracted from a rounded sum.
 */
import {
  formatDecimal,
  formatFraction,
  formatMeasure,
  isFractionUnit,
  measureKind,
  normalizeUnit,
  parseAmount,
  pluralWord,
} from '../ingredients/index.js';
import type { GroceryAmount, GroceryIngredient } from '../schemas/index.js';

/** A running total of amounts that add up. */
interface Total {
  /** Millilitres or grams for volumes and weights; else the figure in `unit`. */
  value: number;
  /** The unit of the first amount, and whether every amount so far was in it. */
  unit: string;
  oneUnit: boolean;
  /** Of the first amount: said in its system when the units were mixed. */
  metric: boolean;
  kind?: 'ml' | 'g';
  /** The sum in `unit` while `oneUnit` holds. */
  inUnit: number;
}

/** Amounts added up where they can be, in the order each kind first appears. */
export function addUpAmounts(amounts: readonly GroceryAmount[]): GroceryAmount[] {
  const totals = new Map<string, Total>();
  for (const { qty, unit: given } of amounts) {
    const unit = given ? normalizeUnit(given) : '';
    const measure = unit ? measureKind(unit) : undefined;
    const key = measure ? measure.kind : `unit:${unit.toLowerCase()}`;
    const value = measure ? qty * measure.perUnit : qty;
    const total = totals.get(key);
    if (!total) {
      totals.set(key, {
        value,
        unit,
        oneUnit: true,
        metric: measure?.metric ?? false,
        kind: measure?.kind,
        inUnit: qty,
      });
      continue;
    }
    total.value += value;
    if (total.oneUnit && total.unit === unit) total.inUnit += qty;
    else total.oneUnit = false;
  }
  return [...totals.values()].map((total) => {
    if (total.oneUnit || !total.kind) return { qty: total.inUnit, unit: total.unit };
    const { figure, unit } = formatMeasure(total.value, total.kind, total.metric);
    return { qty: parseAmount(figure) ?? total.value, unit };
  });
}

/** One amount as a shopper reads it: '3 cups', '1 1/2 lb', '400 g', '2 cans', '3'. */
export function amountText({ qty, unit }: GroceryAmount): string {
  const fraction = !unit || isFractionUnit(unit);
  const figure = fraction ? formatFraction(qty) : formatDecimal(qty);
  if (!unit) return figure;
  return `${figure} ${qty > 1 ? pluralWord(unit) : unit}`;
}

/** What an item asks for, one entry per recipe share (a link without one counts as 1) and the hand count. */
export function itemAmounts(item: GroceryIngredient): GroceryAmount[] {
  const amounts: GroceryAmount[] = [];
  const shared = new Set<string>();
  for (const share of item.shares ?? []) {
    if (!item.recipeIds.includes(share.recipeId)) continue;
    shared.add(share.recipeId);
    if (share.amounts.length === 0) amounts.push({ qty: 1, unit: '' });
    else amounts.push(...share.amounts);
  }
  for (const recipeId of item.recipeIds) if (!shared.has(recipeId)) amounts.push({ qty: 1, unit: '' });
  if (item.qty > 0) amounts.push({ qty: item.qty, unit: '' });
  return amounts;
}

/** The quantity shown on an item: '2 lb + 1 can', '3 cups', or a count ('1' at least). */
export function itemQuantityText(item: GroceryIngredient): string {
  const totals = addUpAmounts(itemAmounts(item));
  return totals.length === 0 ? '1' : totals.map(amountText).join(' + ');
}

/** Whether the item's quantity is more than a plain count (it has a unit somewhere). */
export function hasMeasuredAmount(item: GroceryIngredient): boolean {
  return itemAmounts(item).some((amount) => amount.unit !== '');
}
