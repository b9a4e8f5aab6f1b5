/**
 * What an imported recipe is filed as (docs/BEHAVIOUR.md "Import from a link"): the meal type its
 * page names among its own categories ('Dessert', 'Main course', 'Frühstück'), and the account's
 * category whose keyword is in its name or in those categories, else one named like a category
 * the page gives ('Dessert' -> 'Desserts'). The extractor only reports the page's words
 * (`ExtractedRecipe.categories`); the choice is made here, so the form and a scan agree.
 */
import type { MealType } from '../constants.js';
import { suggestCategory } from '../reducers/categories.js';
import type { RecipesDocument } from '../schemas/index.js';

/**
 * Words for each meal type, in the languages recipe pages are most often written in. A side dish,
 * a starter, a snack or a drink is none of them. Ambiguous words are left out: 'entrée' is a
 * starter in France and a main course in America, 'frokost' lunch in Denmark and breakfast in Norway.
 */
const MEAL_TYPE_WORDS: ReadonlyArray<[MealType, string]> = [
  [
    'breakfast',
    String.raw`breakfasts?|brunch(?:es)?|frühstück|petit[- ]d[ée]jeuners?|desayunos?|ontbijt|frukost|morgenmad|colazione|caf[ée] da manh[ãa]|śniadani[ae]|snídaně|raňajky|kahvaltı|aamiainen`,
  ],
  [
    'dessert',
    String.raw`desserts?|dessertit|dezerty?|desery?|postres?|nachtisch|nachspeisen?|süßspeisen?|toetjes?|nagerechten?|efterrätt(?:er)?|jälkiruoat?|dolci|sobremesas?|tatlılar|tatlı|puddings?|sweets|treats|candy`,
  ],
  [
    'lunch',
    String.raw`lunch(?:es)?|luncheon|mittagessen|d[ée]jeuners?|almuerzos?|almoço|pranzo|lunsj|lounas`,
  ],
  [
    'dinner',
    String.raw`dinners?|suppers?|main (?:course|dish|meal)(?:es|s)?|mains|abendessen|abendbrot|hauptgerichte?|hauptspeisen?|plats? principa(?:l|ux)|dîners?|platos? (?:principal(?:es)?|fuertes?)|cenas?|hoofdgerechten?|diner|avondeten|middag|huvudrätt(?:er)?|aftensmad|hovedretter|hovedrett|jantar|secondi|illallinen|päivällinen`,
  ],
  [
    'baking',
    String.raw`baking|baked goods|bakes|breads?|cakes?|cookies?|biscuits?|muffins?|pastry|pastries|brownies?|scones?|backen|gebäck|kuchen|brot|plätzchen|kekse|p[âa]tisseries?|boulangerie|viennoiseries?|g[âa]teaux?|bakning|bakverk|bagværk|kager|kaker|brød|bakst|wypieki|ciasta|pečivo`,
  ],
];
// A word of the list as a whole word (no letter on either side), whatever the case.
const MEAL_TYPE_PATTERNS = MEAL_TYPE_WORDS.map(
  ([mealType, words]) => [mealType, new RegExp(String.raw`(?<!\p{L})(?:${words})(?!\p{L})`, 'iu')] as const,
);

/**
 * The meal type the page's categories name: the first category that names one, and in it the word
 * that comes first ('Breakfast and Brunch', 'Cake & Dessert' -> baking). Null when none does.
 */
export function mealTypeOfCategories(categories: readonly string[] | null | undefined): MealType | null {
  for (const category of categories ?? []) {
    let best: { mealType: MealType; at: number } | null = null;
    for (const [mealType, pattern] of MEAL_TYPE_PATTERNS) {
      const at = pattern.exec(category)?.index;
      if (at !== undefined && (best === null || at < best.at)) best = { mealType, at };
    }
    if (best) return best.mealType;
  }
  return null;
}

/** A category name compared without case, spaces around it or a plural ending ('Sandwiches' ~ 'sandwich'). */
function nameKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/(?<=(?:ch|sh|x|ss))es$|s$/u, '');
}

/**
 * The account's category of `mealType` for an imported recipe: one whose keyword is in its name
 * (the rule scanned recipes follow), else one whose keyword is in the page's categories, else
 * one named like a page category. Undefined when none fits.
 */
export function importedCategory(
  doc: RecipesDocument,
  recipe: { name: string; categories?: readonly string[] | null },
  mealType: MealType,
): string | undefined {
  const byName = suggestCategory(doc, recipe.name, mealType);
  if (byName) return byName;
  const pageCategories = recipe.categories ?? [];
  for (const category of pageCategories) {
    const byKeyword = suggestCategory(doc, category, mealType);
    if (byKeyword) return byKeyword;
  }
  const wanted = new Set(pageCategories.map(nameKey));
  return Object.values(doc.categories).find(
    (category) => category.mealType === mealType && wanted.has(nameKey(category.name)),
  )?.id;
}
