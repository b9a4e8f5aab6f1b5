import type { APIRequestContext } from '@playwright/test';
import { putDocument } from '../page-models/plan-page';

const STYLES = [
  'Weeknight',
  'Smoky',
  'Lemony',
  'Spicy',
  'Creamy',
  'Quick',
  'Sunday',
  'Crispy',
  'Herby',
  'Zesty',
];
const MAINS = [
  'chicken',
  'beef',
  'tofu',
  'lentil',
  'salmon',
  'mushroom',
  'pork',
  'chickpea',
  'prawn',
  'squash',
];
const DISHES = ['lasagna', 'curry', 'stew', 'risotto', 'tacos', 'salad', 'soup', 'pie', 'stir-fry', 'bake'];

/** The name of the `i`th seeded recipe ('Smoky lentil stew 4231'): distinct and searchable. */
export const seededName = (i: number) =>
  `${STYLES[i % 10]} ${MAINS[Math.floor(i / 10) % 10]} ${DISHES[Math.floor(i / 100) % 10]} ${i}`;

/**
 * Puts `count` Cookbook recipes (rated 5, two ingredients each) into the signed-in user's recipes
 * document through the API, for stories about large accounts: 5,000 is about 3.7 MB.
 */
export async function seedRecipes(request: APIRequestContext, count: number): Promise<void> {
  const now = Date.now();
  await putDocument(request, 'recipes', (doc) => {
    for (let i = 0; i < count; i++) {
      doc.recipes![`r${i}`] = {
        id: `r${i}`,
        name: seededName(i),
        mealType: 'dinner',
        inCookbook: true,
        url: `https://cooking.example.com/recipes/${i}`,
        ingredients: [
          { qty: '2', unit: 'cup', name: 'flour', input: '' },
          { qty: '400', unit: 'g', name: MAINS[Math.floor(i / 10) % 10], input: '' },
        ],
        instructions: 'Prepare everything.\nCook it through.\nServe hot.',
        servings: 4,
        rating: 5,
        createdAt: new Date(now - i * 60_000).toISOString(),
        madeOn: [],
        count: 0,
      };
    }
  });
}
