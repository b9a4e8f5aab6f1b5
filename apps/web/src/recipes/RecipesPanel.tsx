import {
  RECIPE_ROW_ESTIMATE,
  RECIPE_TABS,
  emptyDocument,
  emptyResultMessage,
  selectRecipes,
  toDayId,
  type RecipeTab,
  type RecipesDocument,
} from '@mealplan/core';
import { useCallback, useDeferredValue, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useCurrentUser } from '../account';
import { useDocument, useOtherUserDocument } from '../data';
import { usePlanModals } from '../plan';
import { SkeletonRows } from '../shell';
import { shortName } from '../users';
import { TAB_LABELS } from './labels';
import { RecipeFilters, type RecipeOwners } from './RecipeFilters';
import { RecipeList } from './RecipeList';
import { useRecipeQuery } from './useRecipeQuery';

/** The owner choice that means the signed-in account's own recipes. */
const MINE = 'me';
const NO_RECIPES: RecipesDocument = emptyDocument('recipes');

/**
 * The recipes panel (docs/BEHAVIOUR.md §2): Test Kitchen and Cookbook tabs (the last one is remembered),
 * '+ Recipe', the selectors, and the tab's recipes, or the sentence saying why there are none.
 * `draggable` is on when an agenda is on the same page to drop recipes onto.
 *
 * A follower also picks whose recipes to browse (docs/BEHAVIOUR.md §6): a followed user's Test
 * Kitchen and Cookbook are shown read-only, with the same tabs and selectors; opening one shows it
 * with 'Add to my Test Kitchen' and 'Add to my agenda'. No '+ Recipe', no dragging, no calendar
 * button there: those would change the other account.
 */
export function RecipesPanel({ draggable }: { draggable: boolean }) {
  const { user } = useCurrentUser();
  const [chosenOwner, setOwner] = useState(MINE);
  const followed = useMemo(() => (user?.following ?? []).filter((entry) => entry.isApproved), [user]);
  const owners = useMemo<RecipeOwners>(
    () => [
      { id: MINE, label: 'Mine' },
      ...followed.map((entry) => ({ id: entry.userId, label: shortName(entry) })),
    ],
    [followed],
  );
  // A choice that is no longer followed (unfollowed, or not yet loaded) falls back to one's own.
  const owner = owners.some((entry) => entry.id === chosenOwner) ? chosenOwner : MINE;
  const theirs = owner === MINE ? undefined : owner;
  const ownerName = theirs ? owners.find((entry) => entry.id === theirs)?.label : undefined;

  // A new copy of the recipes (the first one of a large account above all) is sorted and drawn in a
  // background render that React splits into short tasks (docs/ARCHITECTURE.md "Large accounts").
  const mine = useDeferredValue(useDocument('recipes'));
  const other = useOtherUserDocument('recipes', theirs);
  const doc = theirs ? (other.doc ?? NO_RECIPES) : mine.doc;

  const state = useRecipeQuery();
  const modals = usePlanModals();
  const baseId = useId();
  // Typing stays instant with 5,000 recipes: the list follows a step behind when it must.
  const query = useDeferredValue(state.query);
  // Which shelf a recipe is on and how often it was made depend on the day (docs/BEHAVIOUR.md §4
  // "Made and planned"): a day planned ahead is not made until it comes.
  const today = toDayId(new Date());
  const recipes = useMemo(() => selectRecipes(doc, query, today), [doc, query, today]);
  const tab = state.query.tab;

  const open = useCallback(
    (recipeId: string) => modals.open({ kind: 'recipe', recipeId, userId: theirs }),
    [modals, theirs],
  );
  const addToDay = useCallback((recipeId: string) => modals.open({ kind: 'addToDay', recipeId }), [modals]);

  // Arrow keys move between the two tabs (the WAI-ARIA tabs pattern).
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next: RecipeTab = tab === 'testKitchen' ? 'cookbook' : 'testKitchen';
    state.setTab(next);
    document.getElementById(`${baseId}-${next}`)?.focus();
  };

  const listLabel = ownerName ? `${ownerName}’s ${TAB_LABELS[query.tab]}` : TAB_LABELS[query.tab];
  let body;
  if (theirs && other.loading) {
    body = (
      <p className="empty panel-message" aria-busy="true">
        Loading {ownerName}’s recipes…
      </p>
    );
  } else if (theirs && !other.doc) {
    body = <p className="empty panel-message">{ownerName}’s recipes are not available right now.</p>;
  } else if (!theirs && !mine.loaded) {
    // The shell's rows (shell/PageSkeleton.tsx) until the stored copy is read: nothing changes on screen.
    body = <SkeletonRows count={30} height={RECIPE_ROW_ESTIMATE} label="Loading recipes…" />;
  } else if (recipes.length === 0) {
    body = <p className="empty panel-message">{emptyResultMessage(query, ownerName)}</p>;
  } else {
    body = (
      <RecipeList
        // A new list per owner: the scroll position and row measures are those of one collection.
        key={owner}
        recipes={recipes}
        categories={doc.categories}
        showRating={query.tab === 'cookbook'}
        draggable={draggable && !theirs}
        readOnly={!!theirs}
        label={listLabel}
        onOpen={open}
        onAddToDay={addToDay}
      />
    );
  }

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
        {!theirs && (
          <button
            type="button"
            className="button primary small"
            onClick={() => modals.open({ kind: 'new', inCookbook: tab === 'cookbook' })}
          >
            + Recipe
          </button>
        )}
      </div>
      <div id={`${baseId}-panel`} className="panel-body" role="tabpanel" aria-labelledby={`${baseId}-${tab}`}>
        <RecipeFilters
          state={state}
          owners={owners.length > 1 ? owners : undefined}
          owner={owner}
          onOwner={setOwner}
        />
        {theirs && other.doc && (
          <p className="recipes-owner-note">
            {ownerName}’s recipes, read-only. Open one to add it to your Test Kitchen or agenda.
          </p>
        )}
        {body}
      </div>
    </section>
  );
}
