/** recipes: the recipes panel's lists (selection, filters, search, sort) and its empty-result sentence. */
export {
  RECIPE_TABS,
  COOKBOOK_FILTERS,
  SORT_ORDERS,
  defaultSort,
  sortOptions,
  searchWords,
  matchesSearch,
  passesFilter,
  ratingOf,
  isInTab,
  selectRecipes,
  ratingMovesToCookbook,
} from './recipe-list.js';
export type { RecipeTab, MealTypeFilter, CookbookFilter, SortOrder, RecipeQuery } from './recipe-list.js';
export { emptyResultMessage } from './empty-result.js';
export { isInCookbook, madeFacts, timesMade, type MadeFacts } from './made.js';
export { ingredientLinesForServings, ingredientsForServings, stepServings } from './servings.js';
export { clockText, durationLabel, findDurations, recipeSteps, type FoundDuration } from './cook-steps.js';
export { importedCategory, mealTypeOfCategories } from './import-kind.js';
