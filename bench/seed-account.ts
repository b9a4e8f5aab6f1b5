/**
 * A realistic signed-in account for the Lighthouse runs of the signed-in pages, seeded through the
 * API as the browser stories do (register, then PUT each document with its ETag): 200 recipes, a
 * month planned (dinner every day, lunch every fourth, a note every fifth) and 60 grocery items
 * over six aisles of the default store.
 */

export type Doc = Record<string, Record<string, unknown>>;

const RECIPES = 200;
const PLANNED_DAYS = 30;
export const DISHES = [
  'lasagna',
  'curry',
  'stew',
  'risotto',
  'tacos',
  'salad',
  'soup',
  'pie',
  'stir-fry',
  'bake',
];
export const MAINS = [
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
const MEALS = ['dinner', 'dinner', 'dinner', 'lunch', 'breakfast', 'dessert', 'baking'] as const;
/** 60 items in six aisles; the first is the store's main aisle. */
const AISLES: Record<string, string[]> = {
  Main: [
    'Olive oil',
    'Rice',
    'Pasta',
    'Chopped tomatoes',
    'Coffee beans',
    'Tea',
    'Honey',
    'Oats',
    'Flour',
    'Sugar',
  ],
  Produce: [
    'Apples',
    'Bananas',
    'Lemons',
    'Onions',
    'Garlic',
    'Carrots',
    'Spinach',
    'Tomatoes',
    'Potatoes',
    'Basil',
  ],
  Dairy: ['Milk', 'Butter', 'Eggs', 'Yoghurt', 'Cheddar', 'Parmesan', 'Cream', 'Feta', 'Mozzarella', 'Skyr'],
  Bakery: [
    'Sourdough',
    'Bagels',
    'Pitta',
    'Croissants',
    'Tortillas',
    'Rye bread',
    'Baguette',
    'Muffins',
    'Naan',
    'Rolls',
  ],
  Meat: ['Chicken thighs', 'Mince', 'Salmon', 'Bacon', 'Sausages', 'Prawns', 'Tofu', 'Ham', 'Turkey', 'Cod'],
  Household: [
    'Toilet paper',
    'Kitchen roll',
    'Bin bags',
    'Laundry liquid',
    'Sponges',
    'Foil',
    'Soap',
    'Bleach',
    'Candles',
    'Batteries',
  ],
};

const pad = (n: number) => String(n).padStart(2, '0');
function dayId(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function recipes(categories: Record<string, { id: string; mealType: string }>, now: string) {
  const byMeal = new Map<string, string[]>();
  for (const c of Object.values(categories))
    byMeal.set(c.mealType, [...(byMeal.get(c.mealType) ?? []), c.id]);
  const out: Record<string, Record<string, unknown>> = {};
  for (let i = 0; i < RECIPES; i++) {
    const mealType = MEALS[i % MEALS.length]!;
    const cats = byMeal.get(mealType) ?? [];
    out[`r${i}`] = {
      id: `r${i}`,
      name: `${MAINS[i % 10]} ${DISHES[Math.floor(i / 10) % 10]} ${i}`,
      mealType,
      inCookbook: i % 2 === 0,
      url: `https://cooking.example.com/recipes/${i}`,
      ingredients: [
        { qty: '2', unit: 'cup', name: 'flour', input: '' },
        { qty: '1', unit: 'tsp', name: 'salt', input: '' },
        { qty: '400', unit: 'g', name: MAINS[i % 10]!, input: '' },
      ],
      instructions: 'Prepare everything.\nCook it through.\nServe hot.',
      servings: 4,
      ...(i % 3 !== 0 ? { rating: (i % 5) + 1 } : {}),
      time: 25 + (i % 4) * 5,
      createdAt: new Date(Date.parse(now) - i * 3_600_000).toISOString(),
      ...(cats.length ? { categoryId: cats[i % cats.length] } : {}),
      madeOn: [],
      count: 0,
    };
  }
  return out;
}

function plan(recipeDocs: Record<string, Record<string, unknown>>, now: string) {
  const ids = Object.keys(recipeDocs);
  const dinners = ids.filter((id) => recipeDocs[id]!.mealType === 'dinner');
  const lunches = ids.filter((id) => recipeDocs[id]!.mealType === 'lunch');
  const days: Record<string, Record<string, unknown>> = {};
  const notes: Record<string, string> = {};
  for (let i = 0; i < PLANNED_DAYS; i++) {
    const id = dayId(i - 7);
    const day: Record<string, unknown> = { id, updatedAt: now, dinner: dinners[(i * 7) % dinners.length] };
    if (i % 4 === 1) day.lunch = lunches[(i * 3) % lunches.length];
    days[id] = day;
    if (i % 5 === 2) notes[id] = 'Shopping after work';
    for (const slot of ['dinner', 'lunch'] as const) {
      const recipe = day[slot] ? recipeDocs[day[slot] as string] : undefined;
      if (!recipe) continue;
      recipe.inCookbook = true;
      recipe.count = (recipe.count as number) + 1;
      recipe.madeOn = [id, ...(recipe.madeOn as string[])];
    }
  }
  return { days, notes };
}

function blank(id: string) {
  return { id, name: '', qty: 0, recipeIds: [], isPlaceholder: true, isPinned: false, isDone: false };
}

/** The default store's aisles replaced by the six of AISLES, each with its two placeholder rows. */
function groceries(doc: Doc): void {
  const stores = doc.stores as Record<string, { mainAisleId: string } & Record<string, unknown>>;
  const [storeId, store] = Object.entries(stores)[0]!;
  const aisles: Record<string, unknown> = {};
  Object.entries(AISLES).forEach(([name, names], order) => {
    const id = order === 0 ? store.mainAisleId : `aisle-${order}`;
    const ingredients: Record<string, unknown> = {};
    for (const index of [0, 1]) ingredients[`${id}.p${index}`] = blank(`${id}.p${index}`);
    names.forEach((item, n) => {
      const rowId = `${id}-item-${n}`;
      ingredients[rowId] = { ...blank(rowId), name: item, qty: 1 + (n % 3), isPlaceholder: false };
    });
    aisles[id] = { id, name, order, ingredients };
  });
  stores[storeId] = { ...store, aisles };
}

/** Registers `email` on the server at `base` and returns its session cookie (`name=value`). */
export async function registerAccount(base: string, email: string): Promise<string> {
  const register = await fetch(`${base}/apx/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password' }),
  });
  if (!register.ok) throw new Error(`register: ${register.status} ${await register.text()}`);
  return register.headers.getSetCookie()[0]!.split(';')[0]!;
}

/** Reads one of the account's documents, lets `change` edit it and PUTs it back with its ETag. */
export async function putDocument(
  base: string,
  cookie: string,
  kind: string,
  change: (doc: Doc) => void,
): Promise<void> {
  const current = await fetch(`${base}/api/${kind}`, { headers: { cookie } });
  const doc = (await current.json()) as Doc;
  change(doc);
  const res = await fetch(`${base}/api/${kind}`, {
    method: 'PUT',
    headers: {
      cookie,
      'content-type': 'application/json',
      'if-match': current.headers.get('etag') ?? '*',
      'idempotency-key': `seed-${kind}`,
    },
    body: JSON.stringify(doc),
  });
  if (!res.ok) throw new Error(`seeding ${kind}: ${res.status} ${await res.text()}`);
}

/** Registers `email` on the server at `base`, seeds its documents and returns its session cookie. */
export async function seedAccount(base: string, email: string): Promise<{ name: string; value: string }> {
  const cookie = await registerAccount(base, email);
  const put = (kind: string, change: (doc: Doc) => void) => putDocument(base, cookie, kind, change);
  const now = new Date().toISOString();
  let planned: ReturnType<typeof plan> = { days: {}, notes: {} };
  await put('recipes', (doc) => {
    const recipeDocs = recipes(doc.categories as Record<string, { id: string; mealType: string }>, now);
    planned = plan(recipeDocs, now);
    doc.recipes = recipeDocs;
  });
  await put('agenda', (doc) => {
    doc.days = planned.days;
  });
  await put('notes', (doc) => {
    doc.notes = planned.notes;
  });
  await put('groceries', groceries);
  const [name, value] = cookie.split('=') as [string, string];
  return { name, value };
}
