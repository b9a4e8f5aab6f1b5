/**
 * reducers: `(doc, action) => doc` for the four documents (docs/BEHAVIOUR.md §4), the action creators that put
 * ids, times and hashes into actions, cross-document helpers, and the selectors the screens need.
 */
export {
  ACTION_NOT_SUPPORTED,
  LAST_CATEGORY_ERROR,
  LAST_STORE_ERROR,
  MAIN_AISLE_ERROR,
  defaultEnv,
  randomUuid,
} from './env.js';
export type { ActionEnv } from './env.js';
export { reduceDocument, isPushNow } from './reduce-document.js';
export { upgradeQueuedAction } from './upgrade.js';
export { reconcileMadeOn, replacedPlans } from './heal.js';
export type { ReplacedPlan } from './heal.js';
export type { ActionsByKind, ActionOf, AnyAction } from './reduce-document.js';
export { agendaReducer, agendaActions, firstEmptyDay, isSlotFree, dayRecipeIds } from './agenda.js';
export type {
  AgendaAction,
  UpdateDayAction,
  AddRecipeAction,
  RemoveRecipeAction,
  SwapRecipesAction,
  AddRecipeToFirstEmptyDayAction,
} from './agenda.js';
export { recipesReducer, recipeActions, EDITABLE_RECIPE_FIELDS } from './recipes.js';
export type {
  RecipesAction,
  RecipeFields,
  RecipeChanges,
  AddAction,
  UpdateAction,
  RemoveAction,
  ServingsAction,
  AddedToAgendaAction,
  RemoveFromAgendaAction,
  SetRatingAction,
  MoveToCookbookAction,
} from './recipes.js';
export { normalizeRecipe } from './normalize-recipe.js';
export {
  categoryActions,
  categoriesOf,
  canRemoveCategory,
  findCategoryByName,
  suggestCategory,
} from './categories.js';
export type {
  CategoryAction,
  AddCategoryAction,
  UpdateCategoryAction,
  RemoveCategoryAction,
} from './categories.js';
export { importActions } from './recipes-import.js';
export type { ImportAction, AddScrapedRecipesAction, AddOtherUsersRecipeAction } from './recipes-import.js';
export { notesReducer, noteActions } from './notes.js';
export type { NotesAction, PutNoteAction } from './notes.js';
export { groceriesReducer, groceryActions } from './groceries.js';
export type { GroceriesAction, GroceriesActionType } from './groceries.js';
export { normalizeGroceries, findByName, findItem, nameKey } from './groceries-model.js';
export type { ItemLocation } from './groceries-model.js';
export { isStaple, type PlannedItem, type RestoredItem } from './groceries-items.js';
export { aisleFor, aisleMemoryKey, suggestedAisle } from './grocery-aisles.js';
export {
  daysBetween,
  groceryAmountsOf,
  shopDaysReview,
  type ShopDaysLine,
  type ShopDaysReview,
} from './shop-days.js';
export {
  addUpAmounts,
  amountText,
  hasMeasuredAmount,
  itemAmounts,
  itemQuantityText,
} from './grocery-amounts.js';
export {
  isItemVisible,
  displayedCount,
  sortedStores,
  sortedAisles,
  activeStore,
  aisleRows,
  visibleAisles,
  isIngredientOnList,
} from './groceries-selectors.js';
export {
  planRecipe,
  unplanRecipe,
  planOnFirstEmptyDay,
  swapDays,
  quickDinnerToCookbook,
  kindsOf,
} from './plan.js';
export type { DocumentAction } from './plan.js';
