import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Page-frame state other screens influence: whether a modal is open (the bottom navigation and
 * the footer hide then, docs/BEHAVIOUR.md §2) and whether the current page wants the footer at all
 * (docs/BEHAVIOUR.md §4 SHOW_FOOTER / HIDE_FOOTER).
 */
interface ShellState {
  modalCount: number;
  footerHidden: number;
  changeModals: (delta: number) => void;
  changeFooterHidden: (delta: number) => void;
}

const ShellContext = createContext<ShellState | null>(null);

/** Holds the frame state; wraps the whole app. */
export function ShellProvider({ children }: { children: ReactNode }) {
  const [modalCount, setModalCount] = useState(0);
  const [footerHidden, setFooterHidden] = useState(0);
  const changeModals = useCallback((delta: number) => setModalCount((n) => Math.max(0, n + delta)), []);
  const changeFooterHidden = useCallback(
    (delta: number) => setFooterHidden((n) => Math.max(0, n + delta)),
    [],
  );
  const value = useMemo(
    () => ({ modalCount, footerHidden, changeModals, changeFooterHidden }),
    [modalCount, footerHidden, changeModals, changeFooterHidden],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}

function useShell(): ShellState {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside <ShellProvider>');
  return shell;
}

/**
 * Tells the frame a modal is open while `open` is true, so the bottom navigation and the footer
 * step aside. Every modal (ours, or an MUI Dialog elsewhere) calls this with its open state.
 */
export function useModalOpen(open: boolean): void {
  const { changeModals } = useShell();
  useEffect(() => {
    if (!open) return;
    changeModals(1);
    return () => changeModals(-1);
  }, [open, changeModals]);
}

/** Hides the footer while the calling page is shown (e.g. full-height planner panels). */
export function useHideFooter(hidden = true): void {
  const { changeFooterHidden } = useShell();
  useEffect(() => {
    if (!hidden) return;
    changeFooterHidden(1);
    return () => changeFooterHidden(-1);
  }, [hidden, changeFooterHidden]);
}

/** Whether any modal is open right now. */
export function useIsModalOpen(): boolean {
  return useShell().modalCount > 0;
}

/** Whether the footer should be drawn: no page hides it and no modal is open. */
export function useFooterVisible(): boolean {
  const { modalCount, footerHidden } = useShell();
  return modalCount === 0 && footerHidden === 0;
}
