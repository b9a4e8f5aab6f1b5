import { describe, expect, it } from 'vitest';
import type { AgendaDocument } from '../schemas/index.js';
import { agendaActions, agendaReducer, firstEmptyDay, type AgendaAction } from './agenda.js';
import { deepFreeze, testEnv } from './testing.test-helpers.js';

const T = '2025-03-10T12:00:00.000Z';
const stamp = { updatedAt: T, hash: 'h1' };

function agenda(days: AgendaDocument['days'] = {}): AgendaDocument {
  return deepFreeze({ days, hash: 'h0' });
}

const doc = agenda({
  '2025-03-10': { id: '2025-03-10', updatedAt: 'old', dinner: 'r1' },
  '2025-03-11': { id: '2025-03-11', updatedAt: 'old', quickDinner: 'Tacos' },
  '2025-03-12': { id: '2025-03-12', updatedAt: 'old', lunch: 'r2', breakfast: 'r3' },
});

describe('agendaReducer', () => {
  it.each<[string, AgendaAction, Record<string, object | undefined>]>([
    [
      'UPDATE_DAY replaces the day',
      { type: 'UPDATE_DAY', day: { id: '2025-03-12', updatedAt: T, quickDinner: 'Soup' }, ...stamp },
      { '2025-03-12': { id: '2025-03-12', updatedAt: T, quickDinner: 'Soup' } },
    ],
    [
      'UPDATE_DAY with nothing in it removes the day',
      { type: 'UPDATE_DAY', day: { id: '2025-03-11', updatedAt: T, quickDinner: '  ' }, ...stamp },
      { '2025-03-11': undefined },
    ],
    [
      'ADD_RECIPE fills the slot of the meal type on a new day',
      { type: 'ADD_RECIPE', dayId: '2025-03-20', mealType: 'dessert', recipeId: 'r9', ...stamp },
      { '2025-03-20': { id: '2025-03-20', updatedAt: T, dessert: 'r9' } },
    ],
    [
      'ADD_RECIPE keeps the quick dinner unless asked to clear it',
      { type: 'ADD_RECIPE', dayId: '2025-03-11', mealType: 'lunch', recipeId: 'r9', ...stamp },
      { '2025-03-11': { id: '2025-03-11', updatedAt: T, quickDinner: 'Tacos', lunch: 'r9' } },
    ],
    [
      'ADD_RECIPE clears the quick dinner when asked',
      {
        type: 'ADD_RECIPE',
        dayId: '2025-03-11',
        mealType: 'dinner',
        recipeId: 'r9',
        clearQuickDinner: true,
        ...stamp,
      },
      { '2025-03-11': { id: '2025-03-11', updatedAt: T, dinner: 'r9' } },
    ],
    [
      'REMOVE_RECIPE clears one slot',
      { type: 'REMOVE_RECIPE', dayId: '2025-03-12', mealType: 'lunch', ...stamp },
      { '2025-03-12': { id: '2025-03-12', updatedAt: T, breakfast: 'r3' } },
    ],
    [
      'REMOVE_RECIPE of the last slot removes the day',
      { type: 'REMOVE_RECIPE', dayId: '2025-03-10', mealType: 'dinner', ...stamp },
      { '2025-03-10': undefined },
    ],
    [
      'SWAP_RECIPES onto an empty day moves every slot and clears the source',
      { type: 'SWAP_RECIPES', fromDayId: '2025-03-12', toDayId: '2025-03-15', ...stamp },
      {
        '2025-03-12': undefined,
        '2025-03-15': { id: '2025-03-15', updatedAt: T, lunch: 'r2', breakfast: 'r3' },
      },
    ],
    [
      'SWAP_RECIPES between two planned days trades them, quick dinner included',
      { type: 'SWAP_RECIPES', fromDayId: '2025-03-10', toDayId: '2025-03-11', ...stamp },
      {
        '2025-03-10': { id: '2025-03-10', updatedAt: T, quickDinner: 'Tacos' },
        '2025-03-11': { id: '2025-03-11', updatedAt: T, dinner: 'r1' },
      },
    ],
    [
      'ADD_RECIPE_TO_FIRST_EMPTY_DAY skips days whose slot or quick dinner is taken',
      {
        type: 'ADD_RECIPE_TO_FIRST_EMPTY_DAY',
        today: '2025-03-10',
        mealType: 'dinner',
        recipeId: 'r7',
        ...stamp,
      },
      { '2025-03-12': { id: '2025-03-12', updatedAt: T, lunch: 'r2', breakfast: 'r3', dinner: 'r7' } },
    ],
    [
      'ADD_RECIPE_TO_FIRST_EMPTY_DAY treats a quick dinner as taking every meal type',
      {
        type: 'ADD_RECIPE_TO_FIRST_EMPTY_DAY',
        today: '2025-03-11',
        mealType: 'lunch',
        recipeId: 'r7',
        ...stamp,
      },
      { '2025-03-13': { id: '2025-03-13', updatedAt: T, lunch: 'r7' } },
    ],
    [
      'ADD_RECIPE_TO_FIRST_EMPTY_DAY puts quick text in the quick dinner',
      {
        type: 'ADD_RECIPE_TO_FIRST_EMPTY_DAY',
        today: '2025-03-09',
        mealType: 'dinner',
        quickDinner: ' Pizza ',
        ...stamp,
      },
      { '2025-03-09': { id: '2025-03-09', updatedAt: T, quickDinner: 'Pizza' } },
    ],
  ])('%s', (_label, action, expectedDays) => {
    const next = agendaReducer(doc, action);
    for (const [dayId, day] of Object.entries(expectedDays)) expect(next.days[dayId]).toEqual(day);
    expect(next.hash).toBe('h1');
  });

  it.each<[string, AgendaAction]>([
    ['removing an empty slot', { type: 'REMOVE_RECIPE', dayId: '2025-03-11', mealType: 'lunch', ...stamp }],
    [
      'swapping a day with itself',
      { type: 'SWAP_RECIPES', fromDayId: '2025-03-10', toDayId: '2025-03-10', ...stamp },
    ],
    [
      'swapping two empty days',
      { type: 'SWAP_RECIPES', fromDayId: '2025-04-01', toDayId: '2025-04-02', ...stamp },
    ],
    [
      'first empty day with blank text',
      {
        type: 'ADD_RECIPE_TO_FIRST_EMPTY_DAY',
        today: '2025-03-10',
        mealType: 'dinner',
        quickDinner: ' ',
        ...stamp,
      },
    ],
  ])('returns the same document for %s', (_label, action) => {
    expect(agendaReducer(doc, action)).toBe(doc);
  });

  it('throws for an unknown action', () => {
    expect(() => agendaReducer(doc, { type: 'NOPE' } as never)).toThrow('Action not supported');
  });
});

describe('firstEmptyDay', () => {
  it.each([
    ['dinner', '2025-03-10', '2025-03-12'],
    ['breakfast', '2025-03-10', '2025-03-10'],
    ['breakfast', '2025-03-11', '2025-03-13'],
    ['dinner', '2025-02-28', '2025-02-28'],
  ] as const)('for %s from %s is %s', (mealType, today, expected) => {
    expect(firstEmptyDay(doc, today, mealType)).toBe(expected);
  });
});

describe('agendaActions', () => {
  it('stamp updatedAt and a new hash from the env, and today from its local date', () => {
    const env = testEnv(new Date(2025, 2, 10, 23, 30));
    const action = agendaActions.addRecipeToFirstEmptyDay({ quickDinner: 'Soup' }, env);
    expect(action).toEqual({
      type: 'ADD_RECIPE_TO_FIRST_EMPTY_DAY',
      today: '2025-03-10',
      mealType: 'dinner',
      quickDinner: 'Soup',
      updatedAt: new Date(2025, 2, 10, 23, 30).toISOString(),
      hash: 'id-1',
    });
    expect(agendaActions.updateDay({ id: '2025-03-10', lunch: 'r1' }, env).day.updatedAt).toBe(
      action.updatedAt,
    );
  });

  it('are plain JSON, so they survive the queue in localStorage', () => {
    const action = agendaActions.addRecipe('2025-03-10', 'dinner', 'r1', true, testEnv());
    expect(JSON.parse(JSON.stringify(action))).toEqual(action);
  });
});
