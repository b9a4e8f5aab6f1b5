import { describe, expect, it } from 'vitest';
import type { Category, RecipesDocument } from '../schemas/index.js';
import { emptyDocument } from '../schemas/index.js';
import { makeRecipe } from '../schemas/fixtures.test-helpers.js';
import { canRemoveCategory, categoryActions, findCategoryByName, suggestCategory } from './categories.js';
import { recipesReducer } from './recipes.js';
import { deepFreeze, testEnv } from './testing.test-helpers.js';

const pasta: Category = { id: 'c1', name: 'Pasta', mealType: 'dinner', keywords: ['pasta', 'spaghetti'] };
const fish: Category = { id: 'c2', name: 'Fish', mealType: 'dinner', keywords: ['fish'] };
const eggs: Category = { id: 'c3', name: 'Eggs', mealType: 'breakfast', keywords: ['egg'] };
const iceCream: Category = {
  id: 'c4',
  name: 'Ice cream',
  mealType: 'dessert',
  keywords: ['ice cream', 'cream'],
};
const pies: Category = { id: 'c5', name: 'Pies', mealType: 'dessert', keywords: ['cream pie'] };

const doc: RecipesDocument = deepFreeze({
  recipes: {
    r1: makeRecipe({ id: 'r1', categoryId: 'c1' }),
    r2: makeRecipe({ id: 'r2', categoryId: 'c2' }),
    r3: makeRecipe({ id: 'r3', categoryId: 'c1' }),
  },
  categories: { c1: pasta, c2: fish, c3: eggs, c4: iceCream, c5: pies },
});

describe('category actions', () => {
  it('ADD_CATEGORY adds a trimmed category with an id from the env', () => {
    const action = categoryActions.add(
      { name: ' Curries ', mealType: 'dinner', keywords: [' Curry '] },
      testEnv(),
    );
    expect(recipesReducer(doc, action).categories['id-1']).toEqual({
      id: 'id-1',
      name: 'Curries',
      mealType: 'dinner',
      keywords: ['curry'],
    });
  });

  it.each([
    ['a 15-character name', 'x'.repeat(15), 'Category name must be at most 14 characters'],
    ['a blank name', '   ', 'Required'],
  ])('ADD_CATEGORY refuses %s', (_label, name, message) => {
    expect(() => recipesReducer(doc, categoryActions.add({ name, mealType: 'lunch' }, testEnv()))).toThrow(
      message,
    );
  });

  it('accepts a name of exactly 14 characters', () => {
    const next = recipesReducer(
      doc,
      categoryActions.add({ name: 'x'.repeat(14), mealType: 'lunch' }, testEnv()),
    );
    expect(next.categories['id-1']?.name).toHaveLength(14);
  });

  it('REMOVE_CATEGORY deletes it and clears categoryId on the recipes that used it', () => {
    const next = recipesReducer(doc, categoryActions.remove('c1'));
    expect(next.categories.c1).toBeUndefined();
    expect(next.recipes.r1).not.toHaveProperty('categoryId');
    expect(next.recipes.r3).not.toHaveProperty('categoryId');
    expect(next.recipes.r2?.categoryId).toBe('c2');
  });

  it('REMOVE_CATEGORY refuses the last category of a meal type', () => {
    expect(() => recipesReducer(doc, categoryActions.remove('c3'))).toThrow(
      'Cannot remove the last category',
    );
  });

  it('UPDATE_CATEGORY renames, and refuses to move the last category of a meal type away', () => {
    expect(
      recipesReducer(doc, categoryActions.update({ ...pasta, name: 'Noodles' })).categories.c1?.name,
    ).toBe('Noodles');
    expect(() => recipesReducer(doc, categoryActions.update({ ...eggs, mealType: 'lunch' }))).toThrow(
      'Cannot remove the last category',
    );
  });

  it('removing or updating a category that is gone changes nothing', () => {
    expect(recipesReducer(doc, categoryActions.remove('gone'))).toBe(doc);
    expect(recipesReducer(doc, categoryActions.update({ ...pasta, id: 'gone' }))).toBe(doc);
  });

  it('every default category but the last of each meal type can be removed', () => {
    let next = emptyDocument('recipes');
    for (const id of Object.keys(next.categories)) {
      if (canRemoveCategory(next, id)) next = recipesReducer(next, categoryActions.remove(id));
    }
    expect(
      Object.values(next.categories)
        .map((category) => category.mealType)
        .sort(),
    ).toEqual(['baking', 'breakfast', 'dessert', 'dinner', 'lunch']);
  });
});

describe('category matching', () => {
  it.each([
    ['pasta', 'dinner', 'c1'],
    [' PASTA ', 'dinner', 'c1'],
    ['Pasta', 'lunch', undefined],
    ['Pastas', 'dinner', undefined],
  ] as const)('findCategoryByName(%j, %s) is %s', (name, mealType, expected) => {
    expect(findCategoryByName(doc, name, mealType)).toBe(expected);
  });

  it.each([
    ['Spaghetti Carbonara', 'dinner', 'c1'],
    ['Baked fish', 'dinner', 'c2'],
    ['Shellfish bisque', 'dinner', undefined],
    ['Scrambled eggs', 'breakfast', 'c3'],
    ['Scrambled eggs', 'dinner', undefined],
    ['Banana cream pie', 'dessert', 'c5'],
    ['Vanilla ice cream', 'dessert', 'c4'],
  ] as const)('suggestCategory(%j, %s) is %s', (name, mealType, expected) => {
    expect(suggestCategory(doc, name, mealType)).toBe(expected);
  });
});
