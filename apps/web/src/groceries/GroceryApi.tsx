/**
 * What the page's rows and cards share without re-rendering each other: a stable `run` that
 * dispatches a grocery action (a refused one, such as removing the last store, becomes a toast
 * with core's message), a way to read the current document when an event happens, and the toast.
 * Its identity never changes, so memoised rows do not re-render when the document does.
 */
import type { GroceriesAction, GroceriesDocument } from '@mealplan/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useDispatch, useReadDocument } from '../data';
import { useToast } from '../ui';

/** The grocery commands every part of the page uses. */
export interface GroceryApi {
  /** Applies the action; returns false (after showing why) if the rules refused it. */
  run(action: GroceriesAction): boolean;
  /** The document as it is now; for event handlers, never for rendering. */
  current(): GroceriesDocument;
  /** Shows a toast. */
  toast(message: string): void;
}

const GroceryApiContext = createContext<GroceryApi | null>(null);

/** Builds the page's `GroceryApi` from the data hooks every screen uses, and the toasts. */
export function useCreateGroceryApi(): GroceryApi {
  const dispatch = useDispatch();
  const current = useReadDocument('groceries');
  const { show } = useToast();
  return useMemo(
    () => ({
      run(action) {
        try {
          dispatch({ kind: 'groceries', action });
          return true;
        } catch (error) {
          show(error instanceof Error ? error.message : String(error));
          return false;
        }
      },
      current,
      toast: show,
    }),
    [dispatch, current, show],
  );
}

/** Provides the page's `GroceryApi` to its rows and cards. */
export function GroceryApiProvider({ api, children }: { api: GroceryApi; children: ReactNode }) {
  return <GroceryApiContext.Provider value={api}>{children}</GroceryApiContext.Provider>;
}

/** The page's grocery commands. */
export function useGroceryApi(): GroceryApi {
  const api = useContext(GroceryApiContext);
  if (!api) throw new Error('useGroceryApi must be used inside <GroceryApiProvider>');
  return api;
}
