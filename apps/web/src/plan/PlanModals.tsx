import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

/**
 * Which of the plan's modals is open. One at a time: going from the day modal to a recipe, or from
 * the recipe view to its form, replaces the modal (SPEC §2: clicking a recipe in the day modal
 * closes it and opens the recipe view). `userId` marks another user's agenda or recipe.
 */
export type PlanModal =
  | { kind: 'recipe'; recipeId: string; userId?: string }
  | { kind: 'day'; dayId: string; userId?: string }
  | { kind: 'new'; inCookbook: boolean }
  | { kind: 'edit'; recipeId: string }
  | { kind: 'rating'; recipeId: string }
  | { kind: 'addToDay'; recipeId: string };

/** Opens and closes the plan's modals from anywhere in the page. */
export interface PlanModalsApi {
  open: (modal: PlanModal) => void;
  close: () => void;
}

const PlanModalsContext = createContext<PlanModalsApi | null>(null);

/** The plan's modals; panels call `open(...)`. */
export function usePlanModals(): PlanModalsApi {
  const api = useContext(PlanModalsContext);
  if (!api) throw new Error('usePlanModals needs a <PlanModalsProvider>');
  return api;
}

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

/** Holds the open modal and draws it above the page. */
export function PlanModalsProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<PlanModal | undefined>();
  const close = useCallback(() => setModal(undefined), []);
  const api = useMemo<PlanModalsApi>(() => ({ open: setModal, close }), [close]);

  // Fetch the modal chunks once the browser is idle, so the first click opens at once. Browsers
  // without requestIdleCallback fetch them on first use instead.
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

  return (
    <PlanModalsContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {modal && <OpenModal key={JSON.stringify(modal)} modal={modal} onClose={close} />}
      </Suspense>
    </PlanModalsContext.Provider>
  );
}

function OpenModal({ modal, onClose }: { modal: PlanModal; onClose: () => void }) {
  switch (modal.kind) {
    case 'recipe':
      return <ViewRecipeModal recipeId={modal.recipeId} userId={modal.userId} onClose={onClose} />;
    case 'day':
      return <DayModal dayId={modal.dayId} userId={modal.userId} onClose={onClose} />;
    case 'new':
      return <RecipeFormModal inCookbook={modal.inCookbook} onClose={onClose} />;
    case 'edit':
      return <RecipeFormModal recipeId={modal.recipeId} onClose={onClose} />;
    case 'rating':
      return <RatingModal recipeId={modal.recipeId} onClose={onClose} />;
    case 'addToDay':
      return <AddToDayModal recipeId={modal.recipeId} onClose={onClose} />;
  }
}
