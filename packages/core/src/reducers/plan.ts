/**
 * Changes that touch two documents at once. Putting a recipe on a day changes the agenda (the slot)
 * and the recipes document (the day in madeOn and count); turning a quick dinner into a recipe creates a
 * recipe and fills the day. Each helper returns the actions for both documents, with the day
 * resolved now, so each document's queue replays its own half consistently.
 */
import type { DocumentKind, MealType } from '../constants.js';
import type { AgendaDocument, Recipe } from '../schemas/index.js';
import { toDayId } from '../schemas/index.js';
import { agendaActions, dayRecipeIds, firstEmptyDay, type AgendaAction } from './agenda.js';
import { defaultEnv, type ActionEnv } from './env.js';
import type { GroceriesAction } from './groceries.js';
import type { NotesAction } from './notes.js';
import { recipeActions, type RecipesAction } from './recipes.js';

/** An action together with the document it is for. */
export type DocumentAction =
  | { kind: 'agenda'; action: AgendaAction }
  | { kind: 'recipes'; action: RecipesAction }
  | { kind: 'notes'; action: NotesAction }
  | { kind: 'groceries'; action: GroceriesAction };

const agenda = (action: AgendaAction): DocumentAction => ({ kind: 'agenda', action });
const recipes = (action: RecipesAction): DocumentAction => ({ kind: 'recipes', action });

/**
 * Puts `recipe` on `dayId` (dragging it onto a day). A dinner replaces the day's quick dinner; a
 * recipe it displaces from the slot is taken off that day in its own history.
 */
export function planRecipe(
  doc: AgendaDocument,
  recipe: Pick<Recipe, 'id' | 'mealType'>,
  dayId: string,
  env: ActionEnv = defaultEnv,
): DocumentAction[] {
  const displaced = doc.days[dayId]?.[recipe.mealType];
  if (displaced === recipe.id) return [];
  const actions = [
    agenda(agendaActions.addRecipe(dayId, recipe.mealType, recipe.id, recipe.mealType === 'dinner', env)),
  ];
  if (displaced) actions.push(recipes(recipeActions.removeFromAgenda(displaced, dayId)));
  actions.push(recipes(recipeActions.addedToAgenda(recipe.id, dayId)));
  return actions;
}

/** Takes the recipe in a day's slot off the agenda (dropping it on the delete zone). */
export function unplanRecipe(
  doc: AgendaDocument,
  dayId: string,
  mealType: MealType,
  env: ActionEnv = defaultEnv,
): DocumentAction[] {
  const recipeId = doc.days[dayId]?.[mealType];
  if (!recipeId) return [];
  return [
    agenda(agendaActions.removeRecipe(dayId, mealType, env)),
    recipes(recipeActions.removeFromAgenda(recipeId, dayId)),
  ];
}

/** View-recipe 'Agenda': the recipe goes on the first day from today with its slot and quick dinner free. */
export function planOnFirstEmptyDay(
  doc: AgendaDocument,
  recipe: Pick<Recipe, 'id' | 'mealType'>,
  env: ActionEnv = defaultEnv,
): { dayId: string; actions: DocumentAction[] } {
  const dayId = firstEmptyDay(doc, toDayId(env.now()), recipe.mealType);
  return { dayId, actions: planRecipe(doc, recipe, dayId, env) };
}

/** Dragging a day onto another: the days trade contents, and each moved recipe's history follows it. */
export function swapDays(
  doc: AgendaDocument,
  fromDayId: string,
  toDayId: string,
  env: ActionEnv = defaultEnv,
): DocumentAction[] {
  if (fromDayId === toDayId) return [];
  const removed: DocumentAction[] = [];
  const added: DocumentAction[] = [];
  for (const [source, target] of [
    [fromDayId, toDayId],
    [toDayId, fromDayId],
  ] as const) {
    for (const recipeId of Object.values(dayRecipeIds(doc.days[source]))) {
      removed.push(recipes(recipeActions.removeFromAgenda(recipeId, source)));
      added.push(recipes(recipeActions.addedToAgenda(recipeId, target)));
    }
  }
  // Every removal before any addition: a recipe on both days must end up on both days again.
  return [agenda(agendaActions.swapRecipes(fromDayId, toDayId, env)), ...removed, ...added];
}

/**
 * docs/BEHAVIOUR.md §4: a day's quick dinner becomes a cookbook recipe named after the text, put on the day in
 * the text's place. Nothing happens when the day has no quick dinner.
 */
export function quickDinnerToCookbook(
  doc: AgendaDocument,
  dayId: string,
  env: ActionEnv = defaultEnv,
): DocumentAction[] {
  const text = doc.days[dayId]?.quickDinner;
  if (!text) return [];
  const add = recipeActions.add({ name: text, mealType: 'dinner', inCookbook: true }, env);
  return [
    recipes(add),
    agenda(agendaActions.addRecipe(dayId, 'dinner', add.recipe.id, true, env)),
    recipes(recipeActions.addedToAgenda(add.recipe.id, dayId)),
  ];
}

/** The document kinds a list of actions touches, e.g. to push each at once when one says pushNow. */
export function kindsOf(actions: readonly DocumentAction[]): DocumentKind[] {
  return [...new Set(actions.map((entry) => entry.kind))];
}
