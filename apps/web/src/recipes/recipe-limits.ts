/**
 * What the server would refuse in a recipe, checked in the form before anything is queued
 * (docs/SYNC.md "A refused push is permanent, visible and isolated"). The limits come from core's
 * schemas, the one source the server validates with; the plan's recipe limit is in `account/plan.ts`.
 */
import { IngredientSchema, LIMITS, RecipeSchema, type Ingredient } from '@mealplan/core';

export { fitsRecipeLimit, recipeLimitMessage } from '../account';

const count = (n: number) => n.toLocaleString('en-US');

type CheckedField =
  'name' | 'url' | 'description' | 'instructions' | 'notes' | 'servings' | 'prepTime' | 'cookTime' | 'time';

/**
 * The message for a field value the recipe schema refuses, or `true`. Text is measured as the
 * server stores it (trimmed); an empty optional field is fine.
 */
export function recipeFieldError(field: CheckedField, value: string | number | undefined): string | true {
  if (value === undefined || value === '') return true;
  const result = RecipeSchema.shape[field].safeParse(value);
  if (result.success) return true;
  const issue = result.error.issues[0];
  if (issue?.code === 'too_big') {
    return issue.origin === 'string'
      ? `At most ${count(Number(issue.maximum))} characters`
      : `At most ${count(Number(issue.maximum))}`;
  }
  if (issue?.code === 'too_small') return `At least ${count(Number(issue.minimum))}`;
  return issue?.message ?? 'Not a valid value';
}

/** The message for a parsed ingredient list the schema refuses, or `true`. */
export function ingredientsError(ingredients: readonly Ingredient[]): string | true {
  if (ingredients.length > LIMITS.ingredients) return `At most ${count(LIMITS.ingredients)} ingredients`;
  const tooLong = ingredients.findIndex((line) => !IngredientSchema.safeParse(line).success);
  if (tooLong >= 0)
    return `Line ${tooLong + 1} is too long (at most ${count(LIMITS.ingredientField)} characters)`;
  return true;
}
