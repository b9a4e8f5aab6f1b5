import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractRecipe } from './extract-recipe.js';

const URL = 'https://cook.test/recipes/soup/';

function page(head: string, body = ''): string {
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

const SOUP = {
  '@context': 'https://schema.org',
  '@type': 'Recipe',
  name: 'Tomato &amp;amp; Basil Soup',
  image: ['https://cook.test/soup-1x1.jpg', 'https://cook.test/soup-16x9.jpg'],
  recipeIngredient: ['1 kg tomatoes', '1 bunch basil', '- 500 ml stock'],
  recipeInstructions: [
    { '@type': 'HowToSection', name: 'Soup', itemListElement: [{ '@type': 'HowToStep', text: 'Simmer.' }] },
    { '@type': 'HowToStep', text: '<p>Blend &amp; serve.</p>' },
  ],
  recipeYield: ['4', '4 bowls'],
  prepTime: 'PT10M',
  cookTime: 'PT30M',
};

describe('extractRecipe from JSON-LD', () => {
  it('reads a complete recipe, cleaned, with the page url', () => {
    expect(extractRecipe(page(ld(SOUP)), URL)).toEqual({
      name: 'Tomato & Basil Soup',
      ingredients: ['1 kg tomatoes', '1 bunch basil', '500 ml stock'],
      instructions: 'Soup\nSimmer.\nBlend & serve.',
      servings: 4,
      prepTime: 10,
      cookTime: 30,
      totalTime: 40,
      image: 'https://cook.test/soup-1x1.jpg',
      url: URL,
      categories: [],
    });
  });

  it('gives what the page says the recipe is: its category, cuisine and keywords', () => {
    const html = page(
      ld({ ...SOUP, recipeCategory: 'Starter', recipeCuisine: 'Italian', keywords: 'summer' }),
    );
    expect(extractRecipe(html, URL)?.categories).toEqual(['Starter', 'Italian', 'summer']);
  });

  it('prefers the Open Graph picture, the page’s chosen hero image', () => {
    const html = page(`<meta property="og:image" content="/hero.jpg">${ld(SOUP)}`);
    expect(extractRecipe(html, URL)?.image).toBe('https://cook.test/hero.jpg');
  });

  it('falls back to the WebPage node’s main picture when the recipe and preview tags have none', () => {
    const graph = {
      '@graph': [
        { '@type': 'WebPage', '@id': `${URL}#page`, primaryImageOfPage: { '@id': `${URL}#missing` } },
        { '@type': 'WebPage', '@id': `${URL}#web`, primaryImageOfPage: { '@id': `${URL}#main` } },
        { '@type': 'ImageObject', '@id': `${URL}#main`, url: '/pancakes.jpg' },
      ],
    };
    const body = '<h1>Pancakes</h1><h2>Ingredients</h2><ul><li>2 eggs</li></ul><h2>Method</h2><p>Fry.</p>';
    expect(extractRecipe(page(ld(graph), body), URL)?.image).toBe('https://cook.test/pancakes.jpg');
    const withOg = page(`<meta property="og:image" content="/hero.jpg">${ld(graph)}`, body);
    expect(extractRecipe(withOg, URL)?.image).toBe('https://cook.test/hero.jpg');
  });

  it('reads a recipe inside @graph with an image given by reference', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', '@id': `${URL}#page` },
        { '@type': 'ImageObject', '@id': `${URL}#img`, url: '/soup.webp' },
        { ...SOUP, '@type': ['Recipe', 'NewsArticle'], image: { '@id': `${URL}#img` } },
      ],
    };
    expect(extractRecipe(page(ld(graph)), URL)).toMatchObject({
      name: 'Tomato & Basil Soup',
      image: 'https://cook.test/soup.webp',
    });
  });

  it('takes the page’s own recipe, not a related one listed after it', () => {
    const related = {
      '@type': 'Recipe',
      name: 'Bread',
      recipeIngredient: ['flour', 'water', 'salt', 'yeast', 'oil'],
    };
    const html = page(
      ld([
        { ...SOUP, recipeInstructions: 'Cook.' },
        { ...related, recipeInstructions: ['A', 'B', 'C'] },
      ]),
    );
    expect(extractRecipe(html, URL)?.name).toBe('Tomato & Basil Soup');
  });

  it('survives malformed JSON-LD blocks next to a good one', () => {
    const html = page(`<script type="application/ld+json">{"@type": "Recipe", "name": </script>${ld(SOUP)}`);
    expect(extractRecipe(html, URL)?.ingredients).toHaveLength(3);
  });

  it('fills what JSON-LD lacks from the page: servings and times from labels, steps from the card', () => {
    const sparse = { '@type': 'Recipe', name: 'Chili', recipeIngredient: ['1 can beans'] };
    const body = `<div class="wprm-recipe-container"><div class="wprm-recipe-instructions-container">
      <ul><li class="wprm-recipe-instruction">Stir.</li></ul></div></div>
      <ul><li><b>Serves:</b> 6</li><li><b>Total time:</b> 1 hour</li></ul>`;
    expect(extractRecipe(page(ld(sparse), body), URL)).toMatchObject({
      name: 'Chili',
      ingredients: ['1 can beans'],
      instructions: 'Stir.',
      servings: 6,
      totalTime: 60,
    });
  });

  it('puts a recipe card’s ingredient section headings back into the JSON-LD list', () => {
    const body = `<div class="wprm-recipe-ingredients-container">
      <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Soup</h4>
      <ul><li class="wprm-recipe-ingredient">1 kg tomatoes</li><li class="wprm-recipe-ingredient">1 bunch basil</li></ul></div>
      <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">To serve</h4>
      <ul><li class="wprm-recipe-ingredient">500 ml stock</li></ul></div></div>`;
    expect(extractRecipe(page(ld(SOUP), body), URL)?.ingredients).toEqual([
      'Soup:',
      '1 kg tomatoes',
      '1 bunch basil',
      'To serve:',
      '500 ml stock',
    ]);
  });

  it('keeps steps, not the step numbers a page prints above them, and tidies spaces before commas', () => {
    const dutch = {
      '@type': 'Recipe',
      name: 'Pasta met pesto',
      recipeIngredient: ['300 g penne', '1 teen knoflook , fijngesneden'],
      recipeInstructions: [
        { '@type': 'HowToStep', position: 1, name: 'stap 1', text: 'Kook de pasta.' },
        { '@type': 'HowToStep', position: 2, name: 'stap 2', text: 'Meng met de pesto.' },
      ],
    };
    expect(extractRecipe(page(ld(dutch)), URL)).toMatchObject({
      ingredients: ['300 g penne', '1 teen knoflook, fijngesneden'],
      instructions: 'Kook de pasta.\nMeng met de pesto.',
    });
    const french = {
      ...dutch,
      recipeInstructions: '<p>Étape 1</p><p>Cuire.</p><p>Étape 2</p><p>Servir.</p>',
    };
    expect(extractRecipe(page(ld(french)), URL)?.instructions).toBe('Cuire.\nServir.');
  });

  it('trusts the parts when the total is shorter than one of them', () => {
    const html = page(ld({ ...SOUP, cookTime: 'PT40M', prepTime: undefined, totalTime: 'PT20M' }));
    expect(extractRecipe(html, URL)).toMatchObject({ cookTime: 40, totalTime: 40 });
  });
});

describe('extractRecipe without JSON-LD', () => {
  it('reads microdata', () => {
    const body = `<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Rolls</h1>
      <span itemprop="recipeIngredient">3 cups flour</span><span itemprop="recipeIngredient">1 tsp yeast</span>
      <div itemprop="recipeInstructions"><p>Mix.</p><p>Bake.</p></div><meta itemprop="totalTime" content="PT2H"></div>`;
    expect(extractRecipe(page('', body), URL)).toMatchObject({
      name: 'Rolls',
      ingredients: ['3 cups flour', '1 tsp yeast'],
      instructions: 'Mix.\nBake.',
      totalTime: 120,
    });
  });

  it('reads a page with only headings and lists, naming it from <h1> and Open Graph', () => {
    const head =
      '<meta property="og:title" content="Banh Mi | Tofu Co"><meta property="og:image" content="/banh.jpg">';
    const body = `<h1>Banh Mi</h1><ul><li><strong>Serves:</strong> 1 people</li></ul>
      <h2>Ingredients</h2><ol><li>100g tofu</li><li>1/2 lime, zested</li></ol>
      <h2>Method</h2><ol><li>Slice the baguette.</li><li>Fill it.</li></ol>`;
    expect(extractRecipe(page(head, body), URL)).toEqual({
      name: 'Banh Mi',
      ingredients: ['100g tofu', '1/2 lime, zested'],
      instructions: 'Slice the baguette.\nFill it.',
      servings: 1,
      prepTime: null,
      cookTime: null,
      totalTime: null,
      image: 'https://cook.test/banh.jpg',
      url: URL,
      categories: [],
    });
  });

  it('reads a wiki cookbook page: the name without its namespace, the steps under "Procedure"', () => {
    const head = '<title>Cookbook:Apple Crumble - Wikibooks</title>';
    const body = `<h1 id="firstHeading">Cookbook:Apple Crumble</h1>
      <table class="infobox"><tr><th>Servings</th><td>6</td></tr></table>
      <h2><span class="mw-headline">Ingredients</span> <span class="mw-editsection">[<a href="#e1">edit</a>]</span></h2>
      <ul><li>4 apples, sliced</li><li>100 g flour</li><li>75 g butter</li><li>50 g sugar</li></ul>
      <h2><span class="mw-headline">Procedure</span> <span class="mw-editsection">[<a href="#e2">edit</a>]</span></h2>
      <ol><li>Heat the oven to 190°C.</li><li>Put the apples in a dish.</li><li>Rub the flour and butter together.</li>
      <li>Stir in the sugar and scatter over the apples.</li><li>Bake until golden.</li></ol>`;
    expect(extractRecipe(page(head, body), 'https://wiki.test/wiki/Cookbook:Apple_Crumble')).toMatchObject({
      name: 'Apple Crumble',
      servings: 6,
      instructions:
        'Heat the oven to 190°C.\nPut the apples in a dish.\nRub the flour and butter together.\n' +
        'Stir in the sugar and scatter over the apples.\nBake until golden.',
    });
  });

  it('reads a total the page shows in pieces, and no time from a step that names one', () => {
    const body = `<h1>Lemon Bars</h1>
      <ul class="times"><li><p>Total</p><p>4</p><p>hr</p><p>50</p><p>min</p></li></ul>
      <h2>Ingredients</h2><ul><li>1 cup flour</li><li>3 lemons</li></ul>
      <h2>Directions</h2><ol><li>Press the dough into the pan.</li><li>Bake 15 minutes.</li><li>Chill 4 hours.</li></ol>`;
    expect(extractRecipe(page('', body), URL)).toMatchObject({
      prepTime: null,
      cookTime: null,
      totalTime: 290,
    });
  });

  it('uses the canonical link as the url when none is given', () => {
    const head = `<link rel="canonical" href="https://cook.test/canonical/">${ld(SOUP)}`;
    expect(extractRecipe(page(head))?.url).toBe('https://cook.test/canonical/');
  });

  it('gives null for pages without a recipe', () => {
    expect(
      extractRecipe(
        page('<meta property="og:title" content="About us">', '<h1>About us</h1><p>Hi.</p>'),
        URL,
      ),
    ).toBeNull();
    expect(extractRecipe('', URL)).toBeNull();
    expect(extractRecipe(page(ld({ '@type': 'Recipe', name: 'Empty' })), URL)).toBeNull();
  });
});

describe('extractRecipe on arbitrary input', () => {
  const htmlish = fc.stringMatching(/^[<>/a-z"'=&#;:{}[\]@ 0-9\n-]*$/);
  const fragments = fc.array(
    fc.oneof(
      fc.constantFrom(
        '<script type="application/ld+json">',
        '</script>',
        '{"@type":"Recipe","recipeIngredient":[',
        '"recipeInstructions":{"@type":"HowToSection","itemListElement":',
        '<div itemscope itemtype="http://schema.org/Recipe">',
        '<li itemprop="recipeIngredient">',
        '<h2>Ingredients</h2><ul><li>',
        '<div class="wprm-recipe-ingredients-container">',
        '<meta property="og:image" content="',
        '&amp;amp;',
        '<!--',
        'PT1H',
      ),
      fc.string(),
      htmlish,
    ),
    { maxLength: 30 },
  );

  it('never throws and always returns a recipe or null', () => {
    fc.assert(
      fc.property(fragments, fc.option(fc.webUrl(), { nil: undefined }), (parts, url) => {
        const result = extractRecipe(parts.join(''), url);
        expect(result === null || typeof result.name === 'string').toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 30_000);

  it('never throws on random strings or non-string input', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => void extractRecipe(text, text)));
    expect(extractRecipe(undefined as unknown as string)).toBeNull();
    expect(extractRecipe(42 as unknown as string)).toBeNull();
  }, 30_000);
});
