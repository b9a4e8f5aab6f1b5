import { describe, expect, it } from 'vitest';
import type { AgendaDocument, RecipesDocument } from '../schemas/index.js';
import { makeRecipe } from '../schemas/fixtures.test-helpers.js';
import {
  planOnFirstEmptyDay,
  planRecipe,
  quickDinnerToCookbook,
  swapDays,
  unplanRecipe,
  type DocumentAction,
} from './plan.js';
import { isInCookbook } from '../recipes/index.js';
import { reduceDocument } from './reduce-document.js';
import { deepFreeze, testEnv } from './testing.test-helpers.js';

const agenda: AgendaDocument = deepFreeze({
  days: {
    '2025-03-10': { id: '2025-03-10', updatedAt: 'old', dinner: 'r1', lunch: 'r2' },
    '2025-03-11': { id: '2025-03-11', updatedAt: 'old', quickDinner: 'Tacos' },
    '2025-03-12': { id: '2025-03-12', updatedAt: 'old', dinner: 'r3' },
  },
  hash: 'h0',
});
const recipes: RecipesDocument = deepFreeze({
  recipes: {
    r1: makeRecipe({ id: 'r1', inCookbook: true, madeOn: ['2025-03-10'], count: 1 }),
    r2: makeRecipe({ id: 'r2', mealType: 'lunch', inCookbook: true, madeOn: ['2025-03-10'], count: 1 }),
    r3: makeRecipe({ id: 'r3', inCookbook: true, madeOn: ['2025-03-12'], count: 1 }),
    r4: makeRecipe({ id: 'r4' }),
  },
  categories: {},
});

/** Applies the actions to both documents, like the sync engine's two queues would. */
function run(actions: DocumentAction[]) {
  let a = agenda;
  let r = recipes;
  for (const entry of actions) {
    if (entry.kind === 'agenda') a = reduceDocument('agenda', a, entry.action);
    if (entry.kind === 'recipes') r = reduceDocument('recipes', r, entry.action);
  }
  return { agenda: a, recipes: r };
}

const history = (doc: RecipesDocument, id: string) => [doc.recipes[id]!.madeOn, doc.recipes[id]!.count];

describe('cross-document helpers', () => {
  it('planRecipe fills the slot, counts the recipe and un-counts the one it displaces', () => {
    const out = run(planRecipe(agenda, recipes.recipes.r4!, '2025-03-10', testEnv()));
    expect(out.agenda.days['2025-03-10']).toMatchObject({ dinner: 'r4', lunch: 'r2' });
    expect(history(out.recipes, 'r4')).toEqual([['2025-03-10'], 1]);
    // Made that day: on the Cookbook's shelf from then on, while the stored flag is left alone.
    expect(out.recipes.recipes.r4?.inCookbook).toBe(false);
    expect(isInCookbook(out.recipes.recipes.r4!, '2025-03-10')).toBe(true);
    expect(isInCookbook(out.recipes.recipes.r4!, '2025-03-09')).toBe(false);
    expect(history(out.recipes, 'r1')).toEqual([[], 0]);
  });

  it('planRecipe of a dinner replaces the quick dinner', () => {
    const out = run(planRecipe(agenda, recipes.recipes.r4!, '2025-03-11', testEnv()));
    expect(out.agenda.days['2025-03-11']).not.toHaveProperty('quickDinner');
  });

  it('planRecipe onto the slot it already holds does nothing', () => {
    expect(planRecipe(agenda, recipes.recipes.r1!, '2025-03-10', testEnv())).toEqual([]);
  });

  it('unplanRecipe clears the slot and the day from the history', () => {
    const out = run(unplanRecipe(agenda, '2025-03-10', 'lunch', testEnv()));
    expect(out.agenda.days['2025-03-10']).not.toHaveProperty('lunch');
    expect(history(out.recipes, 'r2')).toEqual([[], 0]);
    expect(unplanRecipe(agenda, '2025-03-11', 'lunch', testEnv())).toEqual([]);
  });

  it('planOnFirstEmptyDay starts at today and skips taken days', () => {
    const { dayId, actions } = planOnFirstEmptyDay(
      agenda,
      recipes.recipes.r4!,
      testEnv(new Date(2025, 2, 10, 9)),
    );
    expect(dayId).toBe('2025-03-13');
    expect(run(actions).agenda.days['2025-03-13']?.dinner).toBe('r4');
  });

  it('swapDays trades the days and moves each recipe history with it', () => {
    const out = run(swapDays(agenda, '2025-03-10', '2025-03-12', testEnv()));
    expect(out.agenda.days['2025-03-10']).toMatchObject({ dinner: 'r3' });
    expect(out.agenda.days['2025-03-12']).toMatchObject({ dinner: 'r1', lunch: 'r2' });
    expect(history(out.recipes, 'r1')).toEqual([['2025-03-12'], 1]);
    expect(history(out.recipes, 'r3')).toEqual([['2025-03-10'], 1]);
  });

  it('swapDays keeps a recipe that is on both days on both days', () => {
    const both = deepFreeze({
      ...agenda,
      days: { ...agenda.days, '2025-03-12': { id: '2025-03-12', updatedAt: 'x', dinner: 'r1' } },
    });
    let r = reduceDocument('recipes', recipes, { type: 'ADDED_TO_AGENDA', id: 'r1', dayId: '2025-03-12' });
    for (const entry of swapDays(both, '2025-03-10', '2025-03-12', testEnv())) {
      if (entry.kind === 'recipes') r = reduceDocument('recipes', r, entry.action);
    }
    expect(history(r, 'r1')).toEqual([['2025-03-12', '2025-03-10'], 2]);
  });

  it('quickDinnerToCookbook makes a cookbook recipe of the text and puts it on the day', () => {
    const out = run(quickDinnerToCookbook(agenda, '2025-03-11', testEnv()));
    expect(out.agenda.days['2025-03-11']).toEqual({
      id: '2025-03-11',
      updatedAt: expect.any(String),
      dinner: 'id-1',
    });
    expect(out.recipes.recipes['id-1']).toMatchObject({
      name: 'Tacos',
      mealType: 'dinner',
      inCookbook: true,
      madeOn: ['2025-03-11'],
      count: 1,
    });
    expect(quickDinnerToCookbook(agenda, '2025-03-10', testEnv())).toEqual([]);
  });
});
