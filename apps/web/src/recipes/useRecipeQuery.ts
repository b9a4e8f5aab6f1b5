import {
  COOKBOOK_FILTERS,
  MEAL_TYPES,
  RECIPE_TABS,
  defaultSort,
  type CookbookFilter,
  type MealTypeFilter,
  type RecipeQuery,
  type RecipeTab,
  type SortOrder,
} from '@mealplan/core';
import { useCallback, useMemo, useState } from 'react';
import { useStoredChoice } from '../plan';

/** localStorage keys (docs/BEHAVIOUR.md §4): the tab index, and the two keys it names. */
export const STORAGE_KEYS = { tab: 'recipesTab', mealType: 'mealType', filter: 'recipeFilter' } as const;

const TAB_INDEXES = ['0', '1'] as const;
const MEAL_TYPE_FILTERS: readonly MealTypeFilter[] = ['all', ...MEAL_TYPES];

/** The recipes panel's selectors and their setters. */
export interface RecipeQueryState {
  query: Required<Omit<RecipeQuery, 'filter'>> & { filter: CookbookFilter };
  setTab: (tab: RecipeTab) => void;
  setMealType: (mealType: MealTypeFilter) => void;
  setFilter: (filter: CookbookFilter) => void;
  setSort: (sort: SortOrder) => void;
  /** Typing a search resets the meal type to all and the filter to none (docs/BEHAVIOUR.md §5). */
  setSearch: (search: string) => void;
}

/**
 * The panel's tab, meal type, filter, sort and search. Tab, meal type and filter are remembered in
 * localStorage; the sort is remembered per tab for the visit, the search not at all.
 */
export function useRecipeQuery(): RecipeQueryState {
  const [tabIndex, setTabIndex] = useStoredChoice(STORAGE_KEYS.tab, TAB_INDEXES, '0');
  const [mealType, setMealType] = useStoredChoice(STORAGE_KEYS.mealType, MEAL_TYPE_FILTERS, 'all');
  const [filter, setFilter] = useStoredChoice(STORAGE_KEYS.filter, COOKBOOK_FILTERS, 'relevant');
  const [sorts, setSorts] = useState<Partial<Record<RecipeTab, SortOrder>>>({});
  const [search, setSearchText] = useState('');
  const tab = RECIPE_TABS[Number(tabIndex)] ?? 'testKitchen';
  const sort = sorts[tab] ?? defaultSort(tab);

  const setTab = useCallback(
    (next: RecipeTab) => setTabIndex(String(RECIPE_TABS.indexOf(next)) as '0' | '1'),
    [setTabIndex],
  );
  const setSort = useCallback((next: SortOrder) => setSorts((s) => ({ ...s, [tab]: next })), [tab]);
  const setSearch = useCallback(
    (next: string) => {
      setSearchText(next);
      setMealType('all');
      setFilter('none');
    },
    [setMealType, setFilter],
  );
  const query = useMemo(
    () => ({ tab, mealType, filter, sort, search }),
    [tab, mealType, filter, sort, search],
  );
  return { query, setTab, setMealType, setFilter, setSort, setSearch };
}
