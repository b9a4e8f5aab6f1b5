import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, MEAL_TYPES, PLANS } from './index.js';

describe('business constants', () => {
  it('lists the five meal types of docs/BEHAVIOUR.md §3 in display order', () => {
    expect(MEAL_TYPES).toEqual(['breakfast', 'lunch', 'dinner', 'dessert', 'baking']);
  });

  it('names the four synced documents', () => {
    expect(DOCUMENT_KINDS).toEqual(['agenda', 'recipes', 'notes', 'groceries']);
  });

  it('gives the free plan 200 recipes, 2 users and 1 store, and pro 5000, 10 and 10', () => {
    expect(PLANS.free).toEqual({ recipes: 200, users: 2, stores: 1 });
    expect(PLANS.pro).toEqual({ recipes: 5000, users: 10, stores: 10 });
  });
});
