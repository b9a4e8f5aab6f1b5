import { describe, expect, it } from 'vitest';
import type { NodeLookup } from './json-ld.js';
import { draftFromSchema, imageUrl, ingredientLines, instructionLines } from './schema-recipe.js';

describe('ingredientLines', () => {
  it('reads a list of strings, one line each, cleaning entities and tags', () => {
    expect(ingredientLines(['1 cup <b>flour</b>', '2 eggs &amp; 1 yolk', '  ', 'salt\n to taste'])).toEqual([
      '1 cup flour',
      '2 eggs & 1 yolk',
      'salt to taste',
    ]);
  });

  it('splits one string (bare or alone in a list) holding the whole list', () => {
    expect(ingredientLines('1 cup flour\n2 eggs<br>salt')).toEqual(['1 cup flour', '2 eggs', 'salt']);
    expect(ingredientLines(['1 cup flour\n2 eggs'])).toEqual(['1 cup flour', '2 eggs']);
  });

  it('flattens nested lists and reads objects by their text or name', () => {
    expect(ingredientLines([['1 onion'], { '@type': 'HowToSupply', name: '2 carrots' }, 3])).toEqual([
      '1 onion',
      '2 carrots',
      '3',
    ]);
  });

  it('spells out PropertyValue ingredients as value, unit and name', () => {
    expect(
      ingredientLines([
        { '@type': 'PropertyValue', value: 2, unitText: 'cups', name: 'flour' },
        { '@type': 'PropertyValue', value: '3', name: 'eggs' },
      ]),
    ).toEqual(['2 cups flour', '3 eggs']);
  });

  it('gives nothing for missing or odd values', () => {
    expect(ingredientLines(undefined)).toEqual([]);
    expect(ingredientLines(null)).toEqual([]);
    expect(ingredientLines({})).toEqual([]);
    expect(ingredientLines(true)).toEqual([]);
  });
});

describe('instructionLines', () => {
  it('splits a plain string at line breaks and HTML blocks', () => {
    expect(instructionLines('<ol><li>Mix.</li><li>Bake.</li></ol>')).toEqual(['Mix.', 'Bake.']);
    expect(instructionLines('Mix.\nBake.')).toEqual(['Mix.', 'Bake.']);
  });

  it('reads a list of strings and of HowToStep objects', () => {
    expect(
      instructionLines([
        'Mix.',
        { '@type': 'HowToStep', text: 'Bake &amp; cool.' },
        { '@type': 'HowToStep' },
      ]),
    ).toEqual(['Mix.', 'Bake & cool.']);
  });

  it('puts a HowToSection name on its own line before its steps', () => {
    const sections = [
      {
        '@type': 'HowToSection',
        name: 'Dough',
        itemListElement: [
          { '@type': 'HowToStep', text: 'Mix flour and water.' },
          { '@type': 'HowToStep', text: 'Knead.' },
        ],
      },
      { '@type': 'HowToSection', name: 'Filling', itemListElement: { '@type': 'HowToStep', text: 'Chop.' } },
    ];
    expect(instructionLines(sections)).toEqual([
      'Dough',
      'Mix flour and water.',
      'Knead.',
      'Filling',
      'Chop.',
    ]);
  });

  it('keeps a step name only when the text does not already start with it', () => {
    expect(
      instructionLines([
        { '@type': 'HowToStep', name: 'Preheat the oven.', text: 'Preheat the oven to 200°C.' },
        { '@type': 'HowToStep', name: 'Whisk the eggs and...', text: 'Whisk the eggs and sugar.' },
        { '@type': 'HowToStep', name: 'Make the glaze', text: 'Stir sugar into milk.' },
        { '@type': 'HowToStep', name: 'Only a name' },
      ]),
    ).toEqual([
      'Preheat the oven to 200°C.',
      'Whisk the eggs and sugar.',
      'Make the glaze',
      'Stir sugar into milk.',
      'Only a name',
    ]);
  });

  it('drops a step name that is only the step’s number, in any language', () => {
    expect(
      instructionLines([
        { '@type': 'HowToStep', position: 1, name: 'stap 1', text: 'Kook de rijst gaar.' },
        { '@type': 'HowToStep', position: 2, name: 'Schritt 2', text: 'Zwiebeln schneiden.' },
        { '@type': 'HowToStep', position: 3, name: 'Step 3.', text: 'Serve.' },
      ]),
    ).toEqual(['Kook de rijst gaar.', 'Zwiebeln schneiden.', 'Serve.']);
  });

  it('reads an ItemList of steps and steps whose words sit in nested directions', () => {
    expect(
      instructionLines({
        '@type': 'ItemList',
        itemListElement: [
          { '@type': 'HowToStep', itemListElement: [{ '@type': 'HowToDirection', text: 'Stir.' }] },
          { '@type': 'ListItem', text: 'Serve.' },
          { '@type': 'ListItem', position: 3, item: { '@type': 'HowToStep', text: 'Enjoy.' } },
        ],
      }),
    ).toEqual(['Stir.', 'Serve.', 'Enjoy.']);
  });

  it('follows @id references through the lookup', () => {
    const lookup: NodeLookup = (value) =>
      (value as { '@id'?: string })?.['@id'] === '#s1'
        ? { '@type': 'HowToStep', text: 'Referenced.' }
        : value;
    expect(instructionLines([{ '@id': '#s1' }], lookup)).toEqual(['Referenced.']);
  });

  it('ignores blank steps and odd values', () => {
    expect(instructionLines(['', ' - ', null, 5, { '@type': 'HowToStep', text: '' }])).toEqual([]);
  });
});

describe('imageUrl', () => {
  it('reads a string, a list, and an ImageObject, resolving against the page', () => {
    const page = 'https://x.test/soup/';
    expect(imageUrl('/a.jpg', undefined, page)).toBe('https://x.test/a.jpg');
    expect(imageUrl(['', 'b.jpg', 'c.jpg'], undefined, page)).toBe('https://x.test/soup/b.jpg');
    expect(imageUrl({ '@type': 'ImageObject', url: 'https://cdn.test/c.jpg' })).toBe(
      'https://cdn.test/c.jpg',
    );
    expect(imageUrl([{ '@type': 'ImageObject', contentUrl: 'https://cdn.test/d.jpg' }])).toBe(
      'https://cdn.test/d.jpg',
    );
  });

  it('gives null when no usable address is given', () => {
    expect(imageUrl(undefined)).toBeNull();
    expect(imageUrl({ '@type': 'ImageObject' })).toBeNull();
    expect(imageUrl('relative.jpg')).toBeNull();
  });
});

describe('draftFromSchema', () => {
  it('reads every field of a Recipe', () => {
    const draft = draftFromSchema(
      {
        '@type': 'Recipe',
        name: 'Pea &amp; Mint Soup',
        recipeIngredient: ['500 g peas', '1 bunch mint'],
        recipeInstructions: [{ '@type': 'HowToStep', text: 'Simmer.' }],
        recipeYield: ['4', '4 bowls'],
        prepTime: 'PT10M',
        cookTime: 'PT20M',
        totalTime: 'PT30M',
        image: { '@type': 'ImageObject', url: '/soup.jpg' },
        recipeCategory: ['Soup', 'Starter'],
        recipeCuisine: 'British',
        keywords: 'spring, soup, quick',
      },
      undefined,
      'https://x.test/r/',
    );
    expect(draft).toEqual({
      name: 'Pea & Mint Soup',
      ingredients: ['500 g peas', '1 bunch mint'],
      instructions: ['Simmer.'],
      servings: 4,
      prepTime: 10,
      cookTime: 20,
      totalTime: 30,
      image: 'https://x.test/soup.jpg',
      categories: ['Soup', 'Starter', 'British', 'spring', 'quick'],
    });
  });

  it('keeps the page’s categories short, few and once each, and none when it gives none', () => {
    const draft = draftFromSchema({
      name: 'Brownies',
      recipeCategory: 'Dessert; Baking',
      recipeCuisine: [{ '@type': 'Thing', name: 'American' }],
      keywords: [
        'dessert',
        'the best fudgy chocolate brownies you will ever bake at home',
        '&lt;b&gt;chocolate&lt;/b&gt;',
        'cocoa, bars, easy, party, kids, ',
      ],
    });
    expect(draft.categories).toEqual([
      'Dessert',
      'Baking',
      'American',
      'chocolate',
      'cocoa',
      'bars',
      'easy',
      'party',
    ]);
    expect(draftFromSchema({ name: 'Plain' }).categories).toEqual([]);
  });

  it('falls back to headline, ingredients, yield and performTime', () => {
    const draft = draftFromSchema({ headline: 'Stew', ingredients: 'beef', yield: '2', performTime: 'PT2H' });
    expect(draft).toMatchObject({ name: 'Stew', ingredients: ['beef'], servings: 2, cookTime: 120 });
  });
});
