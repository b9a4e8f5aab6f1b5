/**
 * 'Shop these days' (docs/BEHAVIOUR.md "Shop these days"): every ingredient of the recipes planned
 * from one day to another, merged by name, with each recipe's amounts, grouped by the aisle each
 * would go to in the store, staples marked. Quick recipes and notes have no ingredients and are
 * left out. Pure: the review sheet shows it, and `groceryActions.addPlannedIngredients` adds what
 * the user keeps ticked.
 */
import { MEAL_TYPES } from '../constants.js';
import { SIZE_WORDS, findUnit, isHeading, normalizeUnit, parseAmount } from '../ingredients/index.js';
import {
  addDays,
  type AgendaDocument,
  type GroceriesDocument,
  type GroceryAmount,
  type GroceryShare,
  type Ingredient,
  type RecipesDocument,
  type Store,
} from '../schemas/index.js';
import { isStaple } from './groceries-items.js';
import { addUpAmounts, amountText } from './grocery-amounts.js';
import { aisleFor, aisleMemoryKey } from './grocery-aisles.js';
import { byOrder } from './groceries-model.js';

/**
 * What one ingredient line asks of the shop at `factor` times the recipe's servings: its amount
 * and unit ('' for a count). A range ('2-3') is bought at its top; a line without an amount asks
 * for none (it counts as one on the list). A size word read as the unit ('2 large cloves' keeps
 * 'large' as its unit and 'cloves' in `input`) gives the unit word back ('2 cloves'), and with no
 * unit word after it the line is a count ('1 medium rib celery': 1).
 */
export function groceryAmountsOf(
  ingredient: Pick<Ingredient, 'qty' | 'unit'> & Partial<Pick<Ingredient, 'input'>>,
  factor = 1,
): GroceryAmount[] {
  const parts = ingredient.qty.split(/\s*(?:-|–|to)\s*/);
  const value = parseAmount(parts[parts.length - 1] ?? '');
  if (value === undefined || !(value > 0) || !(factor > 0)) return [];
  const qty = Math.round(value * factor * 1000) / 1000;
  let unit = ingredient.unit ? normalizeUnit(ingredient.unit) : '';
  if (SIZE_WORDS.has(unit.toLowerCase())) {
    const next = /^[A-Za-z.]+/.exec(ingredient.input ?? '')?.[0] ?? '';
    unit = findUnit(next)?.short ?? '';
  }
  return qty > 0 ? [{ qty, unit }] : [];
}

/** One line of the review: an ingredient and what the planned recipes need of it. */
export interface ShopDaysLine {
  /** The name as the first recipe writes it. */
  name: string;
  /** The normalised name: lines are merged by it. */
  key: string;
  shares: GroceryShare[];
  /** The amounts added up: '2 lb + 1 can'. */
  quantity: string;
  /** The names of the recipes it is for, in plan order, each once. */
  recipes: string[];
  aisleId: string;
  /** Marked 'usually have': the sheet offers it unticked. */
  staple: boolean;
}

/** The review sheet's content, by aisle in the store's order. */
export interface ShopDaysReview {
  aisles: { id: string; name: string; lines: ShopDaysLine[] }[];
  /** How many planned recipes (a recipe on two days counts twice). */
  plannedRecipes: number;
  lineCount: number;
}

/** The days from `from` to `to`, both included (none when `to` is before `from`; at most a year). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to && days.length < 366; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The review of the ingredients of the recipes planned from `from` to `to` for `store`. */
export function shopDaysReview(
  agenda: AgendaDocument,
  recipes: RecipesDocument,
  groceries: GroceriesDocument,
  store: Store,
  from: string,
  to: string,
): ShopDaysReview {
  const lines = new Map<string, ShopDaysLine>();
  // Recipes repeat names and amounts: each name's key is worked out once.
  const keys = new Map<string, string>();
  const keyOf = (name: string) => {
    let key = keys.get(name);
    if (key === undefined) keys.set(name, (key = aisleMemoryKey(name)));
    return key;
  };
  let plannedRecipes = 0;
  for (const dayId of daysBetween(from, to)) {
    const day = agenda.days[dayId];
    if (!day) continue;
    for (const mealType of MEAL_TYPES) {
      const recipeId = day[mealType];
      const recipe = recipeId ? recipes.recipes[recipeId] : undefined;
      if (!recipe || recipe.isDeleted) continue;
      plannedRecipes += 1;
      // One share per ingredient name and planned day: lines of the same name add up in it.
      const ofThisRecipe = new Map<string, GroceryShare>();
      for (const ingredient of recipe.ingredients) {
        const name = ingredient.name.trim();
        if (!name || isHeading(ingredient)) continue;
        const key = keyOf(name);
        let line = lines.get(key);
        if (!line) {
          line = { name, key, shares: [], quantity: '', recipes: [], aisleId: '', staple: false };
          lines.set(key, line);
        }
        let share = ofThisRecipe.get(key);
        if (!share) {
          share = { recipeId: recipe.id, dayId, amounts: [] };
          ofThisRecipe.set(key, share);
          line.shares.push(share);
          if (!line.recipes.includes(recipe.name)) line.recipes.push(recipe.name);
        }
        share.amounts.push(...groceryAmountsOf(ingredient));
      }
      // Two lines of one food in one recipe ('1 cup flour' for the dough, '2 tbsp' to dust) add up.
      for (const share of ofThisRecipe.values()) {
        if (share.amounts.length > 1) share.amounts = addUpAmounts(share.amounts).slice(0, 10);
      }
    }
  }
  const byAisle = new Map<string, ShopDaysLine[]>();
  for (const line of lines.values()) {
    const amounts = line.shares.flatMap((share) =>
      share.amounts.length > 0 ? share.amounts : [{ qty: 1, unit: '' }],
    );
    line.quantity = addUpAmounts(amounts).map(amountText).join(' + ');
    line.aisleId = aisleFor(store, line.name).id;
    line.staple = isStaple(groceries, line.name);
    const list = byAisle.get(line.aisleId) ?? [];
    list.push(line);
    byAisle.set(line.aisleId, list);
  }
  const aisles = Object.values(store.aisles)
    .sort(byOrder)
    .filter((aisle) => byAisle.has(aisle.id))
    .map((aisle) => ({
      id: aisle.id,
      name: aisle.name,
      lines: byAisle.get(aisle.id)!.sort((a, b) => a.key.localeCompare(b.key)),
    }));
  return { aisles, plannedRecipes, lineCount: lines.size };
}
