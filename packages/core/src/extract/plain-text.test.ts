import { describe, expect, it } from 'vitest';
import { extractPastedRecipe, extractRecipeFromText, looksLikeHtml } from './plain-text.js';

const PANCAKES = `Fluffy Pancakes
A weekend favourite.

Serves 4
Prep time: 10 minutes
Cook time: 15 minutes

Ingredients
- 200 g flour
- 2 eggs
• 300 ml milk

Method
1. Whisk everything together.
2. Fry in a hot pan until golden.

Notes
Cook 5 minutes longer for crisp edges.`;

describe('extractRecipeFromText', () => {
  it('reads a typical pasted recipe: name, sections, servings and times', () => {
    expect(extractRecipeFromText(PANCAKES, 'https://example.com/pancakes')).toEqual({
      name: 'Fluffy Pancakes',
      ingredients: ['200 g flour', '2 eggs', '300 ml milk'],
      instructions: 'Whisk everything together.\nFry in a hot pan until golden.',
      servings: 4,
      prepTime: 10,
      cookTime: 15,
      totalTime: 25,
      image: null,
      url: 'https://example.com/pancakes',
      categories: [],
    });
  });

  const sections: [string, string, string[], string][] = [
    [
      'Markdown headings and sub-sections',
      '# Chili\n## Ingredients\n### For the beans\n1 can beans\n### Spices\n1 tsp cumin\n## Instructions\n- Simmer.\n- Serve.',
      ['For the beans:', '1 can beans', 'Spices:', '1 tsp cumin'],
      'Simmer.\nServe.',
    ],
    [
      'bold headings with colons and a sub-heading line',
      '**Ingredients:**\nFor the dough:\n2 cups flour\n**Directions:**\nStep 1: Knead.\nStep 2: Bake.',
      ['For the dough:', '2 cups flour'],
      'Knead.\nBake.',
    ],
    [
      'a second ingredients heading inside the ingredients',
      'INGREDIENTS\n1 onion\nIngredients for the sauce\n1 tomato\nPREPARATION\nCook it all.',
      ['1 onion', 'Ingredients for the sauce:', '1 tomato'],
      'Cook it all.',
    ],
    [
      'other languages the page extractor knows',
      'Zutaten für 2 Personen\n100 g Butter\nZubereitung\nSchmelzen.',
      ['100 g Butter'],
      'Schmelzen.',
    ],
    [
      'a stop heading ends the steps',
      'Ingredients\n1 egg\nInstructions\nBoil 8 minutes.\nNutrition\n70 kcal',
      ['1 egg'],
      'Boil 8 minutes.',
    ],
    [
      'only an ingredients list',
      'Shopping\nIngredients:\n2 lemons\n1 cup sugar',
      ['2 lemons', '1 cup sugar'],
      '',
    ],
    [
      'step numbers on lines of their own, in other languages too',
      'Ingrediënten\n1 ui\nBereiding\nStap 1\nSnijd de ui.\nStap 2\nBak de ui.\n3.\nServeer.',
      ['1 ui'],
      'Snijd de ui.\nBak de ui.\nServeer.',
    ],
    [
      'Windows line endings and non-breaking spaces',
      'Soup\r\nIngredients\r\n1\u00a0l  stock\r\nMethod\r\nHeat\u00a0it.\r\n',
      ['1 l stock'],
      'Heat it.',
    ],
  ];
  it.each(sections)('%s', (_, text, ingredients, instructions) => {
    const recipe = extractRecipeFromText(text);
    expect(recipe?.ingredients).toEqual(ingredients);
    expect(recipe?.instructions).toBe(instructions);
  });

  const values: [
    string,
    Partial<Record<'servings' | 'prepTime' | 'cookTime' | 'totalTime', number | null>>,
  ][] = [
    ['Makes 12\nIngredients\n1 egg', { servings: 12 }],
    ['Yield: 6 servings\nIngredients\n1 egg', { servings: 6 }],
    ['Total time: 1 hour 5 minutes\nIngredients\n1 egg', { totalTime: 65 }],
    ['Prep: 20 mins\nIngredients\n1 egg', { prepTime: 20, cookTime: null, totalTime: 20 }],
    // Numbers inside the steps are not the recipe's times or servings.
    [
      'Ingredients\n1 egg\nMethod\nCook 10 minutes.\nServes 2 as a side.',
      {
        servings: null,
        prepTime: null,
        cookTime: null,
        totalTime: null,
      },
    ],
  ];
  it.each(values)('labelled values: %j', (text, expected) => {
    expect(extractRecipeFromText(text)).toMatchObject(expected);
  });

  it('takes the first line as the name only when it is not a heading or a value', () => {
    expect(extractRecipeFromText('Ingredients\n1 egg\nMethod\nBoil.')?.name).toBe('');
    expect(extractRecipeFromText('Serves 4\nIngredients\n1 egg')?.name).toBe('');
    expect(extractRecipeFromText('## Lemon Curd\nIngredients\n3 lemons')?.name).toBe('Lemon Curd');
    expect(extractRecipeFromText('Cookbook:Lemon Curd\nIngredients\n3 lemons')?.name).toBe('Lemon Curd');
    // 'Preparation time' is a label, not the start of the steps.
    expect(extractRecipeFromText('Toast\nPreparation time: 5 min\nIngredients\n1 slice bread')).toMatchObject(
      {
        name: 'Toast',
        prepTime: 5,
        ingredients: ['1 slice bread'],
      },
    );
  });

  it('invents nothing when there is no section heading, or nothing under it', () => {
    expect(extractRecipeFromText('Mix flour and eggs, then bake for 20 minutes.')).toBeNull();
    expect(extractRecipeFromText('Ingredients\n\nMethod\n')).toBeNull();
    expect(extractRecipeFromText('Ingredients\nFor the top:\nNotes\nnone')).toBeNull();
    expect(extractRecipeFromText('')).toBeNull();
  });
});

describe('extractPastedRecipe', () => {
  it('reads HTML with the page extractor and text with the text reading', () => {
    const html = `<html><head><script type="application/ld+json">{"@type":"Recipe","name":"Tea",
      "recipeIngredient":["1 tea bag"],"recipeInstructions":"Steep."}</script></head><body></body></html>`;
    expect(extractPastedRecipe(html, 'https://example.com/tea')).toMatchObject({
      name: 'Tea',
      ingredients: ['1 tea bag'],
      instructions: 'Steep.',
      url: 'https://example.com/tea',
    });
    expect(extractPastedRecipe(PANCAKES)?.name).toBe('Fluffy Pancakes');
  });

  it('falls back to the visible lines of HTML whose markup holds no recipe', () => {
    const html = '<div>Rice<br>Ingredients<br>1 cup rice<br>Method<br>Boil.</div>';
    expect(extractPastedRecipe(html)).toMatchObject({
      name: 'Rice',
      ingredients: ['1 cup rice'],
      instructions: 'Boil.',
    });
  });

  it('gives null for empty or recipe-less content', () => {
    expect(extractPastedRecipe('   ')).toBeNull();
    expect(extractPastedRecipe('<p>Hello</p>')).toBeNull();
  });

  it('tells HTML from text that merely mentions a less-than sign', () => {
    expect(looksLikeHtml('<!DOCTYPE html><title>x</title>')).toBe(true);
    expect(looksLikeHtml('<div class="a">x</div>')).toBe(true);
    expect(looksLikeHtml('Bake at < 200 C for 3 < 4 minutes')).toBe(false);
  });
});
