/**
 * /groceries (docs/BEHAVIOUR.md §2 "Groceries page"): the grocery list by store and aisle, in edit mode or
 * shopping mode. Everything goes through core's grocery actions and the data layer, so a change
 * shows at once, is kept on the device and reaches the server when it can.
 */
import {
  activeStore,
  aisleRows,
  groceryActions,
  sortedAisles,
  sortedStores,
  type Store,
} from '@mealplan/core';
import { lazy, Suspense, useDeferredValue, useId, useState } from 'react';
import { storeLimitOf, useCurrentUser } from '../account';
import { browserEnv, useDocument } from '../data';
import { GROCERIES_HINT, GroceriesListSkeleton } from '../shell';
import { useHideFooter } from '../ui';
import { AisleBoard } from './AisleBoard';
import { GroceryApiProvider, useCreateGroceryApi } from './GroceryApi';
import { PrintList } from './PrintList';
import { groceryMessages, storeLabel } from './messages';
import { useActiveStoreId, useGroceriesMode } from './preferences';
import { StoreEditor } from './StoreEditor';
import { StoreTabs, storeTabId } from './StoreTabs';
import { StoreToolbar } from './StoreToolbar';
import './groceries.css';
import './aisles.css';
import './rows.css';

const ShopDaysDialog = lazy(() => import('./ShopDaysDialog').then((m) => ({ default: m.ShopDaysDialog })));

/** The route's page: the signed-in user's plan decides how many stores may be added. */
export function GroceriesRoute() {
  const { user } = useCurrentUser();
  return <GroceriesPage storeLimit={storeLimitOf(user)} />;
}

/** The Groceries page; `storeLimit` is the number of stores the account's plan allows. */
export function GroceriesPage({ storeLimit }: { storeLimit: number }) {
  const api = useCreateGroceryApi();
  const { doc, loaded } = useFirstLoadDeferred(useDocument('groceries'));
  const [mode, setMode] = useGroceriesMode();
  const [storedId, setStoredId] = useActiveStoreId();
  // Which store 'Edit Store' is on for, and whether it was just added (its name field takes focus).
  const [editing, setEditing] = useState<{ storeId: string; isNew: boolean } | null>(null);
  const panelId = useId();
  const [shoppingDays, setShoppingDays] = useState(false);

  const stores = sortedStores(doc);
  const store = activeStore(doc, storedId);
  const editingStore = !!store && mode === 'edit' && editing?.storeId === store.id;
  // The footer waits for the list: drawn under the loading line, it would be pushed down (CLS).
  useHideFooter(!loaded || !store);

  const addStore = () => {
    if (stores.length >= storeLimit) {
      api.toast(groceryMessages.storeLimit(storeLimit));
      return;
    }
    const action = groceryActions.addStore(browserEnv);
    if (!api.run(action)) return;
    setStoredId(action.storeId);
    setMode('edit');
    setEditing({ storeId: action.storeId, isNew: true });
  };

  return (
    <GroceryApiProvider api={api}>
      <div className={`groceries groceries--${mode}`}>
        <header className="groceries-head">
          <h1>Groceries</h1>
          <button type="button" className="button small shop-days-open" onClick={() => setShoppingDays(true)}>
            Shop these days
          </button>
        </header>
        {shoppingDays && (
          <Suspense fallback={null}>
            <ShopDaysDialog open onClose={() => setShoppingDays(false)} />
          </Suspense>
        )}
        {!loaded || !store ? (
          // The shell's tabs, toolbar, hint and rows (shell/PageSkeleton.tsx) until the stored copy
          // is read: what the prerendered shell drew stays where it was.
          <GroceriesListSkeleton mode={mode} />
        ) : (
          <>
            <StoreTabs
              stores={stores}
              activeId={store.id}
              panelId={panelId}
              onSelect={setStoredId}
              onAdd={addStore}
            />
            <div role="tabpanel" id={panelId} aria-labelledby={storeTabId(store.id)} className="store-panel">
              <StoreToolbar
                store={store}
                mode={mode}
                onModeChange={setMode}
                editingStore={editingStore}
                onEditingStoreChange={(on) => setEditing(on ? { storeId: store.id, isNew: false } : null)}
              />
              {editingStore && (
                <StoreEditor
                  key={store.id}
                  store={store}
                  canDelete={stores.length > 1}
                  autoFocus={!!editing?.isNew}
                  onDeleted={() => setEditing(null)}
                />
              )}
              {mode === 'edit' && !editingStore && <p className="groceries-hint">{GROCERIES_HINT}</p>}
              {mode === 'shopping' && isEmpty(store) ? (
                <div className="groceries-empty">
                  <p className="groceries-empty-title">Nothing to buy at {storeLabel(store.name)}.</p>
                  <p>Switch to Edit to add items, or tick ingredients in a recipe.</p>
                </div>
              ) : (
                <AisleBoard store={store} mode={mode} editingStore={editingStore} />
              )}
            </div>
            <PrintList store={store} />
          </>
        )}
      </div>
    </GroceryApiProvider>
  );
}

/**
 * The grocery list's document as drawn. Its first loaded copy is drawn in a background render
 * (`useDeferredValue`), which React splits into short tasks while the skeleton stays on screen, so
 * replacing the shell with the whole list does not block the page for one long task
 * (bench/README.md "lighthouse"). From then on every change is drawn at once: a row being typed
 * into never waits for a background render.
 */
function useFirstLoadDeferred<T extends { loaded: boolean }>(state: T): T {
  const deferred = useDeferredValue(state);
  const [drawn, setDrawn] = useState(false);
  // Set while rendering the loaded copy, so that render and every later one draw `state`.
  if (!drawn && deferred.loaded) setDrawn(true);
  return drawn || deferred.loaded ? state : deferred;
}

function isEmpty(store: Store): boolean {
  return sortedAisles(store).every((aisle) => aisleRows(aisle, 'shopping').length === 0);
}
