/**
 * How many stores the account may have (SPEC §1, §9: Free 1, Pro 10). The server enforces it
 * (PLAN_LIMIT_STORES); the page checks first, against the plan GET /api/me tells, so the user gets
 * a clear message instead of a change the server would refuse.
 */
import { PLANS, type CurrentUser, type PlanName } from '@mealplan/core';

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
