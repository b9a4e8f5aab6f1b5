/**
 * What a drag and drop on the plan does (docs/BEHAVIOUR.md §2 "Drag and drop"), as pure data: the dragged thing,
 * where it was dropped and how far right it went, turned into core's actions and a toast.
 */
import {
  DRAG_DELETE_THRESHOLD_PX,
  agendaActions,
  agendaReducer,
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

/** A slot as it was before a drop, to put back with Undo. */
export interface SlotBefore {
  dayId: string;
  mealType: MealType;
  /** The recipe that was there, or undefined when the slot was free. */
  recipeId: string | undefined;
  /** The day's quick dinner, when a dinner dropped there replaced it. */
  quickDinner?: string;
}

/** What a drop did and how to take it back: the slots it changed, as they were. */
export interface DropUndo {
  /** 'replaced': a recipe in the target slot gave way; 'removed': a recipe left the agenda. */
  kind: 'replaced' | 'removed';
  /** The recipe that gave way or left, named in the toast (unless a quick dinner gave way). */
  recipeId?: string;
  /** The quick dinner a dinner replaced, named in the toast. */
  quickDinner?: string;
  slots: SlotBefore[];
}

/** What the toast calls what gave way or left. */
export function undoName(undo: DropUndo, recipes: RecipesDocument): string {
  if (undo.quickDinner) return undo.quickDinner;
  return (undo.recipeId && recipes.recipes[undo.recipeId]?.name) || 'a recipe';
}

/**
 * Whether the drag is in the delete zone: more than 100 px to the right, for something that is on
 * the agenda, and out past the agenda, i.e. over no other day (its own row, or nothing). A recipe
 * from the recipes panel travels right to reach the agenda, so it never is; a day or a recipe over
 * another day is a move or a swap, however far right the pointer went.
 */
export function isDeleteGesture(item: DragItem, deltaX: number, target?: DayTarget): boolean {
  if (item.type === 'recipe' || deltaX <= DRAG_DELETE_THRESHOLD_PX) return false;
  return !target || target.dayId === item.dayId;
}

/** The actions (and the toast and undo, if any) for dropping `item` on `target` after moving `deltaX` px. */
export function dropActions(
  item: DragItem,
  target: DayTarget | undefined,
  deltaX: number,
  agenda: AgendaDocument,
  recipes: RecipesDocument,
  env: ActionEnv,
): { actions: DocumentAction[]; toast?: string; undo?: DropUndo } {
  if (isDeleteGesture(item, deltaX, target)) {
    // Dropping a day in the delete zone does nothing (docs/BEHAVIOUR.md §2).
    if (item.type !== 'planned') return { actions: [] };
    const actions = unplanRecipe(agenda, item.dayId, item.mealType, env);
    if (!actions.length) return { actions };
    const slot = { dayId: item.dayId, mealType: item.mealType, recipeId: item.recipeId };
    return {
      actions,
      toast: REMOVED_FROM_AGENDA,
      undo: { kind: 'removed', recipeId: item.recipeId, slots: [slot] },
    };
  }
  if (!target) return { actions: [] };
  switch (item.type) {
    case 'recipe': {
      const recipe = recipes.recipes[item.recipeId];
      if (!recipe || recipe.isDeleted) return { actions: [] };
      return planWithUndo(agenda, recipe, target.dayId, env);
    }
    case 'planned': {
      if (item.dayId === target.dayId) return { actions: [] };
      const recipe = recipes.recipes[item.recipeId];
      const mealType = recipe?.mealType ?? item.mealType;
      const actions = [
        ...unplanRecipe(agenda, item.dayId, item.mealType, env),
        ...planRecipe(agenda, { id: item.recipeId, mealType }, target.dayId, env),
      ];
      const source = { dayId: item.dayId, mealType: item.mealType, recipeId: item.recipeId };
      return { actions, ...replacedUndo(agenda, target.dayId, mealType, item.recipeId, [source]) };
    }
    case 'day':
      return { actions: swapDays(agenda, item.dayId, target.dayId, env) };
  }
}

/**
 * Plans `recipe` on `dayId` (a drop, or 'Add to a day'), with the undo that puts back what gave way:
 * the recipe in that slot, or, for a dinner, the day's quick dinner. Nothing is replaced silently
 * (docs/BEHAVIOUR.md §2).
 */
export function planWithUndo(
  agenda: AgendaDocument,
  recipe: { id: string; mealType: MealType },
  dayId: string,
  env: ActionEnv,
): { actions: DocumentAction[]; undo?: DropUndo } {
  const actions = planRecipe(agenda, recipe, dayId, env);
  return { actions, ...replacedUndo(agenda, dayId, recipe.mealType, recipe.id, []) };
}

/** When planning `recipeId` in a taken slot, the undo that puts the other recipe (or quick dinner) back. */
function replacedUndo(
  agenda: AgendaDocument,
  dayId: string,
  mealType: MealType,
  recipeId: string,
  alsoRestore: SlotBefore[],
): { undo?: DropUndo } {
  const day = agenda.days[dayId];
  const displaced = day?.[mealType];
  if (displaced === recipeId) return {};
  // A dinner takes the place of the day's quick dinner (core's planRecipe).
  const quickDinner = mealType === 'dinner' ? day?.quickDinner : undefined;
  if (!displaced && !quickDinner) return {};
  return {
    undo: {
      kind: 'replaced',
      ...(quickDinner ? { quickDinner } : { recipeId: displaced }),
      slots: [
        { dayId, mealType, recipeId: displaced, ...(quickDinner ? { quickDinner } : {}) },
        ...alsoRestore,
      ],
    },
  };
}

/** The actions that put the slots of `undo` back as they were, on the agenda as it is now. */
export function undoActions(undo: DropUndo, agenda: AgendaDocument, env: ActionEnv): DocumentAction[] {
  return undo.slots.flatMap((slot) => {
    const actions = slot.recipeId
      ? planRecipe(agenda, { id: slot.recipeId, mealType: slot.mealType }, slot.dayId, env)
      : unplanRecipe(agenda, slot.dayId, slot.mealType, env);
    if (!slot.quickDinner) return actions;
    // The quick dinner goes back on the day as it is once the slot is restored.
    const after = actions.reduce(
      (doc, action) => (action.kind === 'agenda' ? agendaReducer(doc, action.action) : doc),
      agenda,
    );
    const { updatedAt: _updatedAt, ...day } = after.days[slot.dayId] ?? { id: slot.dayId, updatedAt: '' };
    return [
      ...actions,
      { kind: 'agenda', action: agendaActions.updateDay({ ...day, quickDinner: slot.quickDinner }, env) },
    ];
  });
}
