/**
 * Small valid entities for tests across core (schemas, reducers, recipe lists). Not exported from the
 * package: only tests import this file.
 */
import type { Recipe } from './recipes.js';

/** A valid recipe with every required field; `overrides` replace fields by name. */
export function makeRecipe(overrides: Partial<Recipe> = {}): Recipe {
  return {
    id: 'r1',
    name: 'Lasagna',
    mealType: 'dinner',
    inCookbook: false,
    ingredients: [],
    createdAt: '2025-01-01T10:00:00.000Z',
    madeOn: [],
    count: 0,
    servings: 4,
    ...overrides,
  };
}
