/**
 * Length and size caps for user input, apart from the schemas that apply them: the reducers and the
 * web app read these numbers on every page, and the schemas' module loads zod, which the first
 * render of a signed-in page does not need (docs/ARCHITECTURE.md "The signed-in shell").
 */

/** Length and size caps for user input: generous for real recipes, small enough to refuse abuse. */
export const LIMITS = {
  id: 100,
  name: 200,
  url: 2048,
  shortText: 200,
  longText: 50_000,
  noteText: 10_000,
  ingredientField: 1_000,
  ingredients: 500,
  keywords: 50,
  madeOn: 10_000,
  minutes: 100_000,
  servings: 1_000,
  email: 254,
  password: 1_024,
  hash: 128,
} as const;

/** At most this many learnt aisles per store, and staples per household. */
export const GROCERY_MEMORY_LIMIT = 1000;
