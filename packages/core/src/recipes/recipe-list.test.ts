import { describe, expect, it } from 'vitest';
import type { Recipe, RecipesDocument } from '../schemas/index.js';
import { makeRecipe } from '../schemas/fixtures.test-helpers.js';
import {
  defaultSort,
  matchesSearch,
  passesFilter,
  searchWords,
  selectRecipes,
  sortOptions,
  type CookbookFilter,
  type RecipeQuery,
} from './recipe-list.js';

const day = (n: number) => `2025-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

const recipes: Recipe[] = [
  makeRecipe({ id: 'tk1', name: 'Chicken Curry', createdAt: day(3), time: 40, count: 0, categoryId: 'c2' }),
  makeRecipe({ id: 'tk2', name: 'Oat Pancakes', mealType: 'breakfast', createdAt: day(5), time: 15 }),
  makeRecipe({ id: 'tk3', name: 'Old thing', isDeleted: true, createdAt: day(9) }),
  makeRecipe({ id: 'tk4', name: 'Mystery', url: 'https://blog.example/chicken-soup', createdAt: day(1) }),
  makeRecipe({
    id: 'cb1',
    name: 'Lasagna',
    inCookbook: true,
    rating: 5,
    count: 7,
    createdAt: day(2),
    categoryId: 'c1',
    time: 90,
  }),
  makeRecipe({
    id: 'cb2',
    name: 'Tacos',
    inCookbook: true,
    rating: 4,
    count: 2,
    createdAt: day(4),
    categoryId: 'c2',
    updatedAt: day(20),
  }),
  makeRecipe({
    id: 'cb3',
    name: 'Salad',
    inCookbook: true,
    rating: 3,
    count: 1,
    createdAt: day(6),
    mealType: 'lunch',
    time: 10,
  }),
  makeRecipe({ id: 'cb4', name: 'Meh stew', inCookbook: true, rating: 2, count: 0, createdAt: day(7) }),
  makeRecipe({
    id: 'cb5',
    name: 'Made once',
    inCookbook: true,
    count: 1,
    createdAt: day(8),
    categoryId: 'c1',
  }),
  makeRecipe({ id: 'cb6', name: 'Never made', inCookbook: true, count: 0, createdAt: day(9) }),
  makeRecipe({ id: 'cb7', name: 'Gone', inCookbook: true, rating: 5, isDeleted: true, createdAt: day(10) }),
];

const doc: RecipesDocument = {
  recipes: Object.fromEntries(recipes.map((recipe) => [recipe.id, recipe])),
  categories: {
    c1: { id: 'c1', name: 'Pasta', mealType: 'dinner', keywords: [] },
    c2: { id: 'c2', name: 'Mexican', mealType: 'dinner', keywords: [] },
  },
};

const TODAY = '2025-03-10';
const ids = (query: RecipeQuery) => selectRecipes(doc, query, TODAY).map((recipe) => recipe.id);

describe('selectRecipes', () => {
  it.each<[string, RecipeQuery, string[]]>([
    [
      'Test Kitchen: not deleted, not in the cookbook, newest first',
      { tab: 'testKitchen' },
      ['tk2', 'tk1', 'tk4'],
    ],
    ['Test Kitchen by meal type', { tab: 'testKitchen', mealType: 'breakfast' }, ['tk2']],
    [
      'Test Kitchen ignores the Cookbook filter',
      { tab: 'testKitchen', filter: 'rating_5' },
      ['tk2', 'tk1', 'tk4'],
    ],
    [
      'Cookbook, relevant by default, sorted by category then uncategorised',
      { tab: 'cookbook' },
      ['cb2', 'cb1', 'cb6', 'cb3'],
    ],
    ['Cookbook with 5 stars', { tab: 'cookbook', filter: 'rating_5' }, ['cb1']],
    [
      'Cookbook with 4 stars or more',
      { tab: 'cookbook', filter: 'rating_4', sort: 'rating' },
      ['cb1', 'cb2'],
    ],
    [
      'Cookbook, no filter, by rating with unrated last',
      { tab: 'cookbook', filter: 'none', sort: 'rating' },
      ['cb1', 'cb2', 'cb3', 'cb4', 'cb5', 'cb6'],
    ],
    ['Cookbook by meal type', { tab: 'cookbook', mealType: 'lunch' }, ['cb3']],
    [
      'sort by count, most made first',
      { tab: 'cookbook', filter: 'none', sort: 'count' },
      ['cb1', 'cb2', 'cb5', 'cb3', 'cb4', 'cb6'],
    ],
    ['sort by time, quickest first, none last', { tab: 'testKitchen', sort: 'time' }, ['tk2', 'tk1', 'tk4']],
    [
      'sort by updated, falling back to created',
      { tab: 'cookbook', filter: 'none', sort: 'updated' },
      ['cb2', 'cb6', 'cb5', 'cb4', 'cb3', 'cb1'],
    ],
    [
      'rating sort is Cookbook only: the Test Kitchen uses its default',
      { tab: 'testKitchen', sort: 'rating' },
      ['tk2', 'tk1', 'tk4'],
    ],
    ['search every word in the name, ignoring case', { tab: 'testKitchen', search: 'curry CHICK' }, ['tk1']],
    ['search falls back to every word in the url', { tab: 'testKitchen', search: 'soup chicken' }, ['tk4']],
    ['search with a word in neither finds nothing', { tab: 'testKitchen', search: 'chicken pie' }, []],
    [
      'search with only spaces finds everything',
      { tab: 'testKitchen', search: '   ' },
      ['tk2', 'tk1', 'tk4'],
    ],
  ])('%s', (_label, query, expected) => {
    expect(ids(query)).toEqual(expected);
  });

  it('selects and sorts 5,000 recipes by every Cookbook order (speed: bench/recipe-list.ts)', () => {
    const many: RecipesDocument = { recipes: {}, categories: doc.categories };
    for (let i = 0; i < 5000; i++) {
      const recipe = makeRecipe({
        id: `r${i}`,
        name: `Recipe ${i} ${i % 3 ? 'chicken' : 'beef'} stew`,
        inCookbook: i % 2 === 0,
        rating: i % 6,
        // Made only in the cookbook: a made recipe is on the Cookbook's shelf.
        count: i % 2 === 0 ? i % 7 : 0,
        createdAt: day(1 + (i % 28)),
        categoryId: i % 4 ? 'c1' : 'c2',
      });
      many.recipes[recipe.id] = recipe;
    }
    // In the cookbook (even i) and named 'chicken' (i not a multiple of 3): 2500 - 834 recipes.
    for (const sort of sortOptions('cookbook')) {
      const list = selectRecipes(
        many,
        { tab: 'cookbook', filter: 'none', sort, search: 'chicken stew' },
        TODAY,
      );
      expect(list, sort).toHaveLength(1666);
      expect(new Set(list.map((r) => r.id)).size, sort).toBe(1666);
    }
  });
});

describe('list rules', () => {
  it.each<[string, Partial<Recipe>, CookbookFilter, boolean]>([
    ['rated 2', { rating: 2, count: 0 }, 'relevant', false],
    ['rated 3, made', { rating: 3, count: 4 }, 'relevant', true],
    ['unrated, never made', { count: 0 }, 'relevant', true],
    ['unrated, made once', { count: 1 }, 'relevant', false],
    // 0 is a cleared rating: not rated (docs/BEHAVIOUR.md §1).
    ['rated 0, never made', { rating: 0, count: 0 }, 'relevant', true],
    ['rated 0, made once', { rating: 0, count: 1, madeOn: ['2025-03-01'] }, 'relevant', false],
    ['unrated, only planned ahead', { count: 1, madeOn: ['2025-03-11'] }, 'relevant', true],
    ['rated 5', { rating: 5, count: 0 }, 'rating_5', true],
    ['rated 4', { rating: 4, count: 0 }, 'rating_5', false],
    ['rated 4', { rating: 4, count: 0 }, 'rating_4', true],
    ['unrated', { count: 0 }, 'rating_4', false],
    ['rated 1, made', { rating: 1, count: 3 }, 'none', true],
  ])('a recipe %s passes %s: %s', (_label, fields, filter, expected) => {
    expect(passesFilter({ count: 0, madeOn: [], ...fields }, filter, TODAY)).toBe(expected);
  });

  it.each([
    [' Chicken  soup ', ['chicken', 'soup']],
    ['', []],
  ])('searchWords(%j) is %j', (search, words) => {
    expect(searchWords(search)).toEqual(words);
  });

  it('matches the url only when the name does not hold every word', () => {
    expect(matchesSearch({ name: 'Soup', url: 'https://x.example/chicken' }, ['soup', 'chicken'])).toBe(
      false,
    );
    expect(matchesSearch({ name: 'Soup' }, ['pie'])).toBe(false);
  });

  it('defaults to created in the Test Kitchen and category in the Cookbook, rating only in the Cookbook', () => {
    expect([defaultSort('testKitchen'), defaultSort('cookbook')]).toEqual(['created', 'category']);
    expect(sortOptions('testKitchen')).toEqual(['count', 'created', 'updated', 'time', 'category']);
    expect(sortOptions('cookbook')).toContain('rating');
  });
});
