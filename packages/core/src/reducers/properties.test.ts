/**
 * Property tests: random sequences of actions on every document. Each step runs on a deep-frozen
 * document (a mutation throws) and must leave a document that passes its schema; the groceries
 * invariants must hold after every step. Refusals the rules define (last category, last store, main
 * aisle, blank or long names) are allowed; any other error fails the property.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, MEAL_TYPES, type DocumentKind } from '../constants.js';
import {
  CATEGORY_NAME_TOO_LONG,
  documentSchemas,
  emptyDocument,
  placeholderId,
  type DocumentOf,
  type Ingredient,
  type ScrapedRecipe,
} from '../schemas/index.js';
import { LAST_CATEGORY_ERROR, LAST_STORE_ERROR, MAIN_AISLE_ERROR } from './env.js';
import type { ActionOf } from './reduce-document.js';
import { reduceDocument } from './reduce-document.js';
import { deepFreeze } from './testing.test-helpers.js';

const ALLOWED_ERRORS = new Set([
  LAST_CATEGORY_ERROR,
  LAST_STORE_ERROR,
  MAIN_AISLE_ERROR,
  CATEGORY_NAME_TOO_LONG,
  'Required',
]);

const T = '2025-03-10T12:00:00.000Z';

// Every action type of every document: any other string must be refused.
const KNOWN_TYPES = [
  ...['UPDATE_DAY', 'ADD_RECIPE', 'REMOVE_RECIPE', 'SWAP_RECIPES', 'ADD_RECIPE_TO_FIRST_EMPTY_DAY'],
  ...['ADD', 'UPDATE', 'REMOVE', 'INCREMENT_SERVINGS', 'DECREMENT_SERVINGS', 'ADDED_TO_AGENDA'],
  ...['REMOVE_FROM_AGENDA', 'SET_RATING', 'MOVE_TO_COOKBOOK', 'ADD_CATEGORY', 'UPDATE_CATEGORY'],
  ...['REMOVE_CATEGORY', 'ADD_SCRAPED_RECIPES', 'ADD_OTHER_USERS_RECIPE_TO_TEST_KITCHEN', 'PUT_NOTE'],
  ...['ADD_ITEM', 'RENAME_ITEM', 'INCREMENT_ITEM', 'DECREMENT_ITEM', 'TOGGLE_PIN', 'TOGGLE_DONE'],
  ...['SET_PIN', 'SET_DONE'],
  ...['EMPTY_LIST', 'ADD_RECIPE_INGREDIENT', 'REMOVE_RECIPE_INGREDIENT', 'MOVE_ITEM', 'ADD_STORE'],
  ...['RENAME_STORE', 'REMOVE_STORE', 'ADD_AISLE', 'RENAME_AISLE', 'REMOVE_AISLE', 'MOVE_AISLE'],
];
const day = fc.constantFrom('2025-03-09', '2025-03-10', '2025-03-11', '2025-03-12');
const mealType = fc.constantFrom(...MEAL_TYPES);
const id = (...ids: string[]) => fc.constantFrom(...ids);
const text = fc.string({ maxLength: 20 });
const longText = fc.oneof(text, fc.string({ minLength: 190, maxLength: 260 }));
const hash = fc.string({ minLength: 1, maxLength: 8 });
const stamp = fc.record({ updatedAt: fc.constant(T), hash });

const agendaAction: fc.Arbitrary<ActionOf<'agenda'>> = fc.oneof(
  fc
    .record({
      type: fc.constant('UPDATE_DAY' as const),
      day: fc.record(
        {
          id: day,
          updatedAt: fc.constant(T),
          lunch: id('r1', 'r2'),
          dinner: id('r3'),
          quickDinner: longText,
        },
        { requiredKeys: ['id', 'updatedAt'] },
      ),
    })
    .chain((a) => stamp.map((s) => ({ ...a, ...s }))),
  fc
    .record({
      type: fc.constant('ADD_RECIPE' as const),
      dayId: day,
      mealType,
      recipeId: id('r1', 'r2'),
      clearQuickDinner: fc.boolean(),
    })
    .chain((a) => stamp.map((s) => ({ ...a, ...s }))),
  fc
    .record({ type: fc.constant('REMOVE_RECIPE' as const), dayId: day, mealType })
    .chain((a) => stamp.map((s) => ({ ...a, ...s }))),
  fc
    .record({ type: fc.constant('SWAP_RECIPES' as const), fromDayId: day, toDayId: day })
    .chain((a) => stamp.map((s) => ({ ...a, ...s }))),
  fc
    .record(
      {
        type: fc.constant('ADD_RECIPE_TO_FIRST_EMPTY_DAY' as const),
        today: day,
        mealType,
        recipeId: id('r1', 'r9'),
        quickDinner: text,
      },
      { requiredKeys: ['type', 'today', 'mealType'] },
    )
    .chain((a) => stamp.map((s) => ({ ...a, ...s }))),
);

const recipeId = id('r1', 'r2', 'r3');
const categoryId = id('default-dinner-other', 'default-lunch-lunch', 'c1', 'c2');
const scraped: fc.Arbitrary<ScrapedRecipe> = fc.record({
  name: fc.constantFrom('Soup', 'Chicken pie', 'Bread'),
  url: fc.constantFrom('https://a.example/1', 'https://a.example/2', ''),
  ingredients: fc.array(fc.constantFrom('2 cups flour', '1 onion, chopped', 'Sauce:', '½ tsp salt'), {
    maxLength: 4,
  }),
  servings: fc.option(fc.integer({ min: 1, max: 12 })),
  totalTime: fc.option(fc.integer({ min: 0, max: 300 })),
});

// Unions of action types (fc.constantFrom) do not narrow to one action each, hence the cast.
const recipesAction = fc.oneof(
  fc.record({
    type: fc.constant('ADD' as const),
    recipe: fc.record(
      {
        id: recipeId,
        name: fc.constantFrom('Soup', ' ', 'Stew'),
        mealType,
        rating: fc.integer({ min: 0, max: 5 }),
        servings: fc.integer({ min: 1, max: 8 }),
        prepTime: fc.integer({ min: 0, max: 90 }),
      },
      { requiredKeys: ['id', 'name'] },
    ),
    createdAt: fc.constant(T),
  }),
  fc.record({
    type: fc.constant('UPDATE' as const),
    id: recipeId,
    changes: fc.record(
      {
        name: fc.constantFrom('Pie', ''),
        url: fc.constantFrom('https://a.example/1', null),
        cookTime: fc.constantFrom(10, null),
        // Out-of-range numbers a buggy form could send: the document must stay valid anyway.
        servings: fc.oneof(fc.integer({ min: -3, max: 1500 }), fc.double(), fc.constant(null)),
        prepTime: fc.oneof(fc.integer({ min: -10, max: 200_000 }), fc.constant(1.5)),
        rating: fc.constantFrom(2, 4, null),
        categoryId: fc.constantFrom('c1', null),
        ingredients: fc.constant<Ingredient[]>([{ qty: '1', unit: 'cup', name: 'rice', input: '' }]),
      },
      { requiredKeys: [] },
    ),
    updatedAt: fc.constant(T),
  }),
  fc.record({
    type: fc.constantFrom(
      'REMOVE' as const,
      'INCREMENT_SERVINGS' as const,
      'DECREMENT_SERVINGS' as const,
      'MOVE_TO_COOKBOOK' as const,
    ),
    id: recipeId,
  }),
  fc.record({
    type: fc.constantFrom('ADDED_TO_AGENDA' as const, 'REMOVE_FROM_AGENDA' as const),
    id: recipeId,
    dayId: day,
  }),
  fc.record({
    type: fc.constant('SET_RATING' as const),
    id: recipeId,
    rating: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({
    type: fc.constantFrom('ADD_CATEGORY' as const, 'UPDATE_CATEGORY' as const),
    category: fc.record({
      id: categoryId,
      name: fc.constantFrom('Curries', 'x'.repeat(15), ''),
      mealType,
      keywords: fc.constant(['curry']),
    }),
  }),
  fc.record({ type: fc.constant('REMOVE_CATEGORY' as const), id: categoryId }),
  fc.record({
    type: fc.constant('ADD_SCRAPED_RECIPES' as const),
    recipes: fc.array(fc.record({ id: id('s1', 's2', 'r1'), recipe: scraped }), { maxLength: 3 }),
    now: fc.constant(T),
  }),
) as fc.Arbitrary<ActionOf<'recipes'>>;

const notesAction: fc.Arbitrary<ActionOf<'notes'>> = fc.record({
  type: fc.constant('PUT_NOTE' as const),
  dayId: day,
  text,
});

const storeId = id('default-store', 'st2', 'st3');
const aisleId = id('default-store.main', 'a1', 'a2', 'm2', 'm3');
const itemId = id('i1', 'i2', 'i3', 'i4', placeholderId('default-store.main', 0), placeholderId('a1', 1));
const itemName = fc.constantFrom('Milk', 'milk ', 'Eggs', '', 'Bread');
const withHash = <T extends object>(arb: fc.Arbitrary<T>) =>
  fc.tuple(arb, hash).map(([a, h]) => ({ ...a, hash: h }));

const groceriesAction = fc.oneof(
  withHash(fc.record({ type: fc.constant('ADD_ITEM' as const), aisleId, itemId, name: itemName })),
  withHash(fc.record({ type: fc.constant('RENAME_ITEM' as const), itemId, name: itemName })),
  withHash(
    fc.record({
      type: fc.constantFrom(
        'INCREMENT_ITEM' as const,
        'DECREMENT_ITEM' as const,
        'TOGGLE_PIN' as const,
        'TOGGLE_DONE' as const,
      ),
      itemId,
    }),
  ),
  withHash(fc.record({ type: fc.constant('SET_DONE' as const), itemId, isDone: fc.boolean() })),
  withHash(fc.record({ type: fc.constant('SET_PIN' as const), itemId, isPinned: fc.boolean() })),
  withHash(
    fc.record({ type: fc.constant('EMPTY_LIST' as const), storeId, pushNow: fc.constant(true as const) }),
  ),
  withHash(
    fc.record({
      type: fc.constant('ADD_RECIPE_INGREDIENT' as const),
      storeId,
      itemId,
      name: itemName,
      recipeId,
    }),
  ),
  withHash(fc.record({ type: fc.constant('REMOVE_RECIPE_INGREDIENT' as const), name: itemName, recipeId })),
  withHash(fc.record({ type: fc.constant('MOVE_ITEM' as const), itemId, toAisleId: aisleId })),
  withHash(fc.record({ type: fc.constant('ADD_STORE' as const), storeId, mainAisleId: id('m2', 'm3') })),
  withHash(fc.record({ type: fc.constantFrom('RENAME_STORE' as const), storeId, name: text })),
  withHash(fc.record({ type: fc.constant('REMOVE_STORE' as const), storeId })),
  withHash(
    fc.record({
      type: fc.constantFrom('ADD_AISLE' as const, 'RENAME_AISLE' as const),
      storeId,
      aisleId,
      name: text,
    }),
  ),
  withHash(fc.record({ type: fc.constant('REMOVE_AISLE' as const), storeId, aisleId })),
  withHash(
    fc.record({
      type: fc.constant('MOVE_AISLE' as const),
      storeId,
      aisleId,
      toIndex: fc.integer({ min: -1, max: 6 }),
    }),
  ),
) as fc.Arbitrary<ActionOf<'groceries'>>;

const actionsByKind: { [K in DocumentKind]: fc.Arbitrary<ActionOf<K>> } = {
  agenda: agendaAction,
  recipes: recipesAction,
  notes: notesAction,
  groceries: groceriesAction,
};

/** Applies one action to a frozen copy; refusals leave the document as it was. */
function step<K extends DocumentKind>(kind: K, doc: DocumentOf<K>, action: ActionOf<K>): DocumentOf<K> {
  const before = JSON.stringify(doc);
  try {
    const next = reduceDocument(kind, deepFreeze(doc), action);
    expect(JSON.stringify(doc)).toBe(before);
    return next;
  } catch (error) {
    if (!(error instanceof Error) || !ALLOWED_ERRORS.has(error.message)) throw error;
    return doc;
  }
}

function checkGroceriesInvariants(doc: DocumentOf<'groceries'>): void {
  const stores = Object.values(doc.stores);
  expect(stores.map((store) => store.order).sort()).toEqual(stores.map((_, index) => index));
  for (const store of stores) {
    expect(store.aisles[store.mainAisleId]).toBeDefined();
    const aisles = Object.values(store.aisles);
    expect(aisles.map((aisle) => aisle.order).sort((a, b) => a - b)).toEqual(aisles.map((_, index) => index));
    for (const aisle of aisles) {
      const placeholders = Object.values(aisle.ingredients).filter((item) => item.isPlaceholder);
      expect(placeholders.map((item) => item.name)).toEqual(['', '']);
    }
  }
}

describe('reducer properties', () => {
  it.each(DOCUMENT_KINDS)(
    '%s: random actions never mutate the input and always leave a valid document',
    (kind) => {
      fc.assert(
        fc.property(
          fc.array(actionsByKind[kind] as fc.Arbitrary<ActionOf<typeof kind>>, { maxLength: 40 }),
          (actions) => {
            let doc = emptyDocument(kind);
            for (const action of actions) {
              doc = step(kind, doc, action);
              const parsed = documentSchemas[kind].safeParse(doc);
              if (!parsed.success) throw new Error(`${action.type}: ${parsed.error.message}`);
              if (kind === 'groceries') checkGroceriesInvariants(doc as DocumentOf<'groceries'>);
            }
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it.each(DOCUMENT_KINDS)('%s: any unknown action type throws Action not supported', (kind) => {
    const known = new Set(KNOWN_TYPES);
    fc.assert(
      fc.property(
        fc
          .oneof(fc.string(), fc.constantFrom('ADD_ITEMS', 'add', 'SHOW_FOOTER', 'FOLLOW'))
          .filter((type) => !known.has(type)),
        (type) => {
          expect(() => reduceDocument(kind, emptyDocument(kind), { type } as never)).toThrow(
            'Action not supported',
          );
        },
      ),
    );
  });
});
