/**
 * An imported recipe meets the account's recipes document (docs/BEHAVIOUR.md "Import & export"):
 * which recipe it duplicates, and the fields it is added with (meal type and category from its
 * own categories and tags, by the rules of an import from a link).
 */
import { DEFAULT_MEAL_TYPE } from '../constants.js';
import { typedLine } from '../ingredients/index.js';
import type { RecipeFields } from '../reducers/index.js';
import { importedCategory, mealTypeOfCategories } from '../recipes/import-kind.js';
import type { Ingredient, Recipe, RecipesDocument } from '../schemas/index.js';
import type { ArchiveRecipe } from './types.js';

const key = (text: string | undefined): string => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
const ingredientKey = (ingredients: readonly Ingredient[]): string =>
  ingredients.map((i) => key(typedLine(i))).join('\n');

/**
 * The live recipe of the document that `recipe` repeats: the same name and source link, or the
 * same name and ingredient lines. Undefined when it is new.
 */
export function findDuplicate(
  doc: RecipesDocument,
  recipe: Pick<ArchiveRecipe, 'name' | 'url' | 'ingredients'>,
): Recipe | undefined {
  const name = key(recipe.name);
  const lines = ingredientKey(recipe.ingredients);
  return Object.values(doc.recipes).find(
    (existing) =>
      !existing.isDeleted &&
      key(existing.name) === name &&
      ((recipe.url !== undefined && key(existing.url) === key(recipe.url)) ||
        ingredientKey(existing.ingredients) === lines),
  );
}

/** The fields a recipe is added with; `photoId` once its photo is stored. */
export function archiveRecipeFields(
  doc: RecipesDocument,
  recipe: ArchiveRecipe,
  photoId?: string,
): RecipeFields {
  const mealType = mealTypeOfCategories(recipe.categories) ?? DEFAULT_MEAL_TYPE;
  const categoryId = importedCategory(doc, recipe, mealType);
  const fields: RecipeFields = { name: recipe.name, mealType, ingredients: recipe.ingredients };
  for (const field of [
    'instructions',
    'description',
    'notes',
    'url',
    'servings',
    'prepTime',
    'cookTime',
    'time',
    'rating',
  ] as const) {
    if (recipe[field] !== undefined) (fields as Record<string, unknown>)[field] = recipe[field];
  }
  if (categoryId) fields.categoryId = categoryId;
  if (photoId) fields.photoId = photoId;
  return fields;
}
