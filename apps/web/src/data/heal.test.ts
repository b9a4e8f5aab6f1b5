import { agendaActions, emptyDocument, reduceDocument, type RecipesDocument } from '@mealplan/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEAL_DELAY_MS, startHealing } from './heal';
import { createTestDataStore } from './test-store.test-helpers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function recipesWithTacosMadeOn(dayId: string): RecipesDocument {
  let doc = reduceDocument('recipes', emptyDocument('recipes'), {
    type: 'ADD',
    recipe: { id: 'tacos', name: 'Tacos', mealType: 'dinner' },
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  doc = reduceDocument('recipes', doc, { type: 'ADDED_TO_AGENDA', id: 'tacos', dayId });
  return reduceDocument('recipes', doc, {
    type: 'ADD',
    recipe: { id: 'lasagna', name: 'Lasagna', mealType: 'dinner' },
    createdAt: '2026-01-01T00:00:00.000Z',
  });
}

describe('healing the made-on history in the leader tab', () => {
  it('a moment after the documents change, the replaced recipe loses the day and the planned one gains it', async () => {
    const env = { newId: () => 'h', now: () => new Date('2026-03-01T12:00:00Z') };
    const agenda = reduceDocument(
      'agenda',
      emptyDocument('agenda'),
      agendaActions.addRecipe('2026-03-02', 'dinner', 'lasagna', true, env),
    );
    const { store } = createTestDataStore({ agenda, recipes: recipesWithTacosMadeOn('2026-03-02') });
    const stop = startHealing(store, { warn: vi.fn(), error: vi.fn() });
    await vi.advanceTimersByTimeAsync(HEAL_DELAY_MS - 1);
    expect(store.get('recipes').doc.recipes.tacos?.madeOn).toEqual(['2026-03-02']);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.get('recipes').doc.recipes.tacos).toMatchObject({ madeOn: [], count: 0 });
    expect(store.get('recipes').doc.recipes.lasagna).toMatchObject({ madeOn: ['2026-03-02'], count: 1 });
    stop();
  });
});
