import {
  agendaActions,
  emptyDocument,
  reduceDocument,
  recipeActions,
  type AgendaDocument,
  type DocumentAction,
  type RecipesDocument,
} from '@mealplan/core';
import { describe, expect, it } from 'vitest';
import {
  dropActions,
  isDeleteGesture,
  REMOVED_FROM_AGENDA,
  undoActions,
  undoName,
  type DragItem,
} from './drop';

let n = 0;
const env = { newId: () => `id-${++n}`, now: () => new Date(2025, 2, 10, 12) };

function setup() {
  let recipes: RecipesDocument = emptyDocument('recipes');
  const add = (name: string, mealType: 'dinner' | 'dessert' = 'dinner') => {
    const action = recipeActions.add({ name, mealType }, env);
    recipes = reduceDocument('recipes', recipes, action);
    return action.recipe.id;
  };
  const lasagna = add('Lasagna');
  const soup = add('Soup');
  const pie = add('Pie', 'dessert');
  let agenda: AgendaDocument = emptyDocument('agenda');
  const apply = (actions: DocumentAction[]) => {
    for (const { kind, action } of actions) {
      if (kind === 'agenda') agenda = reduceDocument('agenda', agenda, action);
      if (kind === 'recipes') recipes = reduceDocument('recipes', recipes, action);
    }
  };
  const drop = (item: DragItem, dayId: string | undefined, deltaX = 0) => {
    const result = dropActions(
      item,
      dayId ? { type: 'day', dayId } : undefined,
      deltaX,
      agenda,
      recipes,
      env,
    );
    apply(result.actions);
    return result;
  };
  const undo = (result: ReturnType<typeof drop>) => apply(undoActions(result.undo!, agenda, env));
  return { ids: { lasagna, soup, pie }, drop, undo, apply, state: () => ({ agenda, recipes }) };
}

describe('dropping on the plan', () => {
  it('puts a recipe dragged from the panel on the day, counting it as made', () => {
    const { ids, drop, state } = setup();
    drop({ type: 'recipe', recipeId: ids.lasagna, name: 'Lasagna' }, '2025-03-12', 400);
    expect(state().agenda.days['2025-03-12']?.dinner).toBe(ids.lasagna);
    expect(state().recipes.recipes[ids.lasagna]).toMatchObject({ count: 1, madeOn: ['2025-03-12'] });
  });

  it('never treats a recipe from the panel as a removal, however far right it went', () => {
    expect(isDeleteGesture({ type: 'recipe', recipeId: 'x', name: 'x' }, 500)).toBe(false);
    expect(isDeleteGesture({ type: 'day', dayId: '2025-03-10', name: 'x' }, 100)).toBe(false);
    expect(isDeleteGesture({ type: 'day', dayId: '2025-03-10', name: 'x' }, 101)).toBe(true);
  });

  it('is a removal only out past the agenda: over no day, or over its own row', () => {
    const day = { type: 'day', dayId: '2025-03-10', name: 'x' } as const;
    expect(isDeleteGesture(day, 150, undefined)).toBe(true);
    expect(isDeleteGesture(day, 150, { type: 'day', dayId: '2025-03-10' })).toBe(true);
    expect(isDeleteGesture(day, 150, { type: 'day', dayId: '2025-03-11' })).toBe(false);
  });

  it('swaps a day dropped anywhere on another day, however far right the pointer went', () => {
    const { ids, drop, state } = setup();
    drop({ type: 'recipe', recipeId: ids.lasagna, name: 'Lasagna' }, '2025-03-12');
    drop({ type: 'day', dayId: '2025-03-12', name: 'Lasagna' }, '2025-03-14', 300);
    expect(state().agenda.days['2025-03-14']?.dinner).toBe(ids.lasagna);
  });

  it('offers to undo a recipe dropped on a taken slot: Undo puts the old one back', () => {
    const { ids, drop, undo, state } = setup();
    drop({ type: 'recipe', recipeId: ids.lasagna, name: 'Lasagna' }, '2025-03-12');
    expect(drop({ type: 'recipe', recipeId: ids.pie, name: 'Pie' }, '2025-03-12').undo).toBeUndefined();
    const result = drop({ type: 'recipe', recipeId: ids.soup, name: 'Soup' }, '2025-03-12');
    expect(result.undo).toMatchObject({ kind: 'replaced', recipeId: ids.lasagna });
    expect(state().agenda.days['2025-03-12']?.dinner).toBe(ids.soup);
    undo(result);
    expect(state().agenda.days['2025-03-12']?.dinner).toBe(ids.lasagna);
    expect(state().recipes.recipes[ids.lasagna]).toMatchObject({ count: 1, madeOn: ['2025-03-12'] });
    expect(state().recipes.recipes[ids.soup]).toMatchObject({ count: 0, madeOn: [] });
  });

  it('names the quick dinner a dinner replaced, and Undo puts it back with the day as it is', () => {
    const { ids, drop, undo, apply, state } = setup();
    apply([
      { kind: 'agenda', action: agendaActions.updateDay({ id: '2025-03-12', quickDinner: 'Tacos' }, env) },
    ]);
    drop({ type: 'recipe', recipeId: ids.pie, name: 'Pie' }, '2025-03-12');
    // A dessert sits beside the quick dinner; a dinner takes its place.
    expect(state().agenda.days['2025-03-12']).toMatchObject({ quickDinner: 'Tacos', dessert: ids.pie });
    const result = drop({ type: 'recipe', recipeId: ids.soup, name: 'Soup' }, '2025-03-12');
    expect(state().agenda.days['2025-03-12']?.quickDinner).toBeUndefined();
    expect(result.undo).toMatchObject({ kind: 'replaced', quickDinner: 'Tacos' });
    expect(undoName(result.undo!, state().recipes)).toBe('Tacos');
    undo(result);
    expect(state().agenda.days['2025-03-12']).toMatchObject({ quickDinner: 'Tacos', dessert: ids.pie });
    expect(state().agenda.days['2025-03-12']?.dinner).toBeUndefined();
    expect(state().recipes.recipes[ids.soup]).toMatchObject({ count: 0, madeOn: [] });
  });

  it('undoes a planned recipe moved onto a taken slot: both go back where they were', () => {
    const { ids, drop, undo, state } = setup();
    drop({ type: 'recipe', recipeId: ids.lasagna, name: 'Lasagna' }, '2025-03-12');
    drop({ type: 'recipe', recipeId: ids.soup, name: 'Soup' }, '2025-03-13');
    const result = drop(
      { type: 'planned', dayId: '2025-03-12', mealType: 'dinner', recipeId: ids.lasagna, name: 'Lasagna' },
      '2025-03-13',
      150,
    );
    expect(state().agenda.days['2025-03-13']?.dinner).toBe(ids.lasagna);
    undo(result);
    expect(state().agenda.days['2025-03-12']?.dinner).toBe(ids.lasagna);
    expect(state().agenda.days['2025-03-13']?.dinner).toBe(ids.soup);
  });

  it('swaps two days when a day is dropped on another', () => {
    const { ids, drop, state } = setup();
    drop({ type: 'recipe', recipeId: ids.lasagna, name: 'Lasagna' }, '2025-03-12');
    drop({ type: 'recipe', recipeId: ids.soup, name: 'Soup' }, '2025-03-13');
    drop({ type: 'day', dayId: '2025-03-12', name: 'Lasagna' }, '2025-03-13');
    expect(state().agenda.days['2025-03-12']?.dinner).toBe(ids.soup);
    expect(state().agenda.days['2025-03-13']?.dinner).toBe(ids.lasagna);
    expect(state().recipes.recipes[ids.lasagna]?.madeOn).toEqual(['2025-03-13']);
  });

  it('removes a planned recipe dropped more than 100 px to the right, with a toast', () => {
    const { ids, drop, undo, state } = setup();
    drop({ type: 'recipe', recipeId: ids.pie, name: 'Pie' }, '2025-03-12');
    const result = drop(
      { type: 'planned', dayId: '2025-03-12', mealType: 'dessert', recipeId: ids.pie, name: 'Pie' },
      '2025-03-12',
      140,
    );
    expect(result.toast).toBe(REMOVED_FROM_AGENDA);
    expect(state().agenda.days['2025-03-12']).toBeUndefined();
    expect(state().recipes.recipes[ids.pie]).toMatchObject({ count: 0, madeOn: [] });
    undo(result);
    expect(state().agenda.days['2025-03-12']?.dessert).toBe(ids.pie);
    expect(state().recipes.recipes[ids.pie]).toMatchObject({ count: 1, madeOn: ['2025-03-12'] });
  });

  it('does nothing with a day dropped in the delete zone', () => {
    const { ids, drop, state } = setup();
    drop({ type: 'recipe', recipeId: ids.lasagna, name: 'Lasagna' }, '2025-03-12');
    const result = drop({ type: 'day', dayId: '2025-03-12', name: 'Lasagna' }, undefined, 150);
    expect(result).toEqual({ actions: [] });
    expect(state().agenda.days['2025-03-12']?.dinner).toBe(ids.lasagna);
  });

  it('moves a planned recipe to the day it is dropped on', () => {
    const { ids, drop, state } = setup();
    drop({ type: 'recipe', recipeId: ids.lasagna, name: 'Lasagna' }, '2025-03-12');
    drop(
      { type: 'planned', dayId: '2025-03-12', mealType: 'dinner', recipeId: ids.lasagna, name: 'Lasagna' },
      '2025-03-15',
      20,
    );
    expect(state().agenda.days['2025-03-12']).toBeUndefined();
    expect(state().agenda.days['2025-03-15']?.dinner).toBe(ids.lasagna);
    expect(state().recipes.recipes[ids.lasagna]).toMatchObject({ count: 1, madeOn: ['2025-03-15'] });
  });

  it('does nothing when dropped outside any day', () => {
    const { ids, drop } = setup();
    expect(drop({ type: 'recipe', recipeId: ids.lasagna, name: 'Lasagna' }, undefined)).toEqual({
      actions: [],
    });
  });
});
