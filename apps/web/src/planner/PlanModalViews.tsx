import { lazy, useEffect } from 'react';
import { useDocument } from '../data';
import type { PlanModal } from '../plan';

// Each modal is its own chunk: the page paints its lists first, the forms come when first opened.
const loadRecipeModals = () => import('../recipes/ViewRecipeModal');
const loadForm = () => import('../recipes/RecipeFormModal');
const loadRating = () => import('../recipes/RatingModal');
const loadAddToDay = () => import('../recipes/AddToDayModal');
const loadDay = () => import('../agenda/DayModal');
const ViewRecipeModal = lazy(() => loadRecipeModals().then((m) => ({ default: m.ViewRecipeModal })));
const RecipeFormModal = lazy(() => loadForm().then((m) => ({ default: m.RecipeFormModal })));
const RatingModal = lazy(() => loadRating().then((m) => ({ default: m.RatingModal })));
const AddToDayModal = lazy(() => loadAddToDay().then((m) => ({ default: m.AddToDayModal })));
const DayModal = lazy(() => loadDay().then((m) => ({ default: m.DayModal })));

/** The longest wait for an idle moment, once the page shows its lists, before the modals are fetched. */
const PREFETCH_DELAY_MS = 5_000;

/**
 * Fetches the modal chunks once the page shows its lists (`ready`) and the browser is idle, so the
 * first click opens at once without the modals competing with the page's own code and documents
 * while it loads. Browsers without requestIdleCallback fetch them on first use instead.
 */
export function usePrefetchPlanModals(ready: boolean): void {
  useEffect(() => {
    if (!ready || typeof window.requestIdleCallback !== 'function') return;
    const handle = window.requestIdleCallback(
      () => {
        for (const load of [loadRecipeModals, loadDay, loadRating, loadForm, loadAddToDay]) void load();
      },
      { timeout: PREFETCH_DELAY_MS },
    );
    return () => window.cancelIdleCallback(handle);
  }, [ready]);
}

/** Prefetches the plan's modals once its recipes are loaded (a component, so the page itself does not re-render on each change). */
export function PrefetchPlanModals() {
  usePrefetchPlanModals(useDocument('recipes').loaded);
  return null;
}

/** The plan's modals, each loaded when first opened. */
export function PlanModalView({ modal, onClose }: { modal: PlanModal; onClose: () => void }) {
  switch (modal.kind) {
    case 'recipe':
      return <ViewRecipeModal recipeId={modal.recipeId} userId={modal.userId} onClose={onClose} />;
    case 'day':
      return <DayModal dayId={modal.dayId} userId={modal.userId} onClose={onClose} />;
    case 'new':
      return <RecipeFormModal inCookbook={modal.inCookbook} startWith={modal.startWith} onClose={onClose} />;
    case 'edit':
      return <RecipeFormModal recipeId={modal.recipeId} onClose={onClose} />;
    case 'rating':
      return <RatingModal recipeId={modal.recipeId} onClose={onClose} />;
    case 'addToDay':
      return <AddToDayModal recipeId={modal.recipeId} onClose={onClose} />;
  }
}
