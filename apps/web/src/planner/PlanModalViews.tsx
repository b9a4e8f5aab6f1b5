import { lazy, useEffect } from 'react';
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

/** The longest wait for an idle moment before the modal chunks are fetched in the background. */
const PREFETCH_DELAY_MS = 1_500;

/**
 * Fetches the modal chunks once the browser is idle, so the first click opens at once. Browsers
 * without requestIdleCallback fetch them on first use instead.
 */
export function usePrefetchPlanModals(): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') return;
    const handle = window.requestIdleCallback(
      () => {
        for (const load of [loadRecipeModals, loadDay, loadRating, loadForm, loadAddToDay]) void load();
      },
      { timeout: PREFETCH_DELAY_MS },
    );
    return () => window.cancelIdleCallback(handle);
  }, []);
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
