import { describe, expect, it } from 'vitest';
import { emptyDocument, type AgendaDocument, type RecipesDocument } from '../schemas/index.js';
import { agendaActions } from './agenda.js';
import { reduceDocument } from './reduce-document.js';
import { recipeActions } from './recipes.js';
import { reconcileMadeOn, replacedPlans } from './heal.js';
import { planRecipe } from './plan.js';
import { testEnv } from './testing.test-helpers.js';

function kitchen(): { agenda: AgendaDocument; recipes: RecipesDocument } {
  let recipes = emptyDocument('recipes');
  for (const [id, name] of [
    ['lasagna', 'Lasagna'],
    ['tacos', 'Tacos'],
  ] as const) {
    recipes = reduceDocument('recipes', recipes, {
      type: 'ADD',
      recipe: { id, name, mealType: 'dinner' },
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  }
  return { agenda: emptyDocument('agenda'), recipes };
}

function apply(
  state: { agenda: AgendaDocument; recipes: RecipesDocument },
  actions: ReturnType<typeof planRecipe>,
) {
  let { agenda, recipes } = state;
  for (const { kind, action } of actions) {
    if (kind === 'agenda') agenda = reduceDocument('agenda', agenda, action);
    if (kind === 'recipes') recipes = reduceDocument('recipes', recipes, action);
  }
  return { agenda, recipes };
}

describe('reconcileMadeOn: the agenda and the made-on history agree', () => {
  it('finds nothing to do when they agree', () => {
    const env = testEnv();
    let state = kitchen();
    state = apply(state, planRecipe(state.agenda, { id: 'lasagna', mealType: 'dinner' }, '2026-03-02', env));
    expect(reconcileMadeOn(state.agenda, state.recipes)).toEqual([]);
  });

  it('heals a plan replayed over a co-planner’s: the replaced recipe loses the day, the new one has it', () => {
    const env = testEnv();
    const base = kitchen();
    // This device planned Lasagna on a day it saw empty…
    const mine = planRecipe(base.agenda, { id: 'lasagna', mealType: 'dinner' }, '2026-03-02', env);
    // …while a co-planner planned Tacos there, and that reached the server first.
    const theirs = apply(
      base,
      planRecipe(base.agenda, { id: 'tacos', mealType: 'dinner' }, '2026-03-02', env),
    );
    // The replay: each document replays its own half on the newer copy.
    const replayed = apply(theirs, mine);
    expect(replayed.agenda.days['2026-03-02']?.dinner).toBe('lasagna');
    expect(replayed.recipes.recipes.tacos?.madeOn).toEqual(['2026-03-02']); // the wrong history
    const heal = reconcileMadeOn(replayed.agenda, replayed.recipes);
    expect(heal).toEqual([recipeActions.removeFromAgenda('tacos', '2026-03-02')]);
    let recipes = replayed.recipes;
    for (const action of heal) recipes = reduceDocument('recipes', recipes, action);
    expect(recipes.recipes.tacos).toMatchObject({ madeOn: [], count: 0 });
    expect(recipes.recipes.lasagna).toMatchObject({ madeOn: ['2026-03-02'], count: 1 });
    // Healed once is healed: a second device running it finds nothing more.
    expect(reconcileMadeOn(replayed.agenda, recipes)).toEqual([]);
  });

  it('adds a day a planned recipe is missing, and leaves history of days the agenda never had', () => {
    const env = testEnv();
    let { agenda, recipes } = kitchen();
    agenda = reduceDocument(
      'agenda',
      agenda,
      agendaActions.addRecipe('2026-03-03', 'dinner', 'tacos', true, env),
    );
    recipes = reduceDocument('recipes', recipes, recipeActions.addedToAgenda('lasagna', '2019-05-01'));
    expect(reconcileMadeOn(agenda, recipes)).toEqual([recipeActions.addedToAgenda('tacos', '2026-03-03')]);
  });
});

describe('replacedPlans: a replayed plan that overwrites a co-planner’s', () => {
  it('names the slot, the co-planner’s recipe and ours; not when the slot was ours or unchanged', () => {
    const env = testEnv();
    const base = kitchen();
    const mine = planRecipe(base.agenda, { id: 'lasagna', mealType: 'dinner' }, '2026-03-02', env);
    const queued = mine.flatMap((a) => (a.kind === 'agenda' ? [a.action] : []));
    const theirs = apply(
      base,
      planRecipe(base.agenda, { id: 'tacos', mealType: 'dinner' }, '2026-03-02', env),
    );
    expect(replacedPlans(base.agenda, theirs.agenda, queued)).toEqual([
      { dayId: '2026-03-02', mealType: 'dinner', replacedRecipeId: 'tacos', recipeId: 'lasagna' },
    ]);
    expect(replacedPlans(theirs.agenda, theirs.agenda, queued)).toEqual([]);
    expect(replacedPlans(base.agenda, base.agenda, queued)).toEqual([]);
  });
});
