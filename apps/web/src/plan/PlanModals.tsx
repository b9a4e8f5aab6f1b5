import { createContext, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * Which of the plan's modals is open. One at a time: going from the day modal to a recipe, or from
 * the recipe view to its form, replaces the modal (docs/BEHAVIOUR.md §2: clicking a recipe in the day modal
 * closes it and opens the recipe view). `userId` marks another user's agenda or recipe.
 */
export type PlanModal =
  | { kind: 'recipe'; recipeId: string; userId?: string }
  | { kind: 'day'; dayId: string; userId?: string }
  | { kind: 'new'; inCookbook: boolean; startWith?: 'import' }
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

/** Draws one open modal; the page that hosts the plan supplies it (each modal is its own chunk). */
export type PlanModalView = (props: { modal: PlanModal; onClose: () => void }) => ReactNode;

/** Holds the open modal and draws it above the page with `View`. */
export function PlanModalsProvider({ View, children }: { View: PlanModalView; children: ReactNode }) {
  const [modal, setModal] = useState<PlanModal | undefined>();
  const close = useCallback(() => setModal(undefined), []);
  const api = useMemo<PlanModalsApi>(() => ({ open: setModal, close }), [close]);
  return (
    <PlanModalsContext.Provider value={api}>
      {children}
      <Suspense fallback={null}>
        {modal && <View key={JSON.stringify(modal)} modal={modal} onClose={close} />}
      </Suspense>
    </PlanModalsContext.Provider>
  );
}
