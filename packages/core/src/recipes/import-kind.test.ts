import { describe, expect, it } from 'vitest';
import { emptyDocument, type RecipesDocument } from '../schemas/index.js';
import { importedCategory, mealTypeOfCategories } from './import-kind.js';

/** A new account's recipes document: the default categories, no recipes. */
const doc = (): RecipesDocument => emptyDocument('recipes');

describe('mealTypeOfCategories', () => {
  it.each([
    [['Dessert'], 'dessert'],
    [['Desserts & Treats'], 'dessert'],
    [['Breakfast and Brunch'], 'breakfast'],
    [['petit-déjeuner'], 'breakfast'],
    [['lunch'], 'lunch'],
    [['Main Dishes'], 'dinner'],
    [['Abendessen, Hauptspeise'], 'dinner'],
    [['middag'], 'dinner'],
    [['Bread'], 'baking'],
    [['Cake & Dessert'], 'baking'],
    [['Side Dish', 'Dinner'], 'dinner'],
    [['Nachtisch'], 'dessert'],
  ] as const)('%j is %s', (categories, mealType) => {
    expect(mealTypeOfCategories(categories)).toBe(mealType);
  });

  it('is null when the page names no meal: a side, a starter, a cuisine, a word inside another', () => {
    expect(mealTypeOfCategories(['Side Dish', 'Appetizer', 'Italian', 'Snack'])).toBeNull();
    expect(mealTypeOfCategories(['Breadcrumbs', 'Pancakes'])).toBeNull();
    expect(mealTypeOfCategories([])).toBeNull();
    expect(mealTypeOfCategories(null)).toBeNull();
    expect(mealTypeOfCategories(undefined)).toBeNull();
  });
});

describe('importedCategory', () => {
  it('takes the category whose keyword is in the name first', () => {
    expect(importedCategory(doc(), { name: 'Lemon Salmon Traybake', categories: ['Pasta'] }, 'dinner')).toBe(
      'default-dinner-seafood',
    );
  });

  it('else one whose keyword is in the page’s categories, else one named like them', () => {
    expect(importedCategory(doc(), { name: 'Grandma’s Best', categories: ['Pies & Tarts'] }, 'dessert')).toBe(
      'default-dessert-pies',
    );
    expect(importedCategory(doc(), { name: 'Chocolate Mousse', categories: ['Dessert'] }, 'dessert')).toBe(
      'default-dessert-desserts',
    );
    expect(importedCategory(doc(), { name: 'Club', categories: ['Sandwich'] }, 'lunch')).toBe(
      'default-lunch-sandwiches',
    );
  });

  it('looks only at categories of the meal type, and finds none when nothing fits', () => {
    expect(importedCategory(doc(), { name: 'Chocolate Mousse', categories: ['Dessert'] }, 'dinner')).toBe(
      undefined,
    );
    expect(importedCategory(doc(), { name: 'Mystery', categories: [] }, 'dinner')).toBeUndefined();
    expect(importedCategory(doc(), { name: 'Mystery' }, 'dinner')).toBeUndefined();
  });
});
