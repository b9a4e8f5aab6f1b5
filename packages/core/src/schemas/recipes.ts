/**
 * Recipe, ingredient and category schemas (docs/BEHAVIOUR.md §3) and the recipes document that holds them:
 * `{ recipes: { [id]: Recipe }, categories: { [id]: Category } }`.
 */
import { z } from 'zod';
import { built, lazySchema } from './lazy.js';
import {
  CATEGORY_NAME_MAX_LENGTH,
  CATEGORY_NAME_TOO_LONG,
  MEAL_TYPES,
  RATING_MAX,
  RATING_MIN,
} from '../constants.js';
import {
  DayIdSchema,
  EntityIdSchema,
  LIMITS,
  MinutesSchema,
  TimestampSchema,
  keyedBy,
  requiredText,
} from './common.js';

/** One of the five meal types (never 'all', which is a list filter only). */
export const MealTypeSchema = /* @__PURE__ */ lazySchema(() => z.enum(MEAL_TYPES));

/**
 * A parsed ingredient line: quantity as text ('1 1/2'), short unit, name, and the remaining text in
 * `input`; `line` is the line as typed, which is what the recipe shows (docs/BEHAVIOUR.md
 * "Ingredient lines"; absent on lines stored before it was kept). A heading (a line ending with
 * ':') has only `name` filled.
 */
export const IngredientSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    qty: z.string().max(LIMITS.ingredientField),
    unit: z.string().max(LIMITS.ingredientField),
    name: z.string().max(LIMITS.ingredientField),
    input: z.string().max(LIMITS.ingredientField),
    line: z.string().max(LIMITS.ingredientField).optional(),
  }),
);
export type Ingredient = z.infer<typeof IngredientSchema>;

/** A star rating, 0 to 5; an unrated recipe leaves the field out. */
export const RatingSchema = /* @__PURE__ */ lazySchema(() =>
  z.number().int().min(RATING_MIN).max(RATING_MAX),
);

/**
 * A recipe as stored in the recipes document. Optional fields are left out when empty (a document
 * never holds null). `isDeleted` recipes stay in the document so past agenda days keep their name.
 * `time` is the total time: as the user or the imported page gave it, else prep plus cook, kept in
 * step by the reducers. `madeOn` lists day ids newest first and
 * `count` is how many times the recipe was put on the agenda.
 */
export const RecipeSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: built(EntityIdSchema),
    name: requiredText(LIMITS.name),
    mealType: built(MealTypeSchema),
    inCookbook: z.boolean(),
    isDeleted: z.boolean().optional(),
    url: z.string().max(LIMITS.url).optional(),
    description: z.string().max(LIMITS.longText).optional(),
    ingredients: z.array(built(IngredientSchema)).max(LIMITS.ingredients),
    instructions: z.string().max(LIMITS.longText).optional(),
    notes: z.string().max(LIMITS.longText).optional(),
    /** The recipe's photo, stored by the server outside this document (docs/DOCUMENTS.md "Photos"). */
    photoId: built(EntityIdSchema).optional(),
    categoryId: built(EntityIdSchema).optional(),
    servings: z.number().int().min(1).max(LIMITS.servings).optional(),
    rating: built(RatingSchema).optional(),
    prepTime: built(MinutesSchema).optional(),
    cookTime: built(MinutesSchema).optional(),
    time: built(MinutesSchema).optional(),
    createdAt: built(TimestampSchema),
    updatedAt: built(TimestampSchema).optional(),
    madeOn: z.array(built(DayIdSchema)).max(LIMITS.madeOn),
    count: z.number().int().min(0),
    userId: built(EntityIdSchema).optional(),
  }),
);
export type Recipe = z.infer<typeof RecipeSchema>;

export { CATEGORY_NAME_TOO_LONG } from '../constants.js';

/** A recipe category, per meal type; `keywords` suggest it for new recipes whose name contains one. */
export const CategorySchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: built(EntityIdSchema),
    name: requiredText(CATEGORY_NAME_MAX_LENGTH, CATEGORY_NAME_TOO_LONG),
    mealType: built(MealTypeSchema),
    keywords: z.array(z.string().min(1).max(LIMITS.shortText)).max(LIMITS.keywords),
  }),
);
export type Category = z.infer<typeof CategorySchema>;

/** The recipes document: recipes and categories, each keyed by id. */
export const RecipesDocumentSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    recipes: keyedBy(built(EntityIdSchema), built(RecipeSchema)),
    categories: keyedBy(built(EntityIdSchema), built(CategorySchema)),
  }),
);
export type RecipesDocument = z.infer<typeof RecipesDocumentSchema>;
