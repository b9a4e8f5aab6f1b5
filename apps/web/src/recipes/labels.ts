/** The words the recipes panel and the recipe modals show for core's enum values. */
import type { CookbookFilter, MealType, MealTypeFilter, RecipeTab, SortOrder } from '@mealplan/core';

/** Tab labels in tab-index order (docs/BEHAVIOUR.md §2: Test Kitchen is 0, Cookbook is 1). */
export const TAB_LABELS: Record<RecipeTab, string> = {
  testKitchen: 'Test Kitchen',
  cookbook: 'Cookbook',
};

export const MEAL_TYPE_LABELS: Record<MealType, string> = {
  breakfast: 'Breakfast',
  lunch: 'Lunch',
  dinner: 'Dinner',
  dessert: 'Dessert',
  baking: 'Baking',
};

/** The meal-type selector: 'all' first, then each meal type. */
export const MEAL_TYPE_FILTER_LABELS: Record<MealTypeFilter, string> = {
  all: 'All meal types',
  ...MEAL_TYPE_LABELS,
};

/** The Cookbook's Filter By. 'none' is what typing a search sets (docs/BEHAVIOUR.md §5). */
export const FILTER_LABELS: Record<CookbookFilter, string> = {
  relevant: 'Relevant',
  rating_5: '5 stars',
  rating_4: '4 stars or more',
  none: 'No filter',
};

export const SORT_LABELS: Record<SortOrder, string> = {
  count: 'Times made',
  rating: 'Rating',
  created: 'Newest',
  updated: 'Recently updated',
  time: 'Quickest',
  category: 'Category',
};
