import { describe, expect, it } from 'vitest';
import { planRecipe, reconcileMadeOn, reduceDocument, type DocumentAction } from '../reducers/index.js';
import { testEnv } from '../reducers/testing.test-helpers.js';
import { makeRecipe } from '../schemas/fixtures.test-helpers.js';
import {
  RecipesDocumentSchema,
  type AgendaDocument,
  type Recipe,
  type RecipesDocument,
} from '../schemas/index.js';
import { isInCookbook, madeFacts, timesMade } from './made.js';
import { passesFilter, selectRecipes } from './recipe-list.js';

// docs/BEHAVIOUR.md §4 "Made and planned": only agenda days up to and including today are made.
const TODAY = '2025-03-10';
const TOMORROW = '2025-03-11';
const YESTERDAY = '2025-03-09';

const emptyAgenda: AgendaDocument = { days: {}, hash: 'h0' };
const docOf = (...recipes: Recipe[]): RecipesDocument => ({
  recipes: Object.fromEntries(recipes.map((recipe) => [recipe.id, recipe])),
  categories: {},
});

/** Plans `recipe` on `dayId` through the real helpers, applying both documents' halves. */
function plan(recipes: RecipesDocument, recipe: Recipe, dayId: string, agenda = emptyAgenda) {
  let a = agenda;
  let r = recipes;
  const actions: DocumentAction[] = planRecipe(a, recipe, dayId, testEnv());
  for (const entry of actions) {
    if (entry.kind === 'agenda') a = reduceDocument('agenda', a, entry.action);
    if (entry.kind === 'recipes') r = reduceDocument('recipes', r, entry.action);
  }
  return { agenda: a, recipes: r };
}

describe('made and planned', () => {
  it('a Test Kitchen recipe planned tomorrow is made 0 times, planned for tomorrow, and stays on its shelf', () => {
    const soup = makeRecipe({ id: 'soup', name: 'Soup' });
    const { agenda, recipes } = plan(docOf(soup), soup, TOMORROW);
    const planned = recipes.recipes.soup!;

    // Stored as before: the day is kept, so the day passing makes it without another write.
    expect(planned).toMatchObject({ madeOn: [TOMORROW], count: 1, inCookbook: false });
    expect(madeFacts(planned, TODAY)).toEqual({ count: 0, nextPlanned: TOMORROW });
    expect(isInCookbook(planned, TODAY)).toBe(false);
    expect(selectRecipes(recipes, { tab: 'testKitchen' }, TODAY).map((r) => r.id)).toEqual(['soup']);
    expect(selectRecipes(recipes, { tab: 'cookbook', filter: 'none' }, TODAY)).toEqual([]);
    // The heal agrees with the agenda as it is: nothing to do.
    expect(reconcileMadeOn(agenda, recipes)).toEqual([]);
    expect(RecipesDocumentSchema.safeParse(recipes).success).toBe(true);

    // The next day it was made: counted, in the Cookbook, and 'relevant' waits for a rating.
    expect(madeFacts(planned, TOMORROW)).toEqual({ count: 1, lastMade: TOMORROW });
    expect(isInCookbook(planned, TOMORROW)).toBe(true);
    expect(selectRecipes(recipes, { tab: 'testKitchen' }, TOMORROW)).toEqual([]);
  });

  it("a Cookbook recipe planned tomorrow is not yet made, so 'relevant' still lists it", () => {
    const pie = makeRecipe({ id: 'pie', name: 'Pie', inCookbook: true });
    const { recipes } = plan(docOf(pie), pie, TOMORROW);
    expect(passesFilter(recipes.recipes.pie!, 'relevant', TODAY)).toBe(true);
    expect(selectRecipes(recipes, { tab: 'cookbook' }, TODAY).map((r) => r.id)).toEqual(['pie']);
    // Made and unrated: hidden by 'relevant' until rated 3 or more, as every made recipe is.
    expect(passesFilter(recipes.recipes.pie!, 'relevant', TOMORROW)).toBe(false);
  });

  it('a day in the past, or today, counts as made and puts the recipe in the Cookbook', () => {
    const stew = makeRecipe({ id: 'stew', name: 'Stew' });
    const { recipes } = plan(docOf(stew), stew, YESTERDAY);
    expect(madeFacts(recipes.recipes.stew!, TODAY)).toEqual({ count: 1, lastMade: YESTERDAY });
    expect(selectRecipes(recipes, { tab: 'cookbook', filter: 'none' }, TODAY).map((r) => r.id)).toEqual([
      'stew',
    ]);
    const today = plan(docOf(stew), stew, TODAY).recipes.recipes.stew!;
    expect(madeFacts(today, TODAY)).toEqual({ count: 1, lastMade: TODAY });
  });

  it('with days on both sides of today: made counts the past, planned names the nearest day ahead', () => {
    const recipe = makeRecipe({ madeOn: ['2025-04-01', '2025-03-20', TODAY, '2025-02-01'], count: 4 });
    expect(madeFacts(recipe, TODAY)).toEqual({ count: 2, lastMade: TODAY, nextPlanned: '2025-03-20' });
  });

  it('sorts by times made, not by days planned', () => {
    const doc = docOf(
      makeRecipe({ id: 'a', name: 'A', inCookbook: true, madeOn: ['2025-05-01', '2025-05-02'], count: 2 }),
      makeRecipe({ id: 'b', name: 'B', inCookbook: true, madeOn: [YESTERDAY], count: 1 }),
    );
    const ids = selectRecipes(doc, { tab: 'cookbook', filter: 'none', sort: 'count' }, TODAY).map(
      (r) => r.id,
    );
    expect(ids).toEqual(['b', 'a']);
  });

  describe('documents stored before the rule', () => {
    it('reads them unchanged: history without days still counts, days ahead do not', () => {
      // From before the agenda (or imported): a count with no days.
      const legacy = makeRecipe({ inCookbook: true, count: 5, madeOn: [] });
      expect(madeFacts(legacy, TODAY)).toEqual({ count: 5 });
      // Planned ahead under the old rule, which also moved it into the Cookbook: it stays there (the
      // document cannot say whether it was moved by hand), is not made, and 'relevant' lists it.
      const plannedBefore = makeRecipe({
        inCookbook: true,
        count: 3,
        madeOn: [TOMORROW, YESTERDAY, '2025-01-01'],
      });
      expect(RecipesDocumentSchema.safeParse(docOf(plannedBefore)).success).toBe(true);
      expect(madeFacts(plannedBefore, TODAY)).toEqual({
        count: 2,
        lastMade: YESTERDAY,
        nextPlanned: TOMORROW,
      });
      expect(isInCookbook(plannedBefore, TODAY)).toBe(true);
      const onlyAhead = makeRecipe({ inCookbook: true, count: 1, madeOn: [TOMORROW] });
      expect(passesFilter(onlyAhead, 'relevant', TODAY)).toBe(true);
      // A count lower than the days kept (hand-edited) never reads below 0.
      expect(timesMade(makeRecipe({ count: 0, madeOn: [TOMORROW] }), TODAY)).toBe(0);
      // Out of order: read the same.
      expect(madeFacts(makeRecipe({ count: 2, madeOn: [YESTERDAY, TOMORROW] }), TODAY)).toEqual({
        count: 1,
        lastMade: YESTERDAY,
        nextPlanned: TOMORROW,
      });
    });

    it('a replayed ADDED_TO_AGENDA from an older release no longer moves the recipe, and counts once', () => {
      const soup = makeRecipe({ id: 'soup', name: 'Soup', madeOn: [TOMORROW], count: 1 });
      const doc = docOf(soup);
      expect(reduceDocument('recipes', doc, { type: 'ADDED_TO_AGENDA', id: 'soup', dayId: TOMORROW })).toBe(
        doc,
      );
    });
  });
});
