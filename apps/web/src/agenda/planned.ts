/**
 * What a day row shows, without React: the planned recipes in the order the row lists them, the
 * one whose stars it shows, the quick recipe and the summary the row is dragged and read out by.
 * The row (DayRow.tsx) and the agenda's first paint (first-paint.ts) both draw from it.
 */
import { MEAL_TYPES, type Day, type MealType, type Recipe } from '@mealplan/core';

/** A recipe planned on a day, as the row shows it. */
export interface PlannedItem {
  mealType: MealType;
  recipe: Recipe | undefined;
  recipeId: string;
}

/** The day's planned recipes in meal order (breakfast first). */
export function plannedItems(day: Day | undefined, recipes: Record<string, Recipe>): PlannedItem[] {
  if (!day) return [];
  const items: PlannedItem[] = [];
  for (const mealType of MEAL_TYPES) {
    const recipeId = day[mealType];
    if (recipeId) items.push({ mealType, recipeId, recipe: recipes[recipeId] });
  }
  return items;
}

/** The recipe whose stars the row shows: the dinner, else the first planned recipe. */
export function mainItem(items: readonly PlannedItem[]): PlannedItem | undefined {
  return items.find((item) => item.mealType === 'dinner') ?? items[0];
}

/** The name a planned recipe is shown by; a recipe since deleted is 'Unknown recipe'. */
export const nameOf = (item: PlannedItem) => item.recipe?.name ?? 'Unknown recipe';

/** A day row's contents (docs/BEHAVIOUR.md §2 "Agenda panel"). */
export function dayContents(day: Day | undefined, recipes: Record<string, Recipe>) {
  const planned = plannedItems(day, recipes);
  const main = mainItem(planned);
  // The main recipe first: on a narrow row the others are the ones cut off.
  const items = main ? [main, ...planned.filter((item) => item !== main)] : planned;
  const quick = day?.quickDinner;
  const summary = items.map(nameOf).concat(quick ? [quick] : []);
  return { main, items, quick, summary };
}
