import { describe, expect, it } from 'vitest';
import { parseHtml } from './html.js';
import { findPluginIngredients, findPluginRecipes } from './plugins.js';

const BASE = 'https://x.test/recipe/';

const WPRM = `
<div class="wprm-recipe-container"><div class="wprm-recipe wprm-recipe-template-x">
  <h2 class="wprm-recipe-name">Apple Crumble</h2>
  <div class="wprm-recipe-image"><img src="/crumble.jpg"></div>
  <div class="wprm-recipe-block-container wprm-recipe-prep-time-container"><span class="wprm-recipe-time-label">Prep: </span>
    <span class="wprm-recipe-prep_time">20<span class="sr-only screen-reader-text"> minutes</span></span> <span>mins</span></div>
  <div class="wprm-recipe-block-container wprm-recipe-cook-time-container"><span>Cook: </span>
    <span class="wprm-recipe-cook_time-hours">1</span> <span>hr</span> <span class="wprm-recipe-cook_time-minutes">5</span> <span>mins</span></div>
  <span class="wprm-recipe-servings">6</span>
  <div class="wprm-recipe-ingredients-container"><h3>Ingredients</h3>
    <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Filling</h4>
      <ul class="wprm-recipe-ingredients">
        <li class="wprm-recipe-ingredient"><span class="wprm-checkbox-container"><label><span class="sr-only">▢</span></label></span>
          <span class="wprm-recipe-ingredient-amount">4</span> <span class="wprm-recipe-ingredient-name">apples</span></li>
      </ul></div>
    <div class="wprm-recipe-ingredient-group"><h4 class="wprm-recipe-group-name">Topping:</h4>
      <ul class="wprm-recipe-ingredients"><li class="wprm-recipe-ingredient">100 g oats</li><li class="wprm-recipe-ingredient">50 g butter</li></ul></div>
  </div>
  <div class="wprm-recipe-instructions-container"><h3>Instructions</h3>
    <ul><li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Slice the apples.</div></li>
    <li class="wprm-recipe-instruction"><div class="wprm-recipe-instruction-text">Bake.</div></li></ul></div>
</div></div>`;

describe('findPluginRecipes', () => {
  it('reads a WP Recipe Maker card with ingredient groups as headings', () => {
    const [draft] = findPluginRecipes(parseHtml(WPRM), BASE);
    expect(draft).toEqual({
      name: 'Apple Crumble',
      ingredients: ['Filling:', '4 apples', 'Topping:', '100 g oats', '50 g butter'],
      instructions: ['Slice the apples.', 'Bake.'],
      servings: 6,
      prepTime: 20,
      cookTime: 65,
      totalTime: null,
      image: 'https://x.test/crumble.jpg',
      categories: [],
    });
  });

  it('reads a Tasty Recipes card', () => {
    const html = `<div class="tasty-recipes">
      <div class="tasty-recipes-image"><img data-src="https://cdn.test/cake.jpg" src="data:image/gif;base64,R0"></div>
      <h2 class="tasty-recipes-title">Carrot Cake</h2>
      <span class="tasty-recipes-prep-time">15 minutes</span><span class="tasty-recipes-cook-time">1 hour</span>
      <span class="tasty-recipes-total-time">1 hour 15 minutes</span><span class="tasty-recipes-yield">12 slices</span>
      <div class="tasty-recipes-ingredients"><h3>Ingredients</h3><div class="tasty-recipes-ingredients-body">
        <p><strong>For the cake</strong></p><h4>Cake</h4><ul><li>3 carrots</li><li>2 cups flour</li></ul>
        <h4>Frosting</h4><ul><li>200 g cream cheese</li></ul></div></div>
      <div class="tasty-recipes-instructions"><h3>Instructions</h3><div class="tasty-recipes-instructions-body">
        <ol><li>Grate.</li><li>Bake.</li></ol></div></div></div>`;
    expect(findPluginRecipes(parseHtml(html), BASE)).toEqual([
      {
        name: 'Carrot Cake',
        ingredients: ['Cake:', '3 carrots', '2 cups flour', 'Frosting:', '200 g cream cheese'],
        instructions: ['Grate.', 'Bake.'],
        servings: 12,
        prepTime: 15,
        cookTime: 60,
        totalTime: 75,
        image: 'https://cdn.test/cake.jpg',
        categories: [],
      },
    ]);
  });

  it('reads a Mediavine Create card', () => {
    const html = `<div class="mv-create-card">
      <h2 class="mv-create-title">Iced Tea</h2><div class="mv-create-yield">Yield: 8 glasses</div>
      <div class="mv-create-time-prep"><span>Prep Time</span> <span class="mv-create-time-format">10 minutes</span></div>
      <div class="mv-create-ingredients"><h3>Ingredients</h3><ul><li>8 tea bags</li><li>Lemon</li></ul></div>
      <div class="mv-create-instructions"><h3>Instructions</h3><ol><li>Steep.</li><li>Chill.</li></ol></div></div>`;
    expect(findPluginRecipes(parseHtml(html), BASE)[0]).toMatchObject({
      name: 'Iced Tea',
      ingredients: ['8 tea bags', 'Lemon'],
      instructions: ['Steep.', 'Chill.'],
      servings: 8,
      prepTime: 10,
    });
  });

  it('reads h-recipe and hRecipe microformats', () => {
    const h2 = `<article class="h-recipe"><h1 class="p-name">Toast</h1>
      <ul><li class="p-ingredient">1 slice bread</li><li class="p-ingredient">butter</li></ul>
      <div class="e-instructions"><p>Toast the bread.</p><p>Butter it.</p></div>
      <span class="p-yield">1 serving</span><time class="dt-duration" datetime="PT5M">5 min</time>
      <img class="u-photo" src="toast.jpg"></article>`;
    expect(findPluginRecipes(parseHtml(h2), BASE)[0]).toEqual({
      name: 'Toast',
      ingredients: ['1 slice bread', 'butter'],
      instructions: ['Toast the bread.', 'Butter it.'],
      servings: 1,
      prepTime: null,
      cookTime: null,
      totalTime: 5,
      image: 'https://x.test/recipe/toast.jpg',
      categories: [],
    });
    const h1 = `<div class="hrecipe"><span class="fn">Tea</span><span class="ingredient">1 bag</span>
      <span class="ingredient">water</span><div class="instructions">Steep it.</div></div>`;
    expect(findPluginRecipes(parseHtml(h1))[0]).toMatchObject({
      name: 'Tea',
      ingredients: ['1 bag', 'water'],
      instructions: ['Steep it.'],
    });
  });

  it('leaves out cards without ingredients or instructions, and pages without cards', () => {
    expect(
      findPluginRecipes(parseHtml('<div class="tasty-recipes"><h2 class="tasty-recipes-title">x</h2></div>')),
    ).toEqual([]);
    expect(findPluginRecipes(parseHtml('<p>Hello</p>'))).toEqual([]);
  });
});

describe('findPluginIngredients', () => {
  it('reads an ingredient list cut from a page, without the rest of the card', () => {
    const fragment = WPRM.slice(WPRM.indexOf('<div class="wprm-recipe-ingredients-container">'));
    expect(findPluginIngredients(parseHtml(fragment))).toEqual([
      'Filling:',
      '4 apples',
      'Topping:',
      '100 g oats',
      '50 g butter',
    ]);
  });
});
