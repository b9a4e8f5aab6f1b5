/**
 * What the page's rows and cards share without re-rendering each other: a stable `run` that
 * dispatches a grocery action (a refused one, such as removing the last store, becomes a toast
 * with core's message), a way to read the current document when an event happens, and the toast.
 * Its identity never changes, so memoised rows do not re-render when the document does.
 */
import {
  findItem,
  groceryActions,
  type Aisle,
  type GroceriesAction,
  type GroceriesDocument,
  type RestoredItem,
} from '@mealplan/core';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { browserEnv, useDispatch, useReadDocument } from '../data';
import { useToast } from '../ui';

/** The grocery commands every part of the page uses. */
export interface GroceryApi {
  /** Applies the action; returns false (after showing why) if the rules refused it. */
  run(action: GroceriesAction): boolean;
  /** The document as it is now; for event handlers, never for rendering. */
  current(): GroceriesDocument;
  /** Shows a toast. */
  toast(message: string): void;
  /**
   * Runs `action` and shows `message` with Undo (docs/BEHAVIOUR.md "Undo"): Undo puts the store's
   * `aisles` and the items named by `itemIds` back as they were just before.
   */
  runWithUndo(
    action: GroceriesAction,
    message: string,
    what: { storeId: string; itemIds: readonly string[]; aisles?: readonly Aisle[] },
  ): boolean;
}

/** The items `itemIds` as they are in `doc`, with their aisles: what an Undo puts back. */
export function snapshotItems(doc: GroceriesDocument, itemIds: readonly string[]): RestoredItem[] {
  const items: RestoredItem[] = [];
  for (const id of itemIds) {
    const at = findItem(doc, id);
    if (at && !at.item.isPlaceholder) items.push({ aisleId: at.aisle.id, item: at.item });
  }
  return items;
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
      runWithUndo(action, message, { storeId, itemIds, aisles = [] }) {
        const items = snapshotItems(current(), itemIds);
        try {
          dispatch({ kind: 'groceries', action });
        } catch (error) {
          show(error instanceof Error ? error.message : String(error));
          return false;
        }
        show(message, {
          label: 'Undo',
          onClick: () =>
            dispatch({
              kind: 'groceries',
              action: groceryActions.restoreItems(storeId, { aisles: [...aisles], items }, browserEnv),
            }),
        });
        return true;
      },
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
