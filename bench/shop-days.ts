/**
 * 'Shop these days' over four weeks of a 5,000-recipe account, next to the 16.7 ms a frame has at
 * 60 fps: the review sheet is built on the main thread when it opens (and again when the days
 * change), and 'Add N items' applies one action to the groceries document. The figure compared
 * with a frame is the main-thread time per 100 items added (review + apply), and the whole of it.
 * Times are the process's CPU time (medians of 20 rounds), steadier than wall-clock on a busy machine.
 *
 *   npx tsx --conditions=source bench/shop-days.ts
 */
import {
  activeStore,
  addDays,
  createAisle,
  emptyDocument,
  groceriesReducer,
  groceryActions,
  ingredientsFromText,
  shopDaysReview,
  toDayId,
  type AgendaDocument,
  type GroceriesDocument,
  type Recipe,
  type RecipesDocument,
} from '@mealplan/core';

const FRAME_MS = 1000 / 60;
const FOODS = [
  'tomatoes',
  'onion',
  'garlic',
  'olive oil',
  'salt',
  'black pepper',
  'chicken thighs',
  'beef mince',
  'milk',
  'butter',
  'eggs',
  'flour',
  'sugar',
  'rice',
  'pasta',
  'lemon',
  'parsley',
  'carrots',
  'celery',
  'potatoes',
  'cheddar',
  'cream',
  'spinach',
  'mushrooms',
  'chickpeas',
  'coconut milk',
  'ginger',
  'cumin',
  'paprika',
  'stock',
  'bread',
  'salmon',
  'prawns',
  'peas',
  'yogurt',
  'honey',
];
const UNITS = ['cup', 'tbsp', 'tsp', 'g', 'lb', 'oz', 'can', '', 'clove', 'ml'];
const KINDS = ['', 'red ', 'fresh ', 'smoked ', 'dried ', 'baby ', 'wholemeal ', 'organic '];

// 5,000 recipes of 8 to 15 ingredient lines each.
const recipes: RecipesDocument = { ...emptyDocument('recipes'), recipes: {} };
for (let i = 0; i < 5000; i++) {
  const count = 8 + (i % 8);
  const lines: string[] = [];
  for (let j = 0; j < count; j++) {
    const unit = UNITS[(i + j * 3) % UNITS.length];
    const food = `${KINDS[(i + j) % KINDS.length]}${FOODS[(i * 7 + j * 5) % FOODS.length]}`;
    lines.push(`${1 + ((i + j) % 4)} ${unit} ${food}`.replace(/\s+/g, ' '));
  }
  const recipe = {
    id: `r${i}`,
    name: `Recipe ${i}`,
    mealType: 'dinner',
    inCookbook: i % 2 === 0,
    ingredients: ingredientsFromText(lines.join('\n')),
    servings: 4,
    madeOn: [],
    count: 0,
    createdAt: new Date(2026, 0, 1).toISOString(),
  } as Recipe;
  recipes.recipes[recipe.id] = recipe;
}

// Four weeks, breakfast, lunch and dinner every day.
const today = toDayId(new Date());
const agenda: AgendaDocument = { ...emptyDocument('agenda'), days: {} };
for (let d = 0; d < 28; d++) {
  const id = addDays(today, d);
  agenda.days[id] = {
    id,
    updatedAt: new Date().toISOString(),
    breakfast: `r${(d * 31) % 5000}`,
    lunch: `r${(d * 53 + 7) % 5000}`,
    dinner: `r${(d * 97 + 11) % 5000}`,
  };
}

// A store with the usual aisles and a list of 150 items already on it.
let groceries: GroceriesDocument = emptyDocument('groceries');
const store = activeStore(groceries, undefined)!;
['Produce', 'Dairy', 'Bakery', 'Meat', 'Fish', 'Frozen', 'Pantry', 'Drinks'].forEach((name, index) => {
  store.aisles[`a${index}`] = createAisle(`a${index}`, name, index + 1);
});
let ids = 0;
const env = { newId: () => `id-${++ids}`, now: () => new Date() };
for (let i = 0; i < 150; i++) {
  groceries = groceriesReducer(groceries, groceryActions.addItem(store.mainAisleId, `thing ${i}`, env));
}

/** Milliseconds of this process's CPU time: steadier than wall-clock time on a shared machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const to = addDays(today, 27);
let items = 0;
const reviewTimes: number[] = [];
const applyTimes: number[] = [];
for (let round = 0; round < 25; round++) {
  const startReview = cpuMs();
  const review = shopDaysReview(agenda, recipes, groceries, activeStore(groceries, undefined)!, today, to);
  const lines = review.aisles.flatMap((aisle) => aisle.lines);
  const reviewed = cpuMs() - startReview;
  const startApply = cpuMs();
  groceriesReducer(
    groceries,
    groceryActions.addPlannedIngredients(
      store.id,
      lines.map((line) => ({ name: line.name, shares: line.shares })),
      env,
    ),
  );
  const applied = cpuMs() - startApply;
  if (round >= 5) {
    reviewTimes.push(reviewed);
    applyTimes.push(applied);
  }
  items = lines.length;
}

const review = median(reviewTimes);
const apply = median(applyTimes);
const per100 = ((review + apply) / items) * 100;
console.log(
  `'Shop these days': 28 days x 3 meals of a 5,000-recipe account, ${items} items onto a 150-item list`,
);
console.log(`limit: one 60 fps frame of main-thread work per 100 items = ${FRAME_MS.toFixed(1)} ms\n`);
console.log('step'.padEnd(28), 'median CPU ms'.padStart(14));
console.log('build the review sheet'.padEnd(28), review.toFixed(2).padStart(14));
console.log('apply the one action'.padEnd(28), apply.toFixed(2).padStart(14));
console.log(
  'per 100 items'.padEnd(28),
  per100.toFixed(2).padStart(14),
  `${((per100 / FRAME_MS) * 100).toFixed(0)}% of a frame`,
);
