import { describe, expect, it } from 'vitest';
import { emptyDocument } from '../schemas/index.js';
import { groceriesReducer } from './groceries.js';
import { recipesReducer } from './recipes.js';
import { groceries, item } from './testing.test-helpers.js';
import { upgradeQueuedAction } from './upgrade.js';

const list = groceries([
  ['main', item('coffee', 'Coffee', { qty: 1 })],
  ['main', item('sugar', 'Sugar', { qty: 1, isDone: true, isPinned: true })],
]);

describe('upgradeQueuedAction: a stored flip becomes the value it meant', () => {
  it('turns TOGGLE_DONE and TOGGLE_PIN into SET_DONE and SET_PIN of the flipped value', () => {
    expect(
      upgradeQueuedAction('groceries', list, { type: 'TOGGLE_DONE', itemId: 'coffee', hash: 'h' }),
    ).toEqual({
      type: 'SET_DONE',
      itemId: 'coffee',
      isDone: true,
      hash: 'h',
    });
    expect(
      upgradeQueuedAction('groceries', list, { type: 'TOGGLE_DONE', itemId: 'sugar', hash: 'h' }),
    ).toMatchObject({ type: 'SET_DONE', isDone: false });
    expect(
      upgradeQueuedAction('groceries', list, { type: 'TOGGLE_PIN', itemId: 'sugar', hash: 'h' }),
    ).toMatchObject({
      type: 'SET_PIN',
      isPinned: false,
    });
  });

  it('keeps intent where the flip would not: ticked on one device, replayed over a copy already ticked', () => {
    // Both ticked Coffee; this device's stored flip meets the co-planner's tick on replay.
    const upgraded = upgradeQueuedAction('groceries', list, {
      type: 'TOGGLE_DONE',
      itemId: 'coffee',
      hash: 'h',
    });
    const theirs = groceriesReducer(list, { type: 'SET_DONE', itemId: 'coffee', isDone: true, hash: 'x' });
    const replayed = groceriesReducer(theirs, upgraded);
    expect(
      Object.values(replayed.stores)
        .flatMap((s) => Object.values(s.aisles))
        .find((a) => a.ingredients.coffee)?.ingredients.coffee?.isDone,
    ).toBe(true);
  });

  it('turns an old SET_RATING of the current rating into a clear, and keeps any other', () => {
    const recipes = recipesReducer(emptyDocument('recipes'), {
      type: 'ADD',
      recipe: { id: 'r1', name: 'Tacos', rating: 4 },
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(upgradeQueuedAction('recipes', recipes, { type: 'SET_RATING', id: 'r1', rating: 4 })).toEqual({
      type: 'SET_RATING',
      id: 'r1',
      rating: 0,
    });
    expect(upgradeQueuedAction('recipes', recipes, { type: 'SET_RATING', id: 'r1', rating: 5 })).toEqual({
      type: 'SET_RATING',
      id: 'r1',
      rating: 5,
    });
  });

  it('leaves other actions and kinds alone, and an action whose item is gone', () => {
    const rename = { type: 'RENAME_ITEM', itemId: 'coffee', name: 'Tea', hash: 'h' } as const;
    expect(upgradeQueuedAction('groceries', list, rename)).toBe(rename);
    const gone = { type: 'TOGGLE_DONE', itemId: 'nope', hash: 'h' } as const;
    expect(upgradeQueuedAction('groceries', list, gone)).toBe(gone);
    const note = { type: 'PUT_NOTE', dayId: '2026-01-01', text: 'x' } as const;
    expect(upgradeQueuedAction('notes', emptyDocument('notes'), note)).toBe(note);
  });
});
