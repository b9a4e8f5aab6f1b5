/**
 * How many stores the account may have (SPEC §1, §9: Free 1, Pro 10). The server enforces it
 * (PLAN_LIMIT_STORES); the page checks first so the user gets a clear message instead of a change
 * the server will refuse. GET /api/me does not tell the account's plan yet, so the free plan is
 * assumed unless the answer carries a known `plan`.
 */
import { PLANS, type PlanName } from '@mealplan/core';

/** The plan named in the current user's answer, else 'free'. */
export function planOf(user: unknown): PlanName {
  const plan = (user as { plan?: unknown } | null | undefined)?.plan;
  return typeof plan === 'string' && Object.hasOwn(PLANS, plan) ? (plan as PlanName) : 'free';
}

/** The number of stores the user's plan allows. */
export function storeLimitOf(user: unknown): number {
  return PLANS[planOf(user)].stores;
}
