import { PLANS, type CurrentUser } from '@mealplan/core';
import { describe, expect, it } from 'vitest';
import { planOf, storeLimitOf } from '../account/plan';

/** An answer as an older server, or a tampered cache, might give it. */
const odd = (plan: unknown) => ({ plan }) as unknown as Pick<CurrentUser, 'plan'>;

describe('store limit', () => {
  it('follows the plan /api/me tells', () => {
    expect(storeLimitOf({ plan: 'free' })).toBe(1);
    expect(storeLimitOf({ plan: 'pro' })).toBe(10);
    expect(storeLimitOf({ plan: 'unlimited' })).toBe(Number.POSITIVE_INFINITY);
  });

  it('counts an answer without a known plan as Free, the strict side', () => {
    expect(planOf(undefined)).toBe('free');
    expect(storeLimitOf(null)).toBe(PLANS.free.stores);
    expect(planOf(odd(undefined))).toBe('free');
    expect(planOf(odd('toString'))).toBe('free');
    expect(planOf(odd('platinum'))).toBe('free');
  });
});
