import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, MEAL_TYPES } from '../constants.js';
import { makeRecipe } from './fixtures.test-helpers.js';
import {
  AgendaDocumentSchema,
  CategorySchema,
  ChangePasswordInputSchema,
  CurrentUserSchema,
  DaySchema,
  GroceriesDocumentSchema,
  LoginInputSchema,
  NotesDocumentSchema,
  RecipeSchema,
  RecipesDocumentSchema,
  RegisterInputSchema,
  ScrapedRecipesSchema,
  StatusSchema,
  addDays,
  defaultCategories,
  documentSchemas,
  emptyDocument,
  isDayId,
  toDayId,
} from './index.js';
import type { z } from 'zod';

/** The messages of a failed parse, or [] when it passed. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('documents', () => {
  it.each(DOCUMENT_KINDS)('the empty %s document is valid', (kind) => {
    expect(documentSchemas[kind].safeParse(emptyDocument(kind)).success).toBe(true);
  });

  it('gives each call a fresh document', () => {
    const first = emptyDocument('groceries');
    first.stores = {};
    expect(Object.keys(emptyDocument('groceries').stores)).toHaveLength(1);
  });

  it('starts groceries with one store holding a Main aisle with two placeholders', () => {
    const store = Object.values(emptyDocument('groceries').stores)[0]!;
    const main = store.aisles[store.mainAisleId]!;
    expect(main.name).toBe('Main');
    expect(main.order).toBe(0);
    expect(Object.values(main.ingredients).map((item) => item.isPlaceholder)).toEqual([true, true]);
  });

  it('gives a new account at least one category per meal type, all valid and under 15 characters', () => {
    const categories = Object.values(defaultCategories());
    for (const mealType of MEAL_TYPES) {
      expect(categories.some((category) => category.mealType === mealType)).toBe(true);
    }
    for (const category of categories) expect(CategorySchema.parse(category)).toEqual(category);
  });

  it('accepts a full recipes document', () => {
    const doc = {
      recipes: { r1: makeRecipe({ rating: 5, url: 'https://example.com', madeOn: ['2025-01-02'] }) },
      categories: { c1: { id: 'c1', name: 'Pasta', mealType: 'dinner', keywords: ['pasta'] } },
    };
    expect(RecipesDocumentSchema.parse(doc)).toEqual(doc);
  });

  it.each([
    [
      'an entity whose id differs from its key',
      { recipes: { r2: makeRecipe() }, categories: {} },
      'id must equal its key "r2"',
    ],
    ['an unknown top-level field', { recipes: {}, categories: {}, extra: 1 }, 'Unrecognized key: "extra"'],
    ['a missing map', { recipes: {} }, 'Invalid input: expected record, received undefined'],
  ])('rejects %s', (_label, doc, message) => {
    expect(messages(RecipesDocumentSchema, doc)).toContain(message);
  });

  it('rejects an agenda keyed by something that is not a day', () => {
    const day = { id: 'monday', updatedAt: '2025-01-01T10:00:00.000Z' };
    expect(AgendaDocumentSchema.safeParse({ days: { monday: day }, hash: '' }).success).toBe(false);
  });

  it('accepts notes keyed by day and refuses empty notes', () => {
    expect(NotesDocumentSchema.safeParse({ notes: { '2025-03-01': 'Guests' } }).success).toBe(true);
    expect(NotesDocumentSchema.safeParse({ notes: { '2025-03-01': '' } }).success).toBe(false);
  });

  it('requires the main aisle of a store to exist', () => {
    const doc = emptyDocument('groceries');
    const store = Object.values(doc.stores)[0]!;
    store.mainAisleId = 'missing';
    expect(messages(GroceriesDocumentSchema, doc)).toContain(
      "mainAisleId must name one of the store's aisles",
    );
  });
});

describe('recipe fields', () => {
  it.each([
    [
      'null rating (documents never hold null)',
      { rating: null },
      'Invalid input: expected number, received null',
    ],
    ['rating 6', { rating: 6 }, 'Too big: expected number to be <=5'],
    ['a blank name', { name: '   ' }, 'Required'],
    ['a 201-character name', { name: 'x'.repeat(201) }, 'Too big: expected string to have <=200 characters'],
    ['a string count', { count: '1' }, 'Invalid input: expected number, received string'],
    [
      'meal type all',
      { mealType: 'all' },
      'Invalid option: expected one of "breakfast"|"lunch"|"dinner"|"dessert"|"baking"',
    ],
    ['an invalid day in madeOn', { madeOn: ['2025-02-30'] }, 'Invalid day: expected a date as yyyy-MM-dd'],
    ['a non-ISO createdAt', { createdAt: 'yesterday' }, 'Invalid ISO datetime'],
    ['zero servings', { servings: 0 }, 'Too small: expected number to be >=1'],
    ['an unknown field', { image: 'x.jpg' }, 'Unrecognized key: "image"'],
    ['an id with a slash', { id: 'a/b' }, 'Invalid id: use letters, digits, "_", "-", "." or ":"'],
  ])('rejects %s', (_label, overrides, message) => {
    expect(messages(RecipeSchema, { ...makeRecipe(), ...overrides })).toContain(message);
  });

  it.each([
    ['14 characters', 'x'.repeat(14), []],
    ['15 characters', 'x'.repeat(15), ['Category name must be at most 14 characters']],
    ['blank', '  ', ['Required']],
  ])('checks a category name of %s', (_label, name, expected) => {
    expect(messages(CategorySchema, { id: 'c', name, mealType: 'lunch', keywords: [] })).toEqual(expected);
  });

  it('accepts a day with slots and a quick dinner, and refuses an unknown slot', () => {
    const day = { id: '2025-01-01', updatedAt: '2025-01-01T10:00:00Z', lunch: 'r1', quickDinner: 'Tacos' };
    expect(DaySchema.safeParse(day).success).toBe(true);
    expect(messages(DaySchema, { ...day, supper: 'r2' })).toContain('Unrecognized key: "supper"');
  });
});

describe('account inputs', () => {
  it.each([
    [{ email: '', password: 'x' }, ['Email is required']],
    [{ email: 'a@b', password: 'x' }, ['Entered value does not match email format']],
    [{ email: 'a@b.c', password: '' }, ['Password is required']],
    [{ password: 'x' }, ['Email is required']],
    [{ email: 'a@b.c', password: 'x' }, []],
  ])('login %j gives %j', (body, expected) => {
    expect(messages(LoginInputSchema, body)).toEqual(expected);
  });

  it.each([
    ['123456', ['Password must be at least 7 characters']],
    ['1234567', []],
  ])('register with password %s gives %j', (password, expected) => {
    expect(messages(RegisterInputSchema, { email: 'a@b.c', password })).toEqual(expected);
  });

  it('checks the new password of a change but not the length of the current one', () => {
    expect(messages(ChangePasswordInputSchema, { currentPassword: 'old', password: 'longenough' })).toEqual(
      [],
    );
    expect(messages(ChangePasswordInputSchema, { currentPassword: 'old', password: 'short' })).toEqual([
      'Password must be at least 7 characters',
    ]);
  });

  it('parses the current user and the status answer', () => {
    const me = {
      id: 'u1',
      email: 'a@b.c',
      firstName: 'Ann',
      lastName: 'Lee',
      tenantName: 'Lee',
      plan: 'free',
      following: [
        {
          id: 'f1',
          userId: 'u2',
          tenantId: 't2',
          firstName: '',
          lastName: '',
          email: 'b@c.d',
          isApproved: false,
        },
      ],
      followers: [],
    };
    expect(CurrentUserSchema.parse(me)).toEqual(me);
    expect(CurrentUserSchema.safeParse({ ...me, plan: 'platinum' }).success).toBe(false);
    expect(StatusSchema.parse({ commitHash: 'abc', etags: { recipes: '"3"' } })).toBeTruthy();
  });
});

describe('scraped recipes', () => {
  it('accepts the extractor output with nulls and refuses a missing name', () => {
    const recipe = {
      name: 'Soup',
      url: 'https://example.com/soup',
      ingredients: ['1 cup water'],
      instructions: 'Boil.',
      servings: null,
      prepTime: null,
      cookTime: 10,
      totalTime: null,
      image: null,
    };
    expect(ScrapedRecipesSchema.safeParse({ recipes: [recipe] }).success).toBe(true);
    expect(ScrapedRecipesSchema.safeParse({ recipes: [{ ...recipe, name: '' }] }).success).toBe(false);
  });
});

describe('day ids', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['', false],
  ])('isDayId(%s) is %s', (value, expected) => {
    expect(isDayId(value)).toBe(expected);
  });

  it.each([
    ['2024-12-31', 1, '2025-01-01'],
    ['2024-03-01', -1, '2024-02-29'],
    ['2025-03-29', 2, '2025-03-31'],
  ])('addDays(%s, %d) is %s', (dayId, days, expected) => {
    expect(addDays(dayId, days)).toBe(expected);
  });

  it('takes the local calendar date of a Date', () => {
    expect(toDayId(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});

describe('planLimits', () => {
  it('knows the three plans, and treats any other stored name as Free (never a prototype lookup)', async () => {
    const { planLimits, PLANS } = await import('../index.js');
    expect(planLimits('pro')).toBe(PLANS.pro);
    expect(planLimits('unlimited').recipes).toBe(Number.POSITIVE_INFINITY);
    for (const name of ['constructor', '__proto__', 'toString', 'gold', '', undefined, null])
      expect(planLimits(name)).toBe(PLANS.free);
  });
});
