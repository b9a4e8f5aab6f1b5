/**
 * What a drag and drop on the plan does (docs/BEHAVIOUR.md §2 "Drag and drop"), as pure data: the dragged thing,
 * where it was dropped and how far right it went, turned into core's actions and a toast.
 */
import {
  DRAG_DELETE_THRESHOLD_PX,
  planRecipe,
  swapDays,
  unplanRecipe,
  type ActionEnv,
  type AgendaDocument,
  type DocumentAction,
  type MealType,
  type RecipesDocument,
} from '@mealplan/core';

/** A recipe from the recipes panel. */
export interface RecipeDrag {
  type: 'recipe';
  recipeId: string;
  name: string;
}
/** A recipe already on a day of the agenda. */
export interface PlannedDrag {
  type: 'planned';
  dayId: string;
  mealType: MealType;
  recipeId: string;
  name: string;
}
/** A whole day of the agenda (its date block is the handle). */
export interface DayDrag {
  type: 'day';
  dayId: string;
  name: string;
}
export type DragItem = RecipeDrag | PlannedDrag | DayDrag;

/** Where something can be dropped: a day row of one's own agenda. */
export interface DayTarget {
  type: 'day';
  dayId: string;
}

export const REMOVED_FROM_AGENDA = 'Recipe removed from agenda';

/**
 * Whether the drag is in the delete zone: more than 100 px to the right, for something that is on
 * the agenda. A recipe from the recipes panel travels right to reach the agenda, so it never is.
 */
export function isDeleteGesture(item: DragItem, deltaX: number): boolean {
  return item.type !== 'recipe' && deltaX > DRAG_DELETE_THRESHOLD_PX;
}

/** The actions (and the toast, if any) for dropping `item` on `target` after moving `deltaX` px. */
export function dropActions(
  item: DragItem,
  target: DayTarget | undefined,
  deltaX: number,
  agenda: AgendaDocument,
  recipes: RecipesDocument,
  env: ActionEnv,
): { actions: DocumentAction[]; toast?: string } {
  if (isDeleteGesture(item, deltaX)) {
    // Dropping a day in the delete zone does nothing (docs/BEHAVIOUR.md §2).
    if (item.type !== 'planned') return { actions: [] };
    const actions = unplanRecipe(agenda, item.dayId, item.mealType, env);
    return actions.length ? { actions, toast: REMOVED_FROM_AGENDA } : { actions };
  }
  if (!target) return { actions: [] };
  switch (item.type) {
    case 'recipe': {
      const recipe = recipes.recipes[item.recipeId];
      if (!recipe || recipe.isDeleted) return { actions: [] };
      return { actions: planRecipe(agenda, recipe, target.dayId, env) };
    }
    case 'planned': {
      if (item.dayId === target.dayId) return { actions: [] };
      const recipe = recipes.recipes[item.recipeId];
      const mealType = recipe?.mealType ?? item.mealType;
      return {
        actions: [
          ...unplanRecipe(agenda, item.dayId, item.mealType, env),
          ...planRecipe(agenda, { id: item.recipeId, mealType }, target.dayId, env),
        ],
      };
    }
    case 'day':
      return { actions: swapDays(agenda, item.dayId, target.dayId, env) };
  }
}
