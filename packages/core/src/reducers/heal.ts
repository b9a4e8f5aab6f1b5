/**
 * The agenda and each recipe's history must agree: a recipe on a day, past or future, has that day
 * in `madeOn` and counts it (which of them are made, up to today, is read with `madeFacts`,
 * docs/BEHAVIOUR.md §4 "Made and planned"). They are two documents, pushed separately, and the
 * actions that keep them in step are decided on one device's copy: replayed over a co-planner's
 * newer agenda, a plan can replace a recipe this device never saw there, which then kept the day
 * in its history for good. So the leader tab reconciles after the documents settle: these actions
 * are idempotent, and two co-planners healing at once converge on the same history
 * (docs/DOCUMENTS.md "Changes that touch two documents").
 *
 * Only days the agenda holds are judged: a made-on day with no agenda entry at all (history from
 * before the agenda, or imported) is left alone.
 */
import { MEAL_TYPES, type MealType } from '../constants.js';
import type { AgendaAction } from './agenda.js';
import type { AgendaDocument, RecipesDocument } from '../schemas/index.js';
import { recipeActions, type RecipesAction } from './recipes.js';

/** The recipes actions that make every recipe's `madeOn` agree with the agenda; [] when they do. */
export function reconcileMadeOn(agenda: AgendaDocument, recipes: RecipesDocument): RecipesAction[] {
  const actions: RecipesAction[] = [];
  const planned = new Map<string, Set<string>>(); // recipe id -> days it is on
  for (const [dayId, day] of Object.entries(agenda.days)) {
    for (const mealType of MEAL_TYPES) {
      const id = day[mealType];
      if (!id) continue;
      let days = planned.get(id);
      if (!days) planned.set(id, (days = new Set()));
      days.add(dayId);
    }
  }
  for (const recipe of Object.values(recipes.recipes)) {
    const days = planned.get(recipe.id);
    for (const dayId of recipe.madeOn) {
      if (agenda.days[dayId] && !days?.has(dayId))
        actions.push(recipeActions.removeFromAgenda(recipe.id, dayId));
    }
    if (days) {
      for (const dayId of days) {
        if (!recipe.madeOn.includes(dayId)) actions.push(recipeActions.addedToAgenda(recipe.id, dayId));
      }
    }
  }
  return actions;
}

/** A plan of this device's queue that, replayed, replaces what a co-planner put there meanwhile. */
export interface ReplacedPlan {
  dayId: string;
  mealType: MealType;
  /** The co-planner's recipe that the replay takes off the slot. */
  replacedRecipeId: string;
  /** This device's recipe that takes its place. */
  recipeId: string;
}

/**
 * The queued plans that will replace a co-planner's: the slot held something else (or nothing) in
 * the copy the queue was based on (`before`), and now holds another recipe (`after`).
 */
export function replacedPlans(
  before: AgendaDocument,
  after: AgendaDocument,
  queued: readonly AgendaAction[],
): ReplacedPlan[] {
  const found: ReplacedPlan[] = [];
  for (const action of queued) {
    if (action.type !== 'ADD_RECIPE') continue;
    const now = after.days[action.dayId]?.[action.mealType];
    const was = before.days[action.dayId]?.[action.mealType];
    if (now && now !== action.recipeId && now !== was) {
      found.push({
        dayId: action.dayId,
        mealType: action.mealType,
        replacedRecipeId: now,
        recipeId: action.recipeId,
      });
    }
  }
  return found;
}
