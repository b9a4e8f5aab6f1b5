/**
 * Scraped recipes (docs/BEHAVIOUR.md §7): what the browser extension posts and `GET /api/scraped-recipes`
 * returns. The shape is the extractor's output plus the page url; its ingredients are raw lines,
 * parsed when ADD_SCRAPED_RECIPES turns them into recipes. Unlike documents, the extractor's
 * "not found" is `null`, so the optional fields accept null here.
 */
import { z } from 'zod';
import { built, lazySchema } from './lazy.js';
import { EntityIdSchema, LIMITS, MinutesSchema, requiredText } from './common.js';
import { MealTypeSchema } from './recipes.js';

/** One recipe as scraped from a web page. */
export const ScrapedRecipeSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    name: requiredText(LIMITS.name),
    url: z.string().max(LIMITS.url),
    ingredients: z.array(z.string().max(LIMITS.ingredientField)).max(LIMITS.ingredients),
    instructions: z.string().max(LIMITS.longText).nullish(),
    servings: z.number().int().min(1).max(LIMITS.servings).nullish(),
    prepTime: built(MinutesSchema).nullish(),
    cookTime: built(MinutesSchema).nullish(),
    totalTime: built(MinutesSchema).nullish(),
    image: z.string().max(LIMITS.url).nullish(),
    mealType: built(MealTypeSchema).nullish(),
    /** The page's image as stored by the server (docs/DOCUMENTS.md "Photos"); set by the server, not the extension. */
    photoId: built(EntityIdSchema).nullish(),
  }),
);
export type ScrapedRecipe = z.infer<typeof ScrapedRecipeSchema>;

/** `{ recipes: [...] }`, the body of the extension's POST and of the GET. */
export const ScrapedRecipesSchema = /* @__PURE__ */ lazySchema(() =>
  z.strictObject({
    recipes: z.array(built(ScrapedRecipeSchema)).max(100),
  }),
);
export type ScrapedRecipes = z.infer<typeof ScrapedRecipesSchema>;
