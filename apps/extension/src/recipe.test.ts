import { describe, expect, it } from 'vitest';
import { recipeFromPage } from './recipe';

const page = (jsonLd: object) =>
  `<!doctype html><html><head><title>Site</title><script type="application/ld+json">${JSON.stringify(jsonLd)}</script></head><body><h1>x</h1></body></html>`;

describe('recipeFromPage', () => {
  it('turns a schema.org recipe into what POST /api/scraped-recipes takes, with the scanned url', () => {
    const html = page({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Tomato &amp; Basil Soup',
      image: '/img/soup.jpg',
      recipeYield: '4 servings',
      prepTime: 'PT15M',
      cookTime: 'PT1H',
      recipeIngredient: ['2 lb tomatoes', '1 cup basil leaves'],
      recipeInstructions: [
        { '@type': 'HowToStep', text: 'Roast.' },
        { '@type': 'HowToStep', text: 'Blend.' },
      ],
    });
    const result = recipeFromPage(html, 'https://cook.example/soup?utm=x');
    expect(result).toEqual({
      found: true,
      recipe: {
        name: 'Tomato & Basil Soup',
        url: 'https://cook.example/soup?utm=x',
        ingredients: ['2 lb tomatoes', '1 cup basil leaves'],
        instructions: 'Roast.\nBlend.',
        servings: 4,
        prepTime: 15,
        cookTime: 60,
        totalTime: 75,
        image: 'https://cook.example/img/soup.jpg',
      },
    });
  });

  it('sends the meal type the page names, and none when it names none', () => {
    const dessert = page({
      '@type': 'Recipe',
      name: 'Mousse',
      recipeCategory: 'Dessert',
      recipeIngredient: ['2 eggs'],
    });
    const side = page({
      '@type': 'Recipe',
      name: 'Slaw',
      recipeCategory: 'Side Dish',
      recipeIngredient: ['1 cabbage'],
    });
    expect(recipeFromPage(dessert, 'https://cook.example/mousse')).toMatchObject({
      found: true,
      recipe: { mealType: 'dessert' },
    });
    const result = recipeFromPage(side, 'https://cook.example/slaw');
    expect(result.found && 'mealType' in result.recipe).toBe(false);
  });

  it('a page with a title but no ingredients is no recipe', () => {
    const html =
      '<html><head><title>My holiday</title><meta property="og:title" content="My holiday"></head><body><p>Sun.</p></body></html>';
    expect(recipeFromPage(html, 'https://blog.example/holiday')).toEqual({
      found: false,
      reason: 'no-recipe',
    });
    expect(recipeFromPage('', 'https://blog.example/')).toEqual({ found: false, reason: 'no-recipe' });
  });

  it('clips what is longer than the server takes instead of failing', () => {
    const html = page({
      '@type': 'Recipe',
      name: 'N'.repeat(500),
      recipeIngredient: Array.from({ length: 600 }, (_, i) => `${i + 1} g salt`),
    });
    const result = recipeFromPage(html, 'https://cook.example/salt');
    expect(result.found).toBe(true);
    if (!result.found) return;
    expect(result.recipe.name).toHaveLength(200);
    expect(result.recipe.ingredients).toHaveLength(500);
  });

  it('a page address longer than the server stores cannot be sent', () => {
    const html = page({ '@type': 'Recipe', name: 'Salt', recipeIngredient: ['1 g salt'] });
    expect(recipeFromPage(html, `https://cook.example/?q=${'x'.repeat(3000)}`)).toEqual({
      found: false,
      reason: 'too-large',
    });
  });
});
