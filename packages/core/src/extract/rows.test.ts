import { describe, expect, it } from 'vitest';
import { extractRecipe } from './extract-recipe.js';
import { parseHtml } from './html.js';
import { lacksShownAmounts, shownRows } from './rows.js';

const ld = (ingredients: string[]) =>
  `<script type="application/ld+json">${JSON.stringify({
    '@type': 'Recipe',
    name: 'Pancakes',
    recipeIngredient: ingredients,
    recipeInstructions: 'Mix.',
    recipeYield: '4',
    totalTime: 'PT10M',
  })}</script>`;

describe('lacksShownAmounts', () => {
  it.each([
    [['potatoes', 'onion', 'salt'], true],
    [['milk, 500 ml', 'flour, 10 tbsp', 'salt, a pinch'], true],
    [['2 cups flour', 'salt'], false],
    [['Butter, softened', '2 eggs', 'Salt, to taste'], false],
    [['flour, sifted', 'salt, to taste', 'milk, 1 cup'], false],
    [['salt'], false],
  ])('%j -> %s', (lines, expected) => {
    expect(lacksShownAmounts(lines)).toBe(expected);
  });
});

describe('shownRows', () => {
  it('widens each name to its row in a table (amount cell + name cell)', () => {
    const html = `<table><tr class="row"><td class="amount">500 ml</td><td><label><a href="/m">milk</a></label></td></tr>
      <tr class="row"><td class="amount">a pinch</td><td><label><a href="/s">salt</a></label></td></tr></table>`;
    expect(shownRows(parseHtml(html), ['milk, 500 ml', 'salt, a pinch'])).toEqual([
      '500 ml milk',
      'a pinch salt',
    ]);
  });

  it('passes over the same name elsewhere (a tag list) and keeps the list’s rows', () => {
    const html = `<p class="tags"><a>Potatoes</a>, <a>Onion</a></p><p class="crumb"><a>Potatoes</a> › Fritters</p>
      <div class="item"><p class="name"><span>potatoes</span></p><p class="qty"> 1 kilogram </p></div>
      <div class="item"><p class="name"><span>onion</span></p><p class="qty">1 piece</p></div>`;
    expect(shownRows(parseHtml(html), ['potatoes', 'onion'])).toEqual([
      'potatoes 1 kilogram',
      'onion 1 piece',
    ]);
  });

  it('gives null when a name has no row of the shared kind', () => {
    const html = `<li class="i">potatoes <b>1 kg</b></li><p>onion</p>`;
    expect(shownRows(parseHtml(html), ['potatoes', 'onion'])).toBeNull();
  });
});

describe('extractRecipe with names-only structured ingredients', () => {
  it('takes the page’s rows, amounts included', () => {
    const html = `<html><head>${ld(['potatoes', 'eggs'])}</head><body><ul>
      <li class="ing"><span>potatoes</span> <em>1 kg</em></li><li class="ing"><span>eggs</span> <em>2</em></li></ul></body></html>`;
    expect(extractRecipe(html)?.ingredients).toEqual(['potatoes 1 kg', 'eggs 2']);
  });

  it('keeps the structured lines when the page shows nothing more', () => {
    const html = `<html><head>${ld(['potatoes', 'eggs'])}</head><body><p>potatoes</p><p>eggs</p></body></html>`;
    expect(extractRecipe(html)?.ingredients).toEqual(['potatoes', 'eggs']);
  });
});
