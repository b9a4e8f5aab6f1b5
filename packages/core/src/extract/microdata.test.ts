import { describe, expect, it } from 'vitest';
import { parseHtml } from './html.js';
import { findLooseRecipeProperties, findMicrodataRecipes } from './microdata.js';
import { draftFromSchema } from './schema-recipe.js';

const RECIPE = `
<div itemscope itemtype="https://schema.org/Recipe">
  <h1 itemprop="name">Lemon &amp; Herb Chicken</h1>
  <img itemprop="image" src="/img/chicken.jpg" alt="">
  <div itemprop="author" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Sam</span></div>
  <meta itemprop="prepTime" content="PT15M">
  <time itemprop="cookTime" datetime="PT45M">45 minutes</time>
  <span itemprop="recipeYield">Serves 4</span>
  <meta itemprop="recipeCategory" content="Main course">
  <ul>
    <li itemprop="recipeIngredient">1 <span>whole</span> chicken</li>
    <li itemprop="recipeIngredient">2 lemons</li>
  </ul>
  <ol itemprop="recipeInstructions"><li>Season the chicken.</li><li>Roast it.</li></ol>
</div>`;

describe('findMicrodataRecipes', () => {
  it('reads a Recipe item, keeping nested items as objects', () => {
    const [item] = findMicrodataRecipes(parseHtml(RECIPE));
    expect(item?.['@type']).toEqual(['https://schema.org/Recipe']);
    expect(item?.['author']).toEqual({ '@type': ['https://schema.org/Person'], name: 'Sam' });
    expect(item?.['prepTime']).toBe('PT15M');
    expect(item?.['cookTime']).toBe('PT45M');
    expect(item?.['image']).toBe('/img/chicken.jpg');
  });

  it('gives the schema.org reader everything it needs', () => {
    const [item] = findMicrodataRecipes(parseHtml(RECIPE));
    expect(draftFromSchema(item ?? {}, undefined, 'https://x.test/r')).toEqual({
      name: 'Lemon & Herb Chicken',
      ingredients: ['1 whole chicken', '2 lemons'],
      instructions: ['Season the chicken.', 'Roast it.'],
      servings: 4,
      prepTime: 15,
      cookTime: 45,
      totalTime: null,
      image: 'https://x.test/img/chicken.jpg',
      categories: ['Main course'],
    });
  });

  it('accepts data-vocabulary.org recipes and lazy-loaded images', () => {
    const html = `<div itemscope itemtype="http://data-vocabulary.org/Recipe">
      <span itemprop="name">Old</span><img itemprop="photo" src="data:image/gif;base64,R0" data-src="/real.jpg"></div>`;
    const [item] = findMicrodataRecipes(parseHtml(html));
    expect(item).toMatchObject({ name: 'Old', photo: '/real.jpg' });
  });

  it('finds nothing without a Recipe item', () => {
    expect(
      findMicrodataRecipes(parseHtml('<div itemscope itemtype="https://schema.org/Person"></div>')),
    ).toEqual([]);
  });
});

describe('findLooseRecipeProperties', () => {
  it('gathers recipe properties used without an item', () => {
    const html = `<h3 itemprop="recipeYield">Pour 2 personnes :</h3>
      <ul><li itemprop="ingredients">250 g de pâtes</li><li itemprop="ingredients">1 oeuf</li></ul>
      <div itemprop="recipeInstructions"><p>1- Cuire.</p><p>2- Servir.</p></div>
      <span itemprop="name">not a recipe property</span>`;
    const item = findLooseRecipeProperties(parseHtml(html));
    expect(draftFromSchema(item ?? {})).toMatchObject({
      name: null,
      ingredients: ['250 g de pâtes', '1 oeuf'],
      instructions: ['1- Cuire.', '2- Servir.'],
      servings: 2,
    });
  });

  it('gives null when there are none', () => {
    expect(findLooseRecipeProperties(parseHtml('<p itemprop="name">x</p>'))).toBeNull();
  });
});
