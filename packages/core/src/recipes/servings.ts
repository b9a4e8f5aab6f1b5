/**
 * Looking at a recipe for another number of people (docs/DOCUMENTS.md "Servings are a view"). The
 * amounts shown are always worked out from what was typed, for the servings it was typed for; the
 * stored recipe is never rewritten by viewing it. Scaling an already scaled and rounded amount drifted
 * ('1.5 kg' for 4, down to 1 and back up, came back as 1.52 kg), and the same servings could show
 * different amounts depending on the path taken.
 */
import { shownLine } from '../ingredients/display.js';
import { scaleIngredients } from '../ingredients/scale.js';
import { LIMITS, type Ingredient, type Recipe } from '../schemas/index.js';

/** The ingredients of `recipe` for `servings` people: the stored ones when that is what it serves. */
export function ingredientsForServings(
  recipe: Pick<Recipe, 'ingredients' | 'servings'>,
  servings: number | undefined,
): Ingredient[] {
  if (recipe.servings === undefined || servings === undefined || servings === recipe.servings) {
    return recipe.ingredients;
  }
  return scaleIngredients(recipe.ingredients, recipe.servings, servings);
}

/**
 * The lines the recipe shows for `servings` people: the lines as typed at the recipe's own
 * servings, scaled in place for others (docs/BEHAVIOUR.md "Ingredient lines").
 */
export function ingredientLinesForServings(
  recipe: Pick<Recipe, 'ingredients' | 'servings'>,
  servings: number | undefined,
): string[] {
  const factor = recipe.servings === undefined || servings === undefined ? 1 : servings / recipe.servings;
  return recipe.ingredients.map((ingredient) => shownLine(ingredient, factor));
}

/** One step of the servings stepper: within 1 and the schema's maximum. */
export function stepServings(servings: number, step: 1 | -1): number {
  return Math.min(LIMITS.servings, Math.max(1, servings + step));
}
