/**
 * The recipes panel's lists (docs/BEHAVIOUR.md §2, §5): Test Kitchen and Cookbook selection, the meal-type
 * filter, the Cookbook filters, search, and the six sort orders. One pass over the recipes with
 * precomputed sort keys, so a list of 5,000 recipes is built in a few milliseconds.
 */
import { COOKBOOK_RATING_THRESHOLD, type MealType } from '../constants.js';
import type { Recipe, RecipesDocument } from '../schemas/index.js';
import { isInCookbook, timesMade } from './made.js';

/** The two tabs, in tab-index order (Test Kitchen is index 0, Cookbook index 1). */
export const RECIPE_TABS = ['testKitchen', 'cookbook'] as const;
export type RecipeTab = (typeof RECIPE_TABS)[number];

/** The meal-type selector's values: a meal type, or 'all'. */
export type MealTypeFilter = MealType | 'all';

/** The Cookbook's Filter By values; 'relevant' is the default, 'none' shows everything. */
export const COOKBOOK_FILTERS = ['relevant', 'rating_5', 'rating_4', 'none'] as const;
export type CookbookFilter = (typeof COOKBOOK_FILTERS)[number];

/** The Sort By values; 'rating' is offered in the Cookbook only. */
export const SORT_ORDERS = ['count', 'rating', 'created', 'updated', 'time', 'category'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What the panel shows: the tab and its selectors. Missing selectors take their defaults. */
export interface RecipeQuery {
  tab: RecipeTab;
  mealType?: MealTypeFilter;
  /** Cookbook only; ignored in the Test Kitchen. */
  filter?: CookbookFilter;
  search?: string;
  sort?: SortOrder;
}

/** The default sort of a tab: newest first in the Test Kitchen, by category in the Cookbook. */
export function defaultSort(tab: RecipeTab): SortOrder {
  return tab === 'cookbook' ? 'category' : 'created';
}

/** The Sort By options of a tab, in menu order. */
export function sortOptions(tab: RecipeTab): SortOrder[] {
  return tab === 'cookbook' ? [...SORT_ORDERS] : SORT_ORDERS.filter((order) => order !== 'rating');
}

/** The search words of a query: split on spaces, lower-cased, empty ones dropped. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/** docs/BEHAVIOUR.md §5: every word in the name (ignoring case), or else every word in the url. */
export function matchesSearch(
  recipe: Pick<Recipe, 'name' | 'url'>,
  words: readonly string[],
  lowerName = recipe.name.toLowerCase(),
): boolean {
  if (words.length === 0) return true;
  if (words.every((word) => lowerName.includes(word))) return true;
  const url = recipe.url?.toLowerCase();
  return url !== undefined && words.every((word) => url.includes(word));
}

/** A recipe's rating, or undefined when it has none: 0 is a cleared rating, not one star less than 1. */
export function ratingOf(recipe: Pick<Recipe, 'rating'>): number | undefined {
  return recipe.rating ? recipe.rating : undefined;
}

/**
 * Whether a Cookbook filter keeps a recipe on `today`. 'relevant' hides recipes rated under 3, and
 * recipes made at least once that have no rating or one under 3: the cookbook shows what is worth
 * cooking again. Days planned ahead are not made (docs/BEHAVIOUR.md §4 "Made and planned"), so a
 * recipe only planned is still worth trying.
 */
export function passesFilter(
  recipe: Pick<Recipe, 'rating' | 'count' | 'madeOn'>,
  filter: CookbookFilter,
  today: string,
): boolean {
  const rating = ratingOf(recipe);
  switch (filter) {
    case 'relevant':
      if (rating !== undefined && rating < 3) return false;
      return !(timesMade(recipe, today) > 0 && (rating === undefined || rating < 3));
    case 'rating_5':
      return (rating ?? 0) >= 5;
    case 'rating_4':
      return (rating ?? 0) >= 4;
    case 'none':
      return true;
  }
}

/** Whether the recipe belongs in the tab on `today`: not deleted, and on the Cookbook's shelf or not. */
export function isInTab(recipe: Recipe, tab: RecipeTab, today: string): boolean {
  return !recipe.isDeleted && isInCookbook(recipe, today) === (tab === 'cookbook');
}

// A sort key per recipe, computed once; `DESCENDING` orders put the largest key first.
type Keyed = { recipe: Recipe; key: number | string; name: string };
const DESCENDING: ReadonlySet<SortOrder> = new Set(['count', 'rating', 'created', 'updated']);

function keyOf(
  recipe: Recipe,
  order: SortOrder,
  categoryNames: Map<string, string>,
  today: string,
): number | string {
  switch (order) {
    case 'count':
      // Times made: days planned ahead are not counted yet.
      return timesMade(recipe, today);
    case 'rating':
      // Unrated after every rated recipe.
      return ratingOf(recipe) ?? -1;
    case 'created':
      // ISO timestamps in UTC compare correctly as text, which saves parsing 5,000 dates.
      return recipe.createdAt;
    case 'updated':
      return recipe.updatedAt ?? recipe.createdAt;
    case 'time':
      // Quickest first; recipes without a time last.
      return recipe.time ?? Number.MAX_SAFE_INTEGER;
    case 'category': {
      const name = recipe.categoryId ? categoryNames.get(recipe.categoryId) : undefined;
      // Uncategorised recipes last: '\uffff' sorts after any name.
      return name === undefined ? '\uffff' : name.toLowerCase();
    }
  }
}

function comparator(descending: boolean): (a: Keyed, b: Keyed) => number {
  const direction = descending ? -1 : 1;
  return (a, b) => {
    if (a.key !== b.key) return (a.key < b.key ? -1 : 1) * direction;
    // Ties by name, then id, so the order is the same on every device.
    if (a.name !== b.name) return a.name < b.name ? -1 : 1;
    return a.recipe.id < b.recipe.id ? -1 : a.recipe.id > b.recipe.id ? 1 : 0;
  };
}

/**
 * The recipes a tab shows for its selectors on `today` (a day id: what is made and which shelf a
 * recipe is on depend on it), sorted. In the Test Kitchen the rating sort and the Cookbook filters
 * do not apply (its default sort is used instead).
 */
export function selectRecipes(doc: RecipesDocument, query: RecipeQuery, today: string): Recipe[] {
  const { tab } = query;
  const mealType = query.mealType ?? 'all';
  const filter: CookbookFilter = tab === 'cookbook' ? (query.filter ?? 'relevant') : 'none';
  let order = query.sort ?? defaultSort(tab);
  if (!sortOptions(tab).includes(order)) order = defaultSort(tab);
  const words = searchWords(query.search);
  const categoryNames = new Map(
    Object.values(doc.categories).map((category) => [category.id, category.name]),
  );

  const keyed: Keyed[] = [];
  for (const recipe of Object.values(doc.recipes)) {
    if (!isInTab(recipe, tab, today)) continue;
    if (mealType !== 'all' && recipe.mealType !== mealType) continue;
    if (!passesFilter(recipe, filter, today)) continue;
    const name = recipe.name.toLowerCase();
    if (!matchesSearch(recipe, words, name)) continue;
    keyed.push({ recipe, key: keyOf(recipe, order, categoryNames, today), name });
  }
  return keyed.sort(comparator(DESCENDING.has(order))).map((entry) => entry.recipe);
}

/** True when a rating puts a Test Kitchen recipe in the cookbook (docs/BEHAVIOUR.md §9: above 3). */
export function ratingMovesToCookbook(rating: number): boolean {
  return rating > COOKBOOK_RATING_THRESHOLD;
}
