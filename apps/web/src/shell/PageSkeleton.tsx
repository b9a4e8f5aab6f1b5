import { AGENDA_ROW_ESTIMATE, RECIPE_ROW_ESTIMATE } from '@mealplan/core';
import type { CSSProperties, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AddIcon, EditIcon, PrintIcon, ShareIcon, useHideFooter } from '../ui';

/**
 * A signed-in page before its code and the user's documents are there (docs/ARCHITECTURE.md "The
 * signed-in shell"): the page's frames, its panels' bars and rows of placeholders at the rows' own
 * heights. The build prerenders it into the HTML of each signed-in route, so the browser paints it
 * before any script runs; the app draws the same markup while it loads, and the real page replaces
 * it in place. It holds nothing of any user: every signed-in visitor gets the same HTML.
 */
export function PageSkeleton() {
  const { pathname } = useLocation();
  // The footer would paint under the placeholders and be pushed down by the page (a layout shift).
  useHideFooter();
  switch (pathname) {
    case '/plan':
      return (
        <PlanSkeleton title="Plan" layout="both">
          <RecipesSkeleton />
          <AgendaSkeleton />
        </PlanSkeleton>
      );
    case '/recipes':
      return (
        <PlanSkeleton title="Recipes" layout="single">
          <RecipesSkeleton />
        </PlanSkeleton>
      );
    case '/agenda':
      return (
        <PlanSkeleton title="Agenda" layout="single">
          <AgendaSkeleton />
        </PlanSkeleton>
      );
    case '/groceries':
      return <GroceriesSkeleton />;
    default:
      return <div className="page-loading" aria-busy="true" />;
  }
}

/** planner/PlanPage.tsx's frame: full-height panels side by side, or one alone. */
function PlanSkeleton({ title, layout, children }: { title: string; layout: string; children: ReactNode }) {
  return (
    <div className={`plan plan--${layout}`} aria-busy="true">
      <h1 className="visually-hidden">{title}</h1>
      {children}
    </div>
  );
}

/** recipes/RecipesPanel.tsx's frame: the two collections, the search field and selects, rows of 32 px. */
function RecipesSkeleton() {
  return (
    <section className="panel recipes-panel" aria-label="Recipes">
      <div className="panel-bar">
        <div className="tabs">
          {/* The collection a new visitor starts on (recipes/useRecipeQuery.ts). */}
          <span className="tab" data-selected="">
            Test Kitchen
          </span>
          <span className="tab">Cookbook</span>
        </div>
      </div>
      <div className="panel-body">
        <div className="recipe-filters">
          <div className="search-field" />
          <div className="skeleton-selects" />
        </div>
        <SkeletonRows count={30} height={RECIPE_ROW_ESTIMATE} label="Loading recipes…" />
      </div>
    </section>
  );
}

/** agenda/AgendaPanel.tsx's frame: 'My Agenda' and day rows of 45 px. */
function AgendaSkeleton() {
  return (
    <section className="panel agenda-panel" aria-label="Agenda">
      <div className="panel-bar">
        <div className="tabs">
          <span className="tab" data-selected="">
            My Agenda
          </span>
        </div>
      </div>
      <div className="panel-body">
        <SkeletonRows count={24} height={AGENDA_ROW_ESTIMATE} label="Loading your agenda…" />
      </div>
    </section>
  );
}

/** groceries/GroceriesPage.tsx's head, then its store tabs, toolbar and hint over rows of the list's height. */
function GroceriesSkeleton() {
  return (
    <div className="groceries groceries--edit" aria-busy="true">
      <header className="groceries-head">
        <h1>Groceries</h1>
        <button type="button" className="button small shop-days-open" disabled>
          Shop these days
        </button>
      </header>
      <GroceriesListSkeleton />
    </div>
  );
}

/**
 * The hint the Groceries page shows above the list in edit mode (docs/BEHAVIOUR.md §2 "Groceries
 * page"), the same for everyone: the page and its skeleton draw it from here.
 */
export const GROCERIES_HINT =
  'Type into a blank row to add an item. Press and hold an item to move it to another aisle.';

/**
 * The grocery list before it is read, as it opens in edit mode (the default): a store tab's
 * placeholder (the names are the user's) and the add-store tab, the toolbar (mode switch, Share,
 * Print, Edit Store), the hint and rows of placeholders, at the sizes the page draws them, so the
 * page's own replace them in place. Its controls are disabled until the page is there: the prerendered
 * shell shows them before any script has run, and GroceriesPage draws the same while the list loads
 * (in shopping mode when that is the mode remembered on this device).
 */
export function GroceriesListSkeleton({ mode = 'edit' }: { mode?: 'edit' | 'shopping' }) {
  return (
    <>
      <div className="store-tabs">
        <div className="store-tablist">
          <span className="store-tab skeleton-store-tab" aria-hidden="true" />
        </div>
        <button type="button" className="store-tab store-tab--add" disabled>
          <AddIcon width={20} height={20} />
          <span className="visually-hidden">Add</span> Store
        </button>
      </div>
      <div className="store-panel">
        <div className="store-toolbar">
          <fieldset className="mode-switch" disabled>
            <legend className="visually-hidden">Mode</legend>
            <label className={`mode-option${mode === 'edit' ? ' is-checked' : ''}`}>
              <input
                type="radio"
                name="groceries-mode-skeleton"
                value="edit"
                checked={mode === 'edit'}
                readOnly
              />
              Edit
            </label>
            <label className={`mode-option${mode === 'shopping' ? ' is-checked' : ''}`}>
              <input
                type="radio"
                name="groceries-mode-skeleton"
                value="shopping"
                checked={mode === 'shopping'}
                readOnly
              />
              Shopping
            </label>
          </fieldset>
          <div className="list-actions">
            <button type="button" className="button list-action" title="Share the list" disabled>
              <ShareIcon width={20} height={20} />
              <span className="list-action-label">Share</span>
            </button>
            <button type="button" className="button list-action" title="Print the list" disabled>
              <PrintIcon width={20} height={20} />
              <span className="list-action-label">Print</span>
            </button>
          </div>
          <div className="store-toolbar-actions">
            {mode === 'edit' && (
              <button type="button" className="button" disabled>
                <EditIcon width={20} height={20} />
                Edit Store
              </button>
            )}
          </div>
        </div>
        {mode === 'edit' && <p className="groceries-hint">{GROCERIES_HINT}</p>}
        <SkeletonRows count={12} height="var(--row-height)" label="Loading your list…" />
      </div>
    </>
  );
}

/**
 * `count` placeholder rows of `height`; the panel clips those past its bottom. `label` says what is
 * loading to screen readers (the rows themselves are hidden from them).
 */
export function SkeletonRows({
  count,
  height,
  label,
}: {
  count: number;
  height: number | string;
  label?: string;
}) {
  const style = { '--skeleton-row': typeof height === 'number' ? `${height}px` : height } as CSSProperties;
  return (
    <div className="skeleton-rows" style={style} aria-busy="true">
      {label && <span className="visually-hidden">{label}</span>}
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="skeleton-row" aria-hidden="true" />
      ))}
    </div>
  );
}
