/** Small exports of the apps Mealplan imports from, built in code for the tests (core and server). */
import { gzipSync, strToU8, zipSync } from 'fflate';

/** A 1 x 1 PNG, built here: signature, IHDR, IDAT, IEND. */
export const PNG = Uint8Array.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf500f00038601805a347d6b0000000049454e44ae426082'.match(
    /../g,
  )!,
  (byte) => parseInt(byte, 16),
);
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Base64 as Paprika writes photo_data (core has no btoa). */
export function base64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = [18, 12, 6, 0].map((shift) => BASE64[(n >> shift) & 63]);
    out += chars.slice(0, Math.min(4, bytes.length - i + 1)).join('');
  }
  return out.padEnd(Math.ceil(out.length / 4) * 4, '=');
}
export const jsonBytes = (value: unknown) => strToU8(JSON.stringify(value));

/** Paprika's recipe fields, as its export writes them. */
export type PaprikaRecipe = Record<string, unknown> & { name: string };

/** A .paprikarecipes file: a zip of gzipped JSON recipes. */
export function paprikaArchive(recipes: readonly PaprikaRecipe[]): Uint8Array {
  return zipSync(
    Object.fromEntries(recipes.map((r, i) => [`${i}-${r.name}.paprikarecipe`, gzipSync(jsonBytes(r))])),
  );
}

/** Two recipes: a German one with a photo and odd times, and one with unreadable servings. */
export function paprikaFile(photo: Uint8Array = PNG): Uint8Array {
  const recipes: PaprikaRecipe[] = [
    {
      uid: 'A1',
      name: 'Käsespätzle',
      ingredients: 'Für den Teig:\n400 g Mehl\n4 Eier\n1 TL Salz\n200 g Bergkäse, gerieben',
      directions: 'Teig schlagen.\nSpätzle schaben.',
      servings: '4 Portionen',
      prep_time: '20 min',
      cook_time: '1 hr 10 mins',
      total_time: '',
      source_url: 'https://example.de/spaetzle',
      notes: 'Mit Röstzwiebeln.',
      rating: 5,
      categories: ['Hauptgerichte'],
      photo_data: base64(photo),
    },
    {
      uid: 'B2',
      name: 'Porridge',
      ingredients: '1/2 cup oats\n1 cup milk',
      directions: '',
      servings: 'a few',
      categories: ['Breakfast'],
      rating: 0,
    },
  ];
  return zipSync(Object.fromEntries(recipes.map((r) => [`${r.name}.paprikarecipe`, gzipSync(jsonBytes(r))])));
}

export function mealieFile(photo: Uint8Array = PNG): Uint8Array {
  const recipe = {
    name: 'Shakshuka',
    slug: 'shakshuka',
    description: 'Eggs in spiced tomatoes',
    recipeYield: '2 servings',
    totalTime: 'PT35M',
    prepTime: '10 minutes',
    performTime: '25 minutes',
    orgURL: 'https://example.com/shakshuka',
    rating: 4,
    recipeCategory: [{ name: 'Breakfast', slug: 'breakfast' }],
    tags: [{ name: 'Vegetarian' }],
    recipeIngredient: [
      { title: 'Sauce', note: '', originalText: '1 can (400 g) crushed tomatoes', quantity: 1 },
      { note: '2 cloves garlic', display: '2 cloves garlic', quantity: 0 },
      { quantity: 4, unit: null, food: { name: 'eggs' }, note: 'room temperature' },
      'a pinch of cumin',
    ],
    recipeInstructions: [{ title: '', text: 'Simmer the sauce.' }, { text: 'Crack in the eggs.' }],
    notes: [{ title: 'Tip', text: 'Serve with bread.' }],
  };
  return zipSync({
    'recipes/shakshuka/shakshuka.json': jsonBytes(recipe),
    'recipes/shakshuka/images/original.webp': photo,
    'recipes/shakshuka/images/min-original.webp': PNG,
  });
}

export function tandoorFile(photo: Uint8Array = PNG): Uint8Array {
  const recipe = {
    name: 'Dal',
    description: 'Red lentils',
    keywords: [{ name: 'Lunch' }, { name: 'Indian' }],
    working_time: 10,
    waiting_time: 30,
    servings: 3,
    source_url: 'https://example.in/dal',
    steps: [
      {
        name: 'Cook',
        instruction: 'Boil the lentils until soft.',
        order: 0,
        ingredients: [
          {
            food: { name: 'red lentils' },
            unit: { name: 'g' },
            amount: 250,
            note: 'rinsed',
            is_header: false,
            no_amount: false,
          },
          { food: { name: 'Tadka' }, unit: null, amount: 0, note: '', is_header: true, no_amount: true },
          {
            food: { name: 'ghee' },
            unit: { name: 'tbsp' },
            amount: 1.5,
            note: '',
            is_header: false,
            no_amount: false,
          },
          {
            food: { name: 'salt' },
            unit: null,
            amount: 0,
            note: 'to taste',
            is_header: false,
            no_amount: true,
          },
        ],
      },
    ],
  };
  const inner = zipSync({ 'recipe.json': jsonBytes(recipe), 'image.png': photo });
  const other = zipSync({ 'recipe.json': jsonBytes({ name: 'Rice', steps: [] }) });
  return zipSync({ 'Dal.zip': inner, 'Rice.zip': other });
}

export const recipeSage = [
  {
    '@context': 'http://schema.org',
    '@type': 'Recipe',
    name: 'Miso soup',
    description: '',
    image: ['https://cdn.example.com/miso.jpg'],
    prepTime: 'PT5M',
    totalTime: '15 minutes',
    recipeIngredient: ['[Broth]', '4 cups dashi', '3 tbsp miso', '[Toppings]', '1/2 block tofu'],
    recipeInstructions: [
      { '@type': 'HowToStep', text: 'Heat the dashi.' },
      { '@type': 'HowToStep', text: 'Whisk in the miso.' },
    ],
    recipeYield: '4',
    recipeCategory: ['Lunch'],
    creditText: 'Grandma',
    isBasedOn: 'https://example.jp/miso',
    comment: [{ '@type': 'Comment', name: 'Author Notes', text: 'Never boil the miso.' }],
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '4', bestRating: '5' },
  },
];
