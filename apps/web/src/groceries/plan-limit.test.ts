import { PLANS } from '@mealplan/core';
import { describe, expect, it } from 'vitest';
import { planOf, storeLimitOf } from './plan-limit';

describe('store limit', () => {
  it('assumes the free plan while /api/me does not say', () => {
    expect(planOf({ id: 'u1' })).toBe('free');
    expect(planOf(undefined)).toBe('free');
    expect(storeLimitOf(null)).toBe(PLANS.free.stores);
  });

  it('uses a known plan named by the user, and ignores unknown ones', () => {
    expect(storeLimitOf({ plan: 'pro' })).toBe(PLANS.pro.stores);
    expect(planOf({ plan: 'toString' })).toBe('free');
    expect(planOf({ plan: 'platinum' })).toBe('free');
  });
});
