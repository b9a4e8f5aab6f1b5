/**
 * schemas: the wire format. Zod schemas and inferred types for every entity and document of docs/BEHAVIOUR.md §3,
 * the request bodies the server validates, and the documents a new account starts with.
 */
export { LIMITS, GROCERY_MEMORY_LIMIT } from '../constants.js';
export { EntityIdSchema, DayIdSchema, TimestampSchema, MinutesSchema } from './common.js';
export { isDayId, addDays, toDayId } from './day-id.js';
export {
  MealTypeSchema,
  IngredientSchema,
  RatingSchema,
  RecipeSchema,
  CategorySchema,
  RecipesDocumentSchema,
} from './recipes.js';
export { CATEGORY_NAME_TOO_LONG } from '../constants.js';
export type { Ingredient, Recipe, Category, RecipesDocument } from './recipes.js';
export { DaySchema, AgendaDocumentSchema } from './agenda.js';
export type { Day, AgendaDocument } from './agenda.js';
export { NoteTextSchema, NotesDocumentSchema } from './notes.js';
export type { NotesDocument } from './notes.js';
export {
  GroceryAmountSchema,
  GroceryShareSchema,
  GroceryIngredientSchema,
  AisleSchema,
  StoreSchema,
  GroceriesDocumentSchema,
} from './groceries.js';
export {
  MAIN_AISLE_NAME,
  placeholderId,
  createPlaceholder,
  createAisle,
  createStore,
} from './grocery-parts.js';
export type {
  GroceryAmount,
  GroceryShare,
  GroceryIngredient,
  Aisle,
  Store,
  GroceriesDocument,
} from './groceries.js';
export {
  EmailSchema,
  PasswordSchema,
  FollowingEntrySchema,
  CurrentUserSchema,
  PlanNameSchema,
  CoplannerSchema,
  StatusSchema,
  UpdateMeInputSchema,
  LoginInputSchema,
  RegisterInputSchema,
  EmailInputSchema,
  SetPasswordInputSchema,
  ChangePasswordInputSchema,
  CoplannerInputSchema,
  UserIdInputSchema,
  EMAIL_PATTERN,
  planLimits,
} from './account.js';
export type {
  FollowingEntry,
  CurrentUser,
  Coplanner,
  Status,
  UpdateMeInput,
  LoginInput,
  RegisterInput,
  EmailInput,
  SetPasswordInput,
  ChangePasswordInput,
  CoplannerInput,
  UserIdInput,
} from './account.js';
export { ScrapedRecipeSchema, ScrapedRecipesSchema } from './scraped.js';
export type { ScrapedRecipe, ScrapedRecipes } from './scraped.js';
export { documentSchemas } from './documents.js';
export {
  defaultCategories,
  emptyDocument,
  DEFAULT_STORE_ID,
  DEFAULT_MAIN_AISLE_ID,
  DEFAULT_STORE_NAME,
} from './empty-documents.js';
export type { DocumentOf, AnyDocument } from './documents.js';
