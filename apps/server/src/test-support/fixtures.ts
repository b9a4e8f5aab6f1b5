import { defaultCategories, type Category, type Recipe } from '@mealplan/core';

/** A valid recipe with id `id`; fields can be overridden. */
export function recipe(id: string, fields: Partial<Recipe> = {}): Recipe {
  return {
    id,
    name: `Recipe ${id}`,
    mealType: 'dinner',
    inCookbook: false,
    ingredients: [{ qty: '1', unit: 'cup', name: 'rice', input: '' }],
    instructions: 'Cook it.',
    servings: 4,
    createdAt: '2025-01-01T00:00:00.000Z',
    madeOn: [],
    count: 0,
    ...fields,
  };
}

/** A recipes document with `n` recipes (ids r0..r{n-1}) and a new account's categories. */
export function recipesDocument(n: number): {
  recipes: Record<string, Recipe>;
  categories: Record<string, Category>;
} {
  const recipes: Record<string, Recipe> = {};
  for (let i = 0; i < n; i++) recipes[`r${i}`] = recipe(`r${i}`);
  return { recipes, categories: defaultCategories() };
}
