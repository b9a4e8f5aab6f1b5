/**
 * What the account's plan allows (docs/BEHAVIOUR.md §1, §9: Free 200 recipes and 1 store, Pro 5,000 and 10). The
 * server enforces it (PLAN_LIMIT_RECIPES, PLAN_LIMIT_STORES); the pages check first, against the plan
 * GET /api/me tells, so the user gets a clear message instead of a change the server would refuse.
 */
import { PLANS, type CurrentUser, type PlanName, type RecipesDocument } from '@mealplan/core';

/**
 * The account's plan. An answer without a plan this build knows (say, one cached from an older
 * server) counts as Free: the strict side, never a store the server then refuses.
 */
export function planOf(user: Pick<CurrentUser, 'plan'> | null | undefined): PlanName {
  const plan: unknown = user?.plan;
  return typeof plan === 'string' && Object.hasOwn(PLANS, plan) ? (plan as PlanName) : 'free';
}

/** The number of stores the user's plan allows. */
export function storeLimitOf(user: Pick<CurrentUser, 'plan'> | null | undefined): number {
  return PLANS[planOf(user)].stores;
}

/** How many recipes the user's plan allows (the server counts those not deleted). */
export function recipeLimitOf(user: Pick<CurrentUser, 'plan'> | null | undefined): number {
  return PLANS[planOf(user)].recipes;
}

/** The recipes the plan limit counts. */
export function liveRecipes(doc: RecipesDocument): number {
  let n = 0;
  for (const recipe of Object.values(doc.recipes)) if (!recipe.isDeleted) n += 1;
  return n;
}

/** Whether `adding` more recipes fit the plan. */
export function fitsRecipeLimit(
  doc: RecipesDocument,
  user: Pick<CurrentUser, 'plan'> | null | undefined,
  adding = 1,
) {
  return liveRecipes(doc) + adding <= recipeLimitOf(user);
}

/** 'Unable to add recipe', and why: the same sentence the server answers with. */
export function recipeLimitMessage(user: Pick<CurrentUser, 'plan'> | null | undefined): string {
  const limit = recipeLimitOf(user);
  return `Unable to add recipe. Your plan allows up to ${limit.toLocaleString('en-US')} ${limit === 1 ? 'recipe' : 'recipes'}.`;
}
