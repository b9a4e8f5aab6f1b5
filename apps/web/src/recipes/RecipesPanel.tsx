import { RECIPE_TABS, emptyResultMessage, selectRecipes, type RecipeTab } from '@mealplan/core';
import { useCallback, useDeferredValue, useId, useMemo, type KeyboardEvent } from 'react';
import { useDocument } from '../data';
import { usePlanModals } from '../plan';
import { TAB_LABELS } from './labels';
import { RecipeFilters } from './RecipeFilters';
import { RecipeList } from './RecipeList';
import { useRecipeQuery } from './useRecipeQuery';

/**
 * The recipes panel (docs/BEHAVIOUR.md §2): Test Kitchen and Cookbook tabs (the last one is remembered),
 * '+ Recipe', the selectors, and the tab's recipes, or the sentence saying why there are none.
 * `draggable` is on when an agenda is on the same page to drop recipes onto.
 */
export function RecipesPanel({ draggable }: { draggable: boolean }) {
  const { doc, loaded } = useDocument('recipes');
  const state = useRecipeQuery();
  const modals = usePlanModals();
  const baseId = useId();
  // Typing stays instant with 5,000 recipes: the list follows a step behind when it must.
  const query = useDeferredValue(state.query);
  const recipes = useMemo(() => selectRecipes(doc, query), [doc, query]);
  const tab = state.query.tab;

  const open = useCallback((recipeId: string) => modals.open({ kind: 'recipe', recipeId }), [modals]);
  const addToDay = useCallback((recipeId: string) => modals.open({ kind: 'addToDay', recipeId }), [modals]);

  // Arrow keys move between the two tabs (the WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: RecipeTab = tab === 'testKitchen' ? 'cookbook' : 'testKitchen';
    state.setTab(next);
    document.getElementById(`${baseId}-${next}`)?.focus();
  };

  return (
    <section className="panel recipes-panel" aria-label="Recipes">
      <div className="panel-bar">
        <div className="tabs" role="tablist" aria-label="Recipe collections">
          {RECIPE_TABS.map((key) => (
            <button
              key={key}
              id={`${baseId}-${key}`}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === key}
              aria-controls={`${baseId}-panel`}
              tabIndex={tab === key ? 0 : -1}
              onClick={() => state.setTab(key)}
              onKeyDown={onTabKey}
            >
              {TAB_LABELS[key]}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="button primary small"
          onClick={() => modals.open({ kind: 'new', inCookbook: tab === 'cookbook' })}
        >
          + Recipe
        </button>
      </div>
      <div id={`${baseId}-panel`} className="panel-body" role="tabpanel" aria-labelledby={`${baseId}-${tab}`}>
        <RecipeFilters state={state} />
        {!loaded ? (
          <p className="empty panel-message" aria-busy="true">
            Loading recipes…
          </p>
        ) : recipes.length === 0 ? (
          <p className="empty panel-message">{emptyResultMessage(query)}</p>
        ) : (
          <RecipeList
            recipes={recipes}
            categories={doc.categories}
            showRating={query.tab === 'cookbook'}
            draggable={draggable}
            label={TAB_LABELS[query.tab]}
            onOpen={open}
            onAddToDay={addToDay}
          />
        )}
      </div>
    </section>
  );
}
