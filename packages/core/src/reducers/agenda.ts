/**
 * The agenda reducer (docs/BEHAVIOUR.md §4 "Agenda changes"). Every action carries the day's new `updatedAt` and
 * the document's new `hash`, made by its creator, so replaying it later changes nothing else.
 * A day left with no recipe and no quick dinner is removed from the document (absent = empty).
 */
import { MEAL_TYPES, type MealType } from '../constants.js';
import type { AgendaDocument, Day } from '../schemas/index.js';
import { LIMITS, addDays, toDayId } from '../schemas/index.js';
import { defaultEnv, unsupported, type ActionEnv } from './env.js';

/** Fields every agenda action carries: when the day changed and the document's new hash. */
interface AgendaStamp {
  updatedAt: string;
  hash: string;
}

/** Replaces a day (the day modal's Save). */
export interface UpdateDayAction extends AgendaStamp {
  type: 'UPDATE_DAY';
  day: Day;
}
/** Puts a recipe in the day's slot for its meal type; optionally clears the quick dinner. */
export interface AddRecipeAction extends AgendaStamp {
  type: 'ADD_RECIPE';
  dayId: string;
  mealType: MealType;
  recipeId: string;
  clearQuickDinner?: boolean;
}
/** Empties one slot of a day. */
export interface RemoveRecipeAction extends AgendaStamp {
  type: 'REMOVE_RECIPE';
  dayId: string;
  mealType: MealType;
}
/** Dragging a day onto another: the two days' slots trade places (an empty target just moves). */
export interface SwapRecipesAction extends AgendaStamp {
  type: 'SWAP_RECIPES';
  fromDayId: string;
  toDayId: string;
}
/** From `today`, the first day whose slot and quick dinner are free gets the recipe or quick text. */
export interface AddRecipeToFirstEmptyDayAction extends AgendaStamp {
  type: 'ADD_RECIPE_TO_FIRST_EMPTY_DAY';
  today: string;
  mealType: MealType;
  recipeId?: string;
  quickDinner?: string;
}

/** Every action of the agenda document. */
export type AgendaAction =
  UpdateDayAction | AddRecipeAction | RemoveRecipeAction | SwapRecipesAction | AddRecipeToFirstEmptyDayAction;

const SLOTS = [...MEAL_TYPES, 'quickDinner'] as const;
type Slot = (typeof SLOTS)[number];

function isEmptyDay(day: Day): boolean {
  return SLOTS.every((slot) => day[slot] === undefined);
}

/** True when the day has no recipe for `mealType` and no quick dinner (docs/BEHAVIOUR.md §4's "free"). */
export function isSlotFree(day: Day | undefined, mealType: MealType): boolean {
  return day === undefined || (day[mealType] === undefined && day.quickDinner === undefined);
}

/**
 * The first day from `today` on whose `mealType` slot and quick dinner are both free. Always found:
 * past the last planned day every day is free.
 */
export function firstEmptyDay(doc: AgendaDocument, today: string, mealType: MealType): string {
  let dayId = today;
  while (!isSlotFree(doc.days[dayId], mealType)) dayId = addDays(dayId, 1);
  return dayId;
}

/** Writes `day` (or removes it when empty) and stamps the hash. */
function putDay(doc: AgendaDocument, dayId: string, day: Day, hash: string): AgendaDocument {
  const days = { ...doc.days };
  if (isEmptyDay(day)) delete days[dayId];
  else days[dayId] = day;
  return { ...doc, days, hash };
}

function withSlot(day: Day, slot: Slot, value: string | undefined): Day {
  const next = { ...day };
  if (value === undefined) delete next[slot];
  else next[slot] = value;
  return next;
}

function dayOrNew(doc: AgendaDocument, dayId: string, updatedAt: string): Day {
  return { ...(doc.days[dayId] ?? { id: dayId }), updatedAt };
}

function swap(doc: AgendaDocument, action: SwapRecipesAction): AgendaDocument {
  const { fromDayId, toDayId, updatedAt } = action;
  if (fromDayId === toDayId) return doc;
  const from = doc.days[fromDayId];
  const to = doc.days[toDayId];
  if (!from && !to) return doc;
  let nextFrom: Day = { id: fromDayId, updatedAt };
  let nextTo: Day = { id: toDayId, updatedAt };
  for (const slot of SLOTS) {
    nextFrom = withSlot(nextFrom, slot, to?.[slot]);
    nextTo = withSlot(nextTo, slot, from?.[slot]);
  }
  return putDay(putDay(doc, fromDayId, nextFrom, action.hash), toDayId, nextTo, action.hash);
}

/** The agenda reducer: returns a new document, never changes `doc`. */
export function agendaReducer(doc: AgendaDocument, action: AgendaAction): AgendaDocument {
  switch (action.type) {
    case 'UPDATE_DAY': {
      // A blank quick dinner means none: documents never hold empty text.
      const quickDinner = action.day.quickDinner?.trim().slice(0, LIMITS.shortText);
      return putDay(
        doc,
        action.day.id,
        withSlot(action.day, 'quickDinner', quickDinner || undefined),
        action.hash,
      );
    }
    case 'ADD_RECIPE': {
      let day = withSlot(dayOrNew(doc, action.dayId, action.updatedAt), action.mealType, action.recipeId);
      if (action.clearQuickDinner) day = withSlot(day, 'quickDinner', undefined);
      return putDay(doc, action.dayId, day, action.hash);
    }
    case 'REMOVE_RECIPE': {
      if (doc.days[action.dayId]?.[action.mealType] === undefined) return doc;
      const day = withSlot(dayOrNew(doc, action.dayId, action.updatedAt), action.mealType, undefined);
      return putDay(doc, action.dayId, day, action.hash);
    }
    case 'SWAP_RECIPES':
      return swap(doc, action);
    case 'ADD_RECIPE_TO_FIRST_EMPTY_DAY': {
      const value = action.recipeId ?? action.quickDinner?.trim().slice(0, LIMITS.shortText);
      if (!value) return doc;
      const dayId = firstEmptyDay(doc, action.today, action.mealType);
      const slot: Slot = action.recipeId ? action.mealType : 'quickDinner';
      return putDay(doc, dayId, withSlot(dayOrNew(doc, dayId, action.updatedAt), slot, value), action.hash);
    }
    default:
      return unsupported(action);
  }
}

/** The day's recipe ids by meal type, for rows and the day modal. */
export function dayRecipeIds(day: Day | undefined): Partial<Record<MealType, string>> {
  const ids: Partial<Record<MealType, string>> = {};
  for (const mealType of MEAL_TYPES) if (day?.[mealType]) ids[mealType] = day[mealType];
  return ids;
}

function stamp(env: ActionEnv): AgendaStamp {
  return { updatedAt: env.now().toISOString(), hash: env.newId() };
}

/** Creators of agenda actions: they stamp `updatedAt` and a new `hash` from `env`. */
export const agendaActions = {
  updateDay: (day: Omit<Day, 'updatedAt'>, env: ActionEnv = defaultEnv): UpdateDayAction => {
    const s = stamp(env);
    return { type: 'UPDATE_DAY', day: { ...day, updatedAt: s.updatedAt }, ...s };
  },
  addRecipe: (
    dayId: string,
    mealType: MealType,
    recipeId: string,
    clearQuickDinner = false,
    env: ActionEnv = defaultEnv,
  ): AddRecipeAction => ({
    type: 'ADD_RECIPE',
    dayId,
    mealType,
    recipeId,
    ...(clearQuickDinner ? { clearQuickDinner } : {}),
    ...stamp(env),
  }),
  removeRecipe: (dayId: string, mealType: MealType, env: ActionEnv = defaultEnv): RemoveRecipeAction => ({
    type: 'REMOVE_RECIPE',
    dayId,
    mealType,
    ...stamp(env),
  }),
  swapRecipes: (fromDayId: string, toDayId: string, env: ActionEnv = defaultEnv): SwapRecipesAction => ({
    type: 'SWAP_RECIPES',
    fromDayId,
    toDayId,
    ...stamp(env),
  }),
  /** `what` is a recipe (id and meal type) or quick dinner text; `today` comes from the env's clock. */
  addRecipeToFirstEmptyDay: (
    what: { recipeId: string; mealType: MealType } | { quickDinner: string },
    env: ActionEnv = defaultEnv,
  ): AddRecipeToFirstEmptyDayAction => ({
    type: 'ADD_RECIPE_TO_FIRST_EMPTY_DAY',
    today: toDayId(env.now()),
    ...('recipeId' in what
      ? { mealType: what.mealType, recipeId: what.recipeId }
      : { mealType: 'dinner', quickDinner: what.quickDinner }),
    ...stamp(env),
  }),
};
