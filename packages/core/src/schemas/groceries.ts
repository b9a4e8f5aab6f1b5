/**
 * The groceries document (docs/BEHAVIOUR.md §3): stores keyed by id, each with aisles keyed by id, each with
 * grocery items keyed by id. Every aisle holds exactly two placeholder items (blank rows to type a
 * new item into); see reducers/groceries for the rules that keep it so.
 */
import { z } from 'zod';
import { built, lazySchema } from './lazy.js';
import { DayIdSchema, EntityIdSchema, LIMITS, keyedBy } from './common.js';
import { GROCERY_MEMORY_LIMIT } from '../constants.js';

/** An amount a recipe needs: a figure and a unit's short form ('' for a count: '2 onions'). */
export const GroceryAmountSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    qty: z.number().positive().max(1_000_000),
    unit: z.string().max(LIMITS.shortText),
  }),
);
export type GroceryAmount = z.infer<typeof GroceryAmountSchema>;

/**
 * What one recipe asks of an item (docs/DOCUMENTS.md "Groceries"): its amounts, scaled to the
 * servings it was ticked or planned at. `dayId` is set when it came from 'Shop these days' for the
 * recipe planned on that day, so adding the same days again replaces rather than doubles it. No
 * amounts means the recipe counts as one, as a link without a share does.
 */
export const GroceryShareSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    recipeId: built(EntityIdSchema),
    dayId: built(DayIdSchema).optional(),
    amounts: z.array(built(GroceryAmountSchema)).max(10),
  }),
);
export type GroceryShare = z.infer<typeof GroceryShareSchema>;

/**
 * An item on the grocery list. `qty` is the count the user set by hand; `recipeIds` are the recipes
 * it is on the list for (the recipe marks), and `shares` what each of them needs. A linked recipe
 * without a share counts as one. Placeholders have an empty name and qty 0.
 */
export const GroceryIngredientSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: built(EntityIdSchema),
    name: z.string().max(LIMITS.name),
    qty: z.number().int().min(0).max(10_000),
    recipeIds: z.array(built(EntityIdSchema)).max(LIMITS.ingredients),
    shares: z.array(built(GroceryShareSchema)).max(LIMITS.ingredients).optional(),
    isPlaceholder: z.boolean(),
    isPinned: z.boolean(),
    isDone: z.boolean(),
  }),
);
export type GroceryIngredient = z.infer<typeof GroceryIngredientSchema>;

/** An aisle of a store; `order` is its position, 0 to n-1 within the store. */
export const AisleSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    id: built(EntityIdSchema),
    name: z.string().max(LIMITS.name),
    order: z.number().int().min(0),
    ingredients: keyedBy(built(EntityIdSchema), built(GroceryIngredientSchema)),
  }),
);
export type Aisle = z.infer<typeof AisleSchema>;

/**
 * A store; `mainAisleId` names its main aisle, which can be neither renamed nor removed. `order` (an
 * addition to docs/BEHAVIOUR.md §3) is the store's tab position, 0 to n-1, so tabs keep the order the stores were
 * added in on every device: JSON maps do not keep key order through every database.
 */
export const StoreSchema = /* @__PURE__ */ lazySchema(() =>
  z
    .strictObject({
      id: built(EntityIdSchema),
      name: z.string().max(LIMITS.name),
      order: z.number().int().min(0),
      mainAisleId: built(EntityIdSchema),
      aisles: keyedBy(built(EntityIdSchema), built(AisleSchema)),
      /**
       * Where this store keeps an item, learnt when one is moved: normalised name -> aisle id
       * (docs/BEHAVIOUR.md "Stores and aisles"). Entries naming a removed aisle are dropped.
       */
      aisleOf: z
        .record(z.string().max(LIMITS.name), built(EntityIdSchema))
        .refine((memory) => Object.keys(memory).length <= GROCERY_MEMORY_LIMIT, {
          message: `at most ${GROCERY_MEMORY_LIMIT} learnt aisles`,
        })
        .optional(),
    })
    .refine((store) => store.mainAisleId in store.aisles, {
      message: "mainAisleId must name one of the store's aisles",
      path: ['mainAisleId'],
    }),
);
export type Store = z.infer<typeof StoreSchema>;

/** The groceries document: stores keyed by id, and the hash of the last local change. */
export const GroceriesDocumentSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    hash: z.string().max(LIMITS.hash),
    stores: keyedBy(built(EntityIdSchema), built(StoreSchema)),
    /** Normalised names the household marked 'usually have': 'Shop these days' leaves them unticked. */
    staples: z.array(z.string().max(LIMITS.name)).max(GROCERY_MEMORY_LIMIT).optional(),
  }),
);
export type GroceriesDocument = z.infer<typeof GroceriesDocumentSchema>;
