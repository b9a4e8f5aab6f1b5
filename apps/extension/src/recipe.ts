/**
 * From a scanned page to the recipe the server takes (docs/BEHAVIOUR.md §7 "scraped recipes"): core's
 * extractor reads the page; this keeps what the server's schema accepts.
 */
import {
  extractRecipe,
  LIMITS,
  mealTypeOfCategories,
  ScrapedRecipeSchema,
  type ScrapedRecipe,
} from '@mealplan/core';

/** What a scan of a page found. */
export type ScanResult =
  { found: true; recipe: ScrapedRecipe } | { found: false; reason: 'no-recipe' | 'too-large' };

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Reads the recipe on a page. A page counts as a recipe only when it lists ingredients: every
 * page has a title, and a title alone is not a recipe.
 */
export function recipeFromPage(html: string, pageUrl: string): ScanResult {
  const extracted = extractRecipe(html, pageUrl);
  if (!extracted || !extracted.name.trim() || extracted.ingredients.length === 0) {
    return { found: false, reason: 'no-recipe' };
  }
  const image = extracted.image && extracted.image.length <= LIMITS.url ? extracted.image : null;
  // The meal type the page names ('Dessert'), as an import from a link takes it (docs/BEHAVIOUR.md).
  const mealType = mealTypeOfCategories(extracted.categories);
  const candidate: ScrapedRecipe = {
    name: clip(extracted.name.trim(), LIMITS.name),
    // Matching by url (ADD_SCRAPED_RECIPES) needs the address the person scanned, not a canonical one.
    url: pageUrl,
    ingredients: extracted.ingredients
      .slice(0, LIMITS.ingredients)
      .map((line) => clip(line, LIMITS.ingredientField)),
    instructions: extracted.instructions ? clip(extracted.instructions, LIMITS.longText) : null,
    servings:
      extracted.servings !== null && extracted.servings >= 1 && extracted.servings <= LIMITS.servings
        ? Math.round(extracted.servings)
        : null,
    prepTime: minutes(extracted.prepTime),
    cookTime: minutes(extracted.cookTime),
    totalTime: minutes(extracted.totalTime),
    image,
    ...(mealType ? { mealType } : {}),
  };
  const checked = ScrapedRecipeSchema.safeParse(candidate);
  return checked.success ? { found: true, recipe: checked.data } : { found: false, reason: 'too-large' };
}

function minutes(value: number | null): number | null {
  if (value === null || !Number.isFinite(value) || value < 0 || value > LIMITS.minutes) return null;
  return Math.round(value);
}
