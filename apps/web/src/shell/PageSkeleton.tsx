import { AGENDA_ROW_ESTIMATE, RECIPE_ROW_ESTIMATE } from '@mealplan/core';
import type { CSSProperties, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useHideFooter } from '../ui';

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

/** groceries/GroceriesPage.tsx's head and rows of the list's own row height. */
function GroceriesSkeleton() {
  return (
    <div className="groceries groceries--edit" aria-busy="true">
      <header className="groceries-head">
        <h1>Groceries</h1>
      </header>
      <SkeletonRows count={12} height="var(--row-height)" label="Loading your list…" />
    </div>
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
