import { describe, expect, it } from 'vitest';
import type { Recipe, RecipesDocument } from '../schemas/index.js';
import { RecipesDocumentSchema } from '../schemas/index.js';
import { makeRecipe } from '../schemas/fixtures.test-helpers.js';
import { normalizeRecipe } from './normalize-recipe.js';
import { recipeActions, recipesReducer, type RecipesAction } from './recipes.js';
import { deepFreeze, testEnv } from './testing.test-helpers.js';

const T = '2025-03-10T12:00:00.000Z';
const flour = { qty: '2', unit: 'cup', name: 'flour', input: '' };
const butter = { qty: '100', unit: 'g', name: 'butter', input: 'softened' };
const heading = { qty: '', unit: '', name: 'For the sauce:', input: '' };

function docWith(...recipes: Recipe[]): RecipesDocument {
  return deepFreeze({
    recipes: Object.fromEntries(recipes.map((recipe) => [recipe.id, recipe])),
    categories: { c1: { id: 'c1', name: 'Pasta', mealType: 'dinner', keywords: [] } },
  });
}

const doc = docWith(
  makeRecipe({ id: 'r1', ingredients: [flour, butter, heading], prepTime: 10, cookTime: 20, time: 30 }),
  makeRecipe({ id: 'r2', name: 'Pancakes', mealType: 'breakfast', rating: 4, inCookbook: true, servings: 1 }),
  makeRecipe({ id: 'r3', name: 'Stew', servings: undefined, madeOn: ['2025-03-05', '2025-02-01'], count: 2 }),
);

/** Runs one action and returns the changed recipe. */
function after(action: RecipesAction, id: string): Recipe | undefined {
  return recipesReducer(doc, action).recipes[id];
}

describe('recipesReducer: recipe actions', () => {
  it.each<[string, RecipesAction, string, Partial<Recipe>]>([
    [
      'ADD sets createdAt and defaults, and time from prep and cook',
      { type: 'ADD', recipe: { id: 'n1', name: ' Soup ', prepTime: 5, cookTime: 15 }, createdAt: T },
      'n1',
      { name: 'Soup', createdAt: T, mealType: 'dinner', inCookbook: false, count: 0, madeOn: [], time: 20 },
    ],
    [
      'ADD with a rating above 3 goes to the cookbook',
      { type: 'ADD', recipe: { id: 'n1', name: 'Soup', rating: 5 }, createdAt: T },
      'n1',
      { inCookbook: true, rating: 5 },
    ],
    [
      'UPDATE sets updatedAt and the changed fields',
      { type: 'UPDATE', id: 'r1', changes: { name: 'Lasagne', instructions: 'Bake.' }, updatedAt: T },
      'r1',
      { name: 'Lasagne', instructions: 'Bake.', updatedAt: T, createdAt: '2025-01-01T10:00:00.000Z' },
    ],
    [
      'UPDATE with a rating above 3 sets inCookbook',
      { type: 'UPDATE', id: 'r1', changes: { rating: 4 }, updatedAt: T },
      'r1',
      { rating: 4, inCookbook: true },
    ],
    [
      'UPDATE with a rating of 3 leaves it in the Test Kitchen',
      { type: 'UPDATE', id: 'r1', changes: { rating: 3 }, updatedAt: T },
      'r1',
      { rating: 3, inCookbook: false },
    ],
    [
      'UPDATE recomputes time and drops it when both times are cleared',
      { type: 'UPDATE', id: 'r1', changes: { prepTime: null, cookTime: null }, updatedAt: T },
      'r1',
      { time: undefined, prepTime: undefined, cookTime: undefined },
    ],
    [
      'UPDATE of prep time recomputes the total from prep and cook',
      { type: 'UPDATE', id: 'r1', changes: { prepTime: 15 }, updatedAt: T },
      'r1',
      { prepTime: 15, cookTime: 20, time: 35 },
    ],
    [
      'UPDATE with a total of its own keeps it, whatever prep and cook say (a page that gives only a total)',
      { type: 'UPDATE', id: 'r1', changes: { prepTime: 15, time: 290 }, updatedAt: T },
      'r1',
      { prepTime: 15, cookTime: 20, time: 290 },
    ],
    [
      'UPDATE that clears the total goes back to prep plus cook',
      { type: 'UPDATE', id: 'r1', changes: { prepTime: 10, time: null }, updatedAt: T },
      'r1',
      { time: 30 },
    ],
    [
      'UPDATE with a description keeps it; a blank one clears it',
      { type: 'UPDATE', id: 'r1', changes: { description: 'Creamy, with a crisp top.' }, updatedAt: T },
      'r1',
      { description: 'Creamy, with a crisp top.' },
    ],
    [
      'UPDATE with null or blank text clears the field',
      { type: 'UPDATE', id: 'r1', changes: { servings: null, url: '  ' }, updatedAt: T },
      'r1',
      { servings: undefined, url: undefined },
    ],
    ['REMOVE flags the recipe deleted', { type: 'REMOVE', id: 'r1' }, 'r1', { isDeleted: true }],
    [
      'INCREMENT_SERVINGS scales the ingredients, fractions for cups',
      { type: 'INCREMENT_SERVINGS', id: 'r1' },
      'r1',
      { servings: 5, ingredients: [{ ...flour, qty: '2 1/2' }, { ...butter, qty: '125' }, heading] },
    ],
    [
      'DECREMENT_SERVINGS scales the ingredients down',
      { type: 'DECREMENT_SERVINGS', id: 'r1' },
      'r1',
      { servings: 3, ingredients: [{ ...flour, qty: '1 1/2' }, { ...butter, qty: '75' }, heading] },
    ],
    [
      'ADDED_TO_AGENDA adds the day newest first and counts it, leaving the shelf to the day (made or planned)',
      { type: 'ADDED_TO_AGENDA', id: 'r3', dayId: '2025-03-01' },
      'r3',
      { inCookbook: false, madeOn: ['2025-03-05', '2025-03-01', '2025-02-01'], count: 3 },
    ],
    [
      'REMOVE_FROM_AGENDA takes the day out and counts down',
      { type: 'REMOVE_FROM_AGENDA', id: 'r3', dayId: '2025-03-05' },
      'r3',
      { madeOn: ['2025-02-01'], count: 1 },
    ],
    [
      'SET_RATING sets a rating',
      { type: 'SET_RATING', id: 'r1', rating: 2 },
      'r1',
      { rating: 2, inCookbook: false },
    ],
    [
      'SET_RATING above 3 moves a Test Kitchen recipe to the cookbook',
      { type: 'SET_RATING', id: 'r1', rating: 5 },
      'r1',
      { rating: 5, inCookbook: true },
    ],
    [
      'SET_RATING the value it already has changes nothing (a replay sets, it does not flip)',
      { type: 'SET_RATING', id: 'r2', rating: 4 },
      'r2',
      { rating: 4 },
    ],
    ['SET_RATING 0 clears the rating', { type: 'SET_RATING', id: 'r2', rating: 0 }, 'r2', { rating: 0 }],
    ['MOVE_TO_COOKBOOK', { type: 'MOVE_TO_COOKBOOK', id: 'r1' }, 'r1', { inCookbook: true }],
  ])('%s', (_label, action, id, expected) => {
    const recipe = after(action, id);
    expect(recipe).toMatchObject(
      Object.fromEntries(Object.entries(expected).filter(([, v]) => v !== undefined)),
    );
    for (const [key, value] of Object.entries(expected))
      if (value === undefined) expect(recipe).not.toHaveProperty(key);
  });

  it.each<[string, RecipesAction]>([
    ['DECREMENT_SERVINGS at 1', { type: 'DECREMENT_SERVINGS', id: 'r2' }],
    ['DECREMENT_SERVINGS with empty servings', { type: 'DECREMENT_SERVINGS', id: 'r3' }],
    [
      'INCREMENT_SERVINGS with empty servings (nothing to scale from)',
      { type: 'INCREMENT_SERVINGS', id: 'r3' },
    ],
    [
      'ADD of an id that exists (a replay)',
      { type: 'ADD', recipe: { id: 'r3', name: 'Stew' }, createdAt: T },
    ],
    ['ADDED_TO_AGENDA of a day already counted', { type: 'ADDED_TO_AGENDA', id: 'r2', dayId: '2025-01-01' }],
    [
      'REMOVE_FROM_AGENDA of a day not in madeOn',
      { type: 'REMOVE_FROM_AGENDA', id: 'r3', dayId: '2025-01-09' },
    ],
    [
      'UPDATE of a recipe a co-planner removed',
      { type: 'UPDATE', id: 'gone', changes: { name: 'x' }, updatedAt: T },
    ],
    ['MOVE_TO_COOKBOOK of a cookbook recipe', { type: 'MOVE_TO_COOKBOOK', id: 'r2' }],
  ])('changes nothing for %s', (_label, action) => {
    const start =
      action.type === 'ADDED_TO_AGENDA' ? docWith({ ...doc.recipes.r2!, madeOn: ['2025-01-01'] }) : doc;
    expect(recipesReducer(start, action)).toBe(start);
  });

  it('keeps every result valid against the schema', () => {
    let next = doc;
    for (const action of [
      recipeActions.add({ name: 'Curry', prepTime: 10 }, testEnv()),
      recipeActions.update('r1', { notes: 'Family favourite', rating: 5 }, testEnv()),
      recipeActions.addedToAgenda('r2', '2025-03-10'),
      recipeActions.incrementServings('r1'),
    ]) {
      next = recipesReducer(next, action);
    }
    expect(RecipesDocumentSchema.safeParse(next).success).toBe(true);
  });

  it('throws for an unknown action', () => {
    expect(() => recipesReducer(doc, { type: 'DELETE', id: 'r1' } as never)).toThrow('Action not supported');
  });
});

describe('recipeActions', () => {
  it('add gives a new id, createdAt, dinner, 4 servings and Test Kitchen by default', () => {
    expect(recipeActions.add({ name: 'Soup' }, testEnv())).toEqual({
      type: 'ADD',
      recipe: { id: 'id-1', name: 'Soup', mealType: 'dinner', servings: 4, inCookbook: false },
      createdAt: new Date(2025, 2, 10, 12).toISOString(),
    });
  });

  it('add from the Cookbook tab starts in the cookbook', () => {
    expect(recipeActions.add({ name: 'Soup', inCookbook: true }, testEnv()).recipe.inCookbook).toBe(true);
  });

  it('update carries null for a cleared field through JSON', () => {
    const action = recipeActions.update('r1', { url: null }, testEnv());
    const replayed = JSON.parse(JSON.stringify(action)) as RecipesAction;
    expect(
      recipesReducer(docWith(makeRecipe({ id: 'r1', url: 'https://a.b' })), replayed).recipes.r1,
    ).not.toHaveProperty('url');
  });
});

describe('normalizeRecipe keeps a stored recipe valid', () => {
  it.each<[string, Partial<Recipe>, Partial<Recipe>]>([
    ['rounds whole-number fields', { servings: 2.6, prepTime: 9.4 }, { servings: 3, prepTime: 9, time: 9 }],
    ['drops servings below 1', { servings: 0 }, { servings: undefined }],
    ['drops a negative time', { cookTime: -5 }, { cookTime: undefined }],
    ['clamps the rating to 0..5', { rating: 9 }, { rating: 5, inCookbook: true }],
    ['caps the name at 200 characters', { name: ` ${'x'.repeat(250)} ` }, { name: 'x'.repeat(200) }],
    [
      'drops blank optional text',
      { notes: ' ', categoryId: '' },
      { notes: undefined, categoryId: undefined },
    ],
  ])('%s', (_label, fields, expected) => {
    const recipe = normalizeRecipe(makeRecipe(fields));
    for (const [key, value] of Object.entries(expected)) {
      if (value === undefined) expect(recipe).not.toHaveProperty(key);
      else expect(recipe[key as keyof Recipe]).toEqual(value);
    }
  });

  it('refuses a blank name', () => {
    expect(() => normalizeRecipe(makeRecipe({ name: '  ' }))).toThrow('Required');
  });
});
