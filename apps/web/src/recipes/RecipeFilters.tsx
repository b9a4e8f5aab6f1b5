import {
  COOKBOOK_FILTERS,
  MEAL_TYPES,
  sortOptions,
  type CookbookFilter,
  type MealTypeFilter,
  type RecipeTab,
  type SortOrder,
} from '@mealplan/core';
import { SearchIcon } from '../plan';
import { FILTER_LABELS, MEAL_TYPE_FILTER_LABELS, SORT_LABELS } from './labels';
import type { RecipeQueryState } from './useRecipeQuery';

const MEAL_TYPE_FILTERS: readonly MealTypeFilter[] = ['all', ...MEAL_TYPES];

/** Whose recipes the panel can show: one's own ('Mine') and each approved followed user's. */
export type RecipeOwners = readonly { id: string; label: string }[];

/**
 * The recipes panel's selectors (docs/BEHAVIOUR.md §2): search, whose recipes (for a follower),
 * Sort By, meal type, and in the Cookbook Filter By. All native controls, so they work the same with
 * a mouse, a keyboard and a phone.
 */
export function RecipeFilters({
  state,
  owners,
  owner,
  onOwner,
}: {
  state: RecipeQueryState;
  /** Set when the user follows someone: the choices of whose recipes to show. */
  owners?: RecipeOwners;
  owner?: string;
  onOwner?: (owner: string) => void;
}) {
  const { query } = state;
  const tab: RecipeTab = query.tab;
  return (
    <div className="recipe-filters">
      <label className="search-field">
        <SearchIcon width={20} height={20} />
        <span className="visually-hidden">Search recipes</span>
        <input
          type="search"
          placeholder="Search recipes"
          value={query.search}
          autoComplete="off"
          onChange={(event) => state.setSearch(event.target.value)}
        />
      </label>
      <div className="recipe-selects">
        {owners && (
          <label className="select-field">
            <span>Recipes of</span>
            <select value={owner} onChange={(event) => onOwner?.(event.target.value)}>
              {owners.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="select-field">
          <span>Sort By</span>
          <select value={query.sort} onChange={(event) => state.setSort(event.target.value as SortOrder)}>
            {sortOptions(tab).map((order) => (
              <option key={order} value={order}>
                {SORT_LABELS[order]}
              </option>
            ))}
          </select>
        </label>
        <label className="select-field">
          <span>Meal type</span>
          <select
            value={query.mealType}
            onChange={(event) => state.setMealType(event.target.value as MealTypeFilter)}
          >
            {MEAL_TYPE_FILTERS.map((type) => (
              <option key={type} value={type}>
                {MEAL_TYPE_FILTER_LABELS[type]}
              </option>
            ))}
          </select>
        </label>
        {tab === 'cookbook' && (
          <label className="select-field">
            <span>Filter By</span>
            <select
              value={query.filter}
              onChange={(event) => state.setFilter(event.target.value as CookbookFilter)}
            >
              {COOKBOOK_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {FILTER_LABELS[filter]}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
    </div>
  );
}
