/**
 * Recipe list selection at 5,000 recipes (the Pro plan's limit), compared with the 16.7 ms a frame
 * has at 60 fps: typing in the search box re-selects on every keystroke, so it must fit in a frame.
 *
 *   npx tsx --conditions=source bench/recipe-list.ts
 */
import {
  emptyDocument,
  selectRecipes,
  sortOptions,
  type Recipe,
  type RecipeQuery,
  type RecipesDocument,
} from '@mealplan/core';

const FRAME_MS = 1000 / 60;
const TODAY = '2026-06-01';
const doc: RecipesDocument = { ...emptyDocument('recipes'), recipes: {} };
const categoryIds = Object.keys(doc.categories);
const words = ['chicken', 'beef', 'tofu', 'lentil', 'salmon', 'pasta', 'curry', 'stew', 'salad', 'soup'];
for (let i = 0; i < 5000; i++) {
  const recipe: Recipe = {
    id: `r${i}`,
    name: `${words[i % 10]} ${words[(i * 7) % 10]} ${i}`,
    mealType: 'dinner',
    inCookbook: i % 2 === 0,
    isDeleted: false,
    ingredients: [],
    rating: i % 6,
    count: i % 7,
    servings: 4,
    madeOn: [],
    categoryId: categoryIds[i % categoryIds.length],
    createdAt: new Date(2026, 0, 1 + (i % 300)).toISOString(),
    url: `https://example.com/${words[i % 10]}/${i}`,
  } as Recipe;
  doc.recipes[recipe.id] = recipe;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const cases = [
  ...sortOptions('cookbook').map((sort) => ({
    label: `cookbook, sort ${sort}`,
    query: { tab: 'cookbook', filter: 'relevant', sort },
  })),
  ...sortOptions('testKitchen').map((sort) => ({
    label: `test kitchen, sort ${sort}`,
    query: { tab: 'testKitchen', sort },
  })),
  {
    label: 'search "beef st"',
    query: { tab: 'cookbook', filter: 'none', sort: 'category', search: 'beef st' },
  },
] satisfies { label: string; query: RecipeQuery }[];

console.log(`Recipe list selection, 5,000 recipes (limit: one 60 fps frame = ${FRAME_MS.toFixed(1)} ms)\n`);
console.log('case'.padEnd(30), 'median ms'.padStart(10), 'of frame'.padStart(10), 'results'.padStart(9));
for (const { label, query } of cases) {
  for (let i = 0; i < 5; i++) selectRecipes(doc, query, TODAY);
  const times: number[] = [];
  let results = 0;
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    results = selectRecipes(doc, query, TODAY).length;
    times.push(performance.now() - started);
  }
  const ms = median(times);
  console.log(
    label.padEnd(30),
    ms.toFixed(2).padStart(10),
    `${((ms / FRAME_MS) * 100).toFixed(0)}%`.padStart(10),
    String(results).padStart(9),
  );
}
