import { describe, expect, it } from 'vitest';
import { emptyResultMessage } from './empty-result.js';
import type { RecipeQuery } from './recipe-list.js';

describe('emptyResultMessage', () => {
  it.each<[RecipeQuery, string]>([
    [{ tab: 'testKitchen' }, "You don't have any recipes in your test kitchen."],
    [
      { tab: 'testKitchen', mealType: 'all', filter: 'relevant' },
      "You don't have any recipes in your test kitchen.",
    ],
    [
      { tab: 'testKitchen', mealType: 'dessert', search: ' pie ' },
      'You don\'t have any dessert recipes matching "pie" in your test kitchen.',
    ],
    [{ tab: 'cookbook' }, "You don't have any relevant recipes in your cookbook."],
    [
      { tab: 'cookbook', filter: 'relevant', mealType: 'dinner', search: 'soup' },
      'You don\'t have any relevant dinner recipes matching "soup" in your cookbook.',
    ],
    [{ tab: 'cookbook', filter: 'rating_5' }, "You don't have any recipes in your cookbook with 5 stars."],
    [
      { tab: 'cookbook', filter: 'rating_4', mealType: 'baking' },
      "You don't have any baking recipes in your cookbook with 4 stars or more.",
    ],
    [
      { tab: 'cookbook', filter: 'none', search: 'x y' },
      'You don\'t have any recipes matching "x y" in your cookbook.',
    ],
  ])('%j gives %s', (query, sentence) => {
    expect(emptyResultMessage(query)).toBe(sentence);
  });

  it("names a followed user whose recipes are shown, and says 'their'", () => {
    expect(emptyResultMessage({ tab: 'cookbook', filter: 'rating_5', mealType: 'dessert' }, 'Grace')).toBe(
      "Grace doesn't have any dessert recipes in their cookbook with 5 stars.",
    );
    expect(emptyResultMessage({ tab: 'testKitchen', search: 'pie' }, 'Grace')).toBe(
      'Grace doesn\'t have any recipes matching "pie" in their test kitchen.',
    );
  });
});
