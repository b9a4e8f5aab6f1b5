/**
 * Recipes that come from elsewhere (docs/BEHAVIOUR.md §4): pages scraped by the browser extension, matched by url
 * (update, else create), and another user's recipe copied into one's own Test Kitchen.
 */
import { DEFAULT_MEAL_TYPE } from '../constants.js';
import { ingredientsFromText } from '../ingredients/index.js';
import type { Recipe, RecipesDocument, ScrapedRecipe } from '../schemas/index.js';
import { findCategoryByName, suggestCategory } from './categories.js';
import { defaultEnv, type ActionEnv } from './env.js';
import { normalizeRecipe } from './normalize-recipe.js';

/** Scraped recipes, each with the id it gets if it is new; `now` stamps createdAt or updatedAt. */
export interface AddScrapedRecipesAction {
  type: 'ADD_SCRAPED_RECIPES';
  recipes: Array<{ id: string; recipe: ScrapedRecipe }>;
  now: string;
}
/**
 * Copies another user's recipe into the Test Kitchen under `id`: unrated, not in the cookbook, never
 * made, in the own category of the same name and meal type (`categoryName`, looked up in the other
 * user's categories by the creator), else in none.
 */
export interface AddOtherUsersRecipeAction {
  type: 'ADD_OTHER_USERS_RECIPE_TO_TEST_KITCHEN';
  id: string;
  recipe: Recipe;
  categoryName?: string;
  createdAt: string;
  userId?: string;
}

/** The import actions of the recipes document. */
export type ImportAction = AddScrapedRecipesAction | AddOtherUsersRecipeAction;

// Lines the extractor found become parsed ingredients; parsing is deterministic, so a replay agrees.
function scrapedFields(scraped: ScrapedRecipe): Partial<Recipe> {
  const fields: Partial<Recipe> = {
    name: scraped.name,
    url: scraped.url,
    ingredients: ingredientsFromText(scraped.ingredients.join('\n')),
  };
  if (scraped.instructions) fields.instructions = scraped.instructions;
  if (scraped.servings) fields.servings = scraped.servings;
  if (scraped.prepTime != null) fields.prepTime = scraped.prepTime;
  if (scraped.cookTime != null) fields.cookTime = scraped.cookTime;
  // Only a total is known: keep it as the recipe's time (normalizeRecipe prefers prep + cook).
  if (scraped.totalTime != null) fields.time = scraped.totalTime;
  if (scraped.photoId) fields.photoId = scraped.photoId;
  return fields;
}

/** The recipe with this url, preferring one not deleted. */
function findByUrl(recipes: Record<string, Recipe>, url: string): Recipe | undefined {
  let deleted: Recipe | undefined;
  for (const recipe of Object.values(recipes)) {
    if (recipe.url !== url) continue;
    if (!recipe.isDeleted) return recipe;
    deleted ??= recipe;
  }
  return deleted;
}

function addScraped(doc: RecipesDocument, action: AddScrapedRecipesAction): RecipesDocument {
  const recipes = { ...doc.recipes };
  for (const { id, recipe: scraped } of action.recipes) {
    const url = scraped.url.trim();
    const existing = url ? findByUrl(recipes, url) : undefined;
    const fields = { ...scrapedFields(scraped), url };
    if (existing) {
      // Scanning a page again refreshes its content but keeps the user's rating, history and category;
      // a deleted recipe scanned again comes back.
      const next: Recipe = { ...existing, ...fields, updatedAt: action.now };
      delete next.isDeleted;
      recipes[existing.id] = normalizeRecipe(next);
      continue;
    }
    const mealType = scraped.mealType ?? DEFAULT_MEAL_TYPE;
    const categoryId = suggestCategory(doc, scraped.name, mealType);
    recipes[id] = normalizeRecipe({
      ingredients: [],
      ...fields,
      id,
      name: scraped.name,
      mealType,
      inCookbook: false,
      madeOn: [],
      count: 0,
      createdAt: action.now,
      ...(categoryId ? { categoryId } : {}),
    });
  }
  return { ...doc, recipes };
}

function addOtherUsers(doc: RecipesDocument, action: AddOtherUsersRecipeAction): RecipesDocument {
  if (doc.recipes[action.id]) return doc;
  const source = action.recipe;
  const copy: Recipe = {
    id: action.id,
    name: source.name,
    mealType: source.mealType,
    inCookbook: false,
    ingredients: source.ingredients,
    madeOn: [],
    count: 0,
    createdAt: action.createdAt,
  };
  for (const key of [
    'url',
    'description',
    'instructions',
    'notes',
    'servings',
    'prepTime',
    'cookTime',
    'time',
  ] as const) {
    if (source[key] !== undefined) (copy as Record<string, unknown>)[key] = source[key];
  }
  const categoryId = action.categoryName && findCategoryByName(doc, action.categoryName, source.mealType);
  if (categoryId) copy.categoryId = categoryId;
  if (action.userId) copy.userId = action.userId;
  return { ...doc, recipes: { ...doc.recipes, [copy.id]: normalizeRecipe(copy) } };
}

/** Applies an import action. */
export function reduceImport(doc: RecipesDocument, action: ImportAction): RecipesDocument {
  return action.type === 'ADD_SCRAPED_RECIPES' ? addScraped(doc, action) : addOtherUsers(doc, action);
}

/** Creators of import actions; new ids and times come from `env`. */
export const importActions = {
  addScrapedRecipes: (
    recipes: readonly ScrapedRecipe[],
    env: ActionEnv = defaultEnv,
  ): AddScrapedRecipesAction => ({
    type: 'ADD_SCRAPED_RECIPES',
    recipes: recipes.map((recipe) => ({ id: env.newId(), recipe })),
    now: env.now().toISOString(),
  }),
  /** `theirs` is the other user's recipes document, to find the copied recipe's category name. */
  addOtherUsersRecipe: (
    recipe: Recipe,
    theirs: RecipesDocument | undefined,
    userId?: string,
    env: ActionEnv = defaultEnv,
  ): AddOtherUsersRecipeAction => {
    const categoryName = recipe.categoryId ? theirs?.categories[recipe.categoryId]?.name : undefined;
    return {
      type: 'ADD_OTHER_USERS_RECIPE_TO_TEST_KITCHEN',
      id: env.newId(),
      recipe,
      createdAt: env.now().toISOString(),
      ...(categoryName ? { categoryName } : {}),
      ...(userId ? { userId } : {}),
    };
  },
};
