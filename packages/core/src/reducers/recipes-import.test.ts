import { describe, expect, it } from 'vitest';
import type { RecipesDocument, ScrapedRecipe } from '../schemas/index.js';
import { RecipesDocumentSchema } from '../schemas/index.js';
import { makeRecipe } from '../schemas/fixtures.test-helpers.js';
import { recipesReducer } from './recipes.js';
import { importActions } from './recipes-import.js';
import { deepFreeze, testEnv } from './testing.test-helpers.js';

const NOW = new Date(2025, 2, 10, 12).toISOString();

const doc: RecipesDocument = deepFreeze({
  recipes: {
    r1: makeRecipe({
      id: 'r1',
      name: 'Old soup',
      url: 'https://example.com/soup',
      rating: 5,
      inCookbook: true,
      count: 3,
      madeOn: ['2025-03-01'],
      categoryId: 'c9',
    }),
    r2: makeRecipe({ id: 'r2', name: 'Gone', url: 'https://example.com/gone', isDeleted: true }),
  },
  categories: {
    c1: { id: 'c1', name: 'Chicken', mealType: 'dinner', keywords: ['chicken'] },
    c2: { id: 'c2', name: 'Soups', mealType: 'lunch', keywords: ['soup'] },
    c9: { id: 'c9', name: 'Soups', mealType: 'dinner', keywords: [] },
  },
});

function scraped(overrides: Partial<ScrapedRecipe>): ScrapedRecipe {
  return {
    name: 'Soup',
    url: 'https://example.com/soup',
    ingredients: ['2 cups water', '1 onion, chopped'],
    ...overrides,
  };
}

describe('ADD_SCRAPED_RECIPES', () => {
  it('updates the recipe with the same url, keeping rating, history and category', () => {
    const action = importActions.addScrapedRecipes(
      [scraped({ name: 'New soup', cookTime: 30, servings: 6 })],
      testEnv(),
    );
    const r1 = recipesReducer(doc, action).recipes.r1!;
    expect(r1).toMatchObject({
      name: 'New soup',
      rating: 5,
      inCookbook: true,
      count: 3,
      madeOn: ['2025-03-01'],
      categoryId: 'c9',
      servings: 6,
      cookTime: 30,
      time: 30,
      updatedAt: NOW,
    });
    expect(r1.ingredients.map((line) => [line.qty, line.unit, line.name])).toEqual([
      ['2', 'cup', 'water'],
      ['1', '', 'onion'],
    ]);
  });

  it('creates a new Test Kitchen recipe with parsed ingredients and a suggested category', () => {
    const action = importActions.addScrapedRecipes(
      [
        scraped({
          name: 'Roast Chicken',
          url: 'https://example.com/chicken',
          totalTime: 90,
          instructions: 'Roast.',
        }),
      ],
      testEnv(),
    );
    const next = recipesReducer(doc, action);
    expect(next.recipes['id-1']).toMatchObject({
      id: 'id-1',
      name: 'Roast Chicken',
      mealType: 'dinner',
      inCookbook: false,
      categoryId: 'c1',
      createdAt: NOW,
      count: 0,
      madeOn: [],
      time: 90,
      instructions: 'Roast.',
    });
    expect(next.recipes['id-1']?.ingredients).toHaveLength(2);
    expect(RecipesDocumentSchema.safeParse(next).success).toBe(true);
  });

  it('brings a deleted recipe with the same url back instead of duplicating it', () => {
    const action = importActions.addScrapedRecipes([scraped({ url: 'https://example.com/gone' })], testEnv());
    const next = recipesReducer(doc, action);
    expect(next.recipes.r2).not.toHaveProperty('isDeleted');
    expect(Object.keys(next.recipes)).toEqual(['r1', 'r2']);
  });

  it('scans of the same new page in one batch make one recipe', () => {
    const page = scraped({ url: 'https://example.com/new' });
    const next = recipesReducer(
      doc,
      importActions.addScrapedRecipes([page, { ...page, name: 'Later' }], testEnv()),
    );
    expect(Object.keys(next.recipes)).toEqual(['r1', 'r2', 'id-1']);
    expect(next.recipes['id-1']?.name).toBe('Later');
  });

  it("keeps the photo the server stored from the page's image, new or scanned again", () => {
    const fresh = importActions.addScrapedRecipes(
      [scraped({ url: 'https://example.com/stew', name: 'Stew', photoId: 'photo-1' })],
      testEnv(),
    );
    const added = Object.values(recipesReducer(doc, fresh).recipes).find((r) => r.name === 'Stew');
    expect(added?.photoId).toBe('photo-1');
    const again = importActions.addScrapedRecipes([scraped({ photoId: 'photo-2' })], testEnv());
    expect(recipesReducer(doc, again).recipes.r1?.photoId).toBe('photo-2');
    // A page without an image keeps the photo the recipe had.
    const withPhoto = recipesReducer(doc, again);
    const plain = importActions.addScrapedRecipes([scraped({})], testEnv());
    expect(recipesReducer(withPhoto, plain).recipes.r1?.photoId).toBe('photo-2');
  });

  it('uses the meal type the page gave and suggests among its categories', () => {
    const action = importActions.addScrapedRecipes(
      [scraped({ name: 'Tomato soup', url: 'https://example.com/t', mealType: 'lunch' })],
      testEnv(),
    );
    expect(recipesReducer(doc, action).recipes['id-1']).toMatchObject({
      mealType: 'lunch',
      categoryId: 'c2',
    });
  });
});

describe('ADD_OTHER_USERS_RECIPE_TO_TEST_KITCHEN', () => {
  const theirs: RecipesDocument = {
    recipes: {},
    categories: { t1: { id: 't1', name: 'soups', mealType: 'dinner', keywords: [] } },
  };
  const recipe = makeRecipe({
    id: 'their-1',
    name: 'Their soup',
    rating: 5,
    inCookbook: true,
    count: 9,
    madeOn: ['2025-01-01'],
    categoryId: 't1',
    userId: 'u2',
    instructions: 'Simmer.',
    updatedAt: '2025-02-01T00:00:00.000Z',
  });

  it('copies with rating cleared, out of the cookbook, never made, category matched by name', () => {
    const action = importActions.addOtherUsersRecipe(recipe, theirs, 'u1', testEnv());
    const copy = recipesReducer(doc, action).recipes['id-1']!;
    expect(copy).toEqual({
      id: 'id-1',
      name: 'Their soup',
      mealType: 'dinner',
      inCookbook: false,
      ingredients: [],
      servings: 4,
      instructions: 'Simmer.',
      madeOn: [],
      count: 0,
      createdAt: NOW,
      categoryId: 'c9',
      userId: 'u1',
    });
  });

  it('leaves the category empty when no own category has that name and meal type', () => {
    const action = importActions.addOtherUsersRecipe(
      { ...recipe, mealType: 'baking' },
      theirs,
      undefined,
      testEnv(),
    );
    expect(recipesReducer(doc, action).recipes['id-1']).not.toHaveProperty('categoryId');
  });
});
