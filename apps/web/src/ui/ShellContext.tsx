import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Page-frame state other screens influence: whether a modal is open (the bottom navigation and
 * the footer hide then, docs/BEHAVIOUR.md §2) and whether the current page wants the footer at all
 * (docs/BEHAVIOUR.md §4 SHOW_FOOTER / HIDE_FOOTER).
 */
interface ShellState {
  modalCount: number;
  footerHidden: number;
  /** The signed-in shell is on screen and no page has taken over from it yet (see `ShellProvider`). */
  shellHeld: boolean;
  changeModals: (delta: number) => void;
  changeFooterHidden: (delta: number) => void;
  releaseShell: () => void;
}

const ShellContext = createContext<ShellState | null>(null);

/**
 * Holds the frame state; wraps the whole app. `signedInShell` is true when the page starts on a
 * signed-in route (docs/ARCHITECTURE.md "The signed-in shell"): the footer then stays away from the
 * first render on, before any page's effect could hide it (effects do not run when the build
 * prerenders the shell), until the signed-in gate mounts and the pages decide for themselves.
 */
export function ShellProvider({
  children,
  signedInShell = false,
}: {
  children: ReactNode;
  signedInShell?: boolean;
}) {
  const [modalCount, setModalCount] = useState(0);
  const [footerHidden, setFooterHidden] = useState(0);
  const [shellHeld, setShellHeld] = useState(signedInShell);
  const changeModals = useCallback((delta: number) => setModalCount((n) => Math.max(0, n + delta)), []);
  const changeFooterHidden = useCallback(
    (delta: number) => setFooterHidden((n) => Math.max(0, n + delta)),
    [],
  );
  const releaseShell = useCallback(() => setShellHeld(false), []);
  const value = useMemo(
    () => ({ modalCount, footerHidden, shellHeld, changeModals, changeFooterHidden, releaseShell }),
    [modalCount, footerHidden, shellHeld, changeModals, changeFooterHidden, releaseShell],
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

/**
 * Ends the shell's hold on the footer once the caller (the signed-in gate) is mounted; from then on
 * the pages and their loading states hide the footer themselves, in the same commit.
 */
export function useReleaseShell(): void {
  const { releaseShell } = useShell();
  useEffect(() => releaseShell(), [releaseShell]);
}

/** Whether any modal is open right now. */
export function useIsModalOpen(): boolean {
  return useShell().modalCount > 0;
}

/** Whether the footer should be drawn: no page hides it and no modal is open. */
export function useFooterVisible(): boolean {
  const { modalCount, footerHidden, shellHeld } = useShell();
  return modalCount === 0 && footerHidden === 0 && !shellHeld;
}
