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

/** The longest wait for an idle moment once the page has settled, before the modals are fetched. */
const PREFETCH_DELAY_MS = 5_000;
/** How long after the window's load event the page is left alone before the modals are fetched. */
const SETTLE_MS = 3_000;

/**
 * Fetches the modal chunks once the page shows its lists (`ready`), has loaded and has been left
 * alone for a few seconds, at an idle moment; or at once on the first press or key on the page,
 * so the first click still opens at once. Fetching a modal also runs its code and applies its
 * stylesheet (the form's react-hook-form above all), 0.3-0.5 s of blocked main thread on a phone
 * when it ran while the page was still starting (bench/README.md "lighthouse"). Browsers without
 * requestIdleCallback fetch them on first use instead.
 */
export function usePrefetchPlanModals(ready: boolean): void {
  useEffect(() => {
    if (!ready || typeof window.requestIdleCallback !== 'function') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let idle: number | undefined;
    const prefetch = () => {
      stop();
      for (const load of [loadRecipeModals, loadDay, loadRating, loadForm, loadAddToDay]) void load();
    };
    const settle = () => {
      timer = setTimeout(() => {
        idle = window.requestIdleCallback(prefetch, { timeout: PREFETCH_DELAY_MS });
      }, SETTLE_MS);
    };
    const intent = { capture: true, passive: true } as const;
    function stop() {
      window.removeEventListener('load', settle);
      window.removeEventListener('pointerdown', prefetch, intent);
      window.removeEventListener('keydown', prefetch, intent);
      if (timer !== undefined) clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    }
    window.addEventListener('pointerdown', prefetch, intent);
    window.addEventListener('keydown', prefetch, intent);
    if (document.readyState === 'complete') settle();
    else window.addEventListener('load', settle, { once: true });
    return stop;
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
