/**
 * The bar above the aisles: the edit / shopping toggle (docs/BEHAVIOUR.md §2, remembered locally), 'Share' and
 * 'Print', then in edit mode 'Edit Store' / 'Save Store', in shopping mode how many items are left and in the
 * cart, and 'Empty List'.
 */
import { aisleRows, groceryActions, sortedAisles, type Store } from '@mealplan/core';
import { useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../ui';
import { browserEnv } from '../data';
import { useGroceryApi } from './GroceryApi';
import { ListActions } from './ListActions';
import { DoneIcon, EditIcon, EmptyCartIcon } from './icons';
import { groceryMessages, storeLabel } from './messages';
import type { GroceriesMode } from './preferences';

export interface StoreToolbarProps {
  store: Store;
  mode: GroceriesMode;
  onModeChange: (mode: GroceriesMode) => void;
  editingStore: boolean;
  onEditingStoreChange: (editing: boolean) => void;
}

/** Mode toggle and the store's actions. */
export function StoreToolbar({
  store,
  mode,
  onModeChange,
  editingStore,
  onEditingStoreChange,
}: StoreToolbarProps) {
  return (
    <div className="store-toolbar">
      <ModeSwitch mode={mode} onChange={onModeChange} />
      <ListActions storeId={store.id} />
      <div className="store-toolbar-actions">
        {mode === 'edit' ? (
          <button
            type="button"
            className={`button${editingStore ? ' primary' : ''}`}
            onClick={() => onEditingStoreChange(!editingStore)}
          >
            {editingStore ? <DoneIcon width={20} height={20} /> : <EditIcon width={20} height={20} />}
            {editingStore ? 'Save Store' : 'Edit Store'}
          </button>
        ) : (
          <ShoppingActions store={store} />
        )}
      </div>
    </div>
  );
}

/** Two radio buttons drawn as one segmented switch: native, so arrow keys work for free. */
function ModeSwitch({ mode, onChange }: { mode: GroceriesMode; onChange: (mode: GroceriesMode) => void }) {
  const name = useId();
  return (
    <fieldset className="mode-switch">
      <legend className="visually-hidden">Mode</legend>
      {(['edit', 'shopping'] as const).map((value) => (
        <label key={value} className={`mode-option${mode === value ? ' is-checked' : ''}`}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={mode === value}
            onChange={() => onChange(value)}
          />
          {value === 'edit' ? 'Edit' : 'Shopping'}
        </label>
      ))}
    </fieldset>
  );
}

/** How many items are left and how many ticked (docs/BEHAVIOUR.md §2), and 'Empty List' behind a confirmation. */
function ShoppingActions({ store }: { store: Store }) {
  const api = useGroceryApi();
  const [confirming, setConfirming] = useState(false);
  const { done, total } = useMemo(() => {
    const items = sortedAisles(store).flatMap((aisle) => aisleRows(aisle, 'shopping'));
    return { done: items.filter((item) => item.isDone).length, total: items.length };
  }, [store]);

  return (
    <>
      {total > 0 && (
        <p className="cart-progress">
          <span className="shop-left">{total - done} left</span>
          <span aria-hidden="true"> · </span>
          <span>
            <strong>{done}</strong> of {total} in the cart
          </span>
        </p>
      )}
      <button type="button" className="button" onClick={() => setConfirming(true)}>
        <EmptyCartIcon width={20} height={20} />
        Empty List
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Empty the ${storeLabel(store.name)} list?`}
        confirmLabel="Empty List"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          const itemIds = sortedAisles(store).flatMap((aisle) => Object.keys(aisle.ingredients));
          api.runWithUndo(groceryActions.emptyList(store.id, browserEnv), groceryMessages.emptied, {
            storeId: store.id,
            itemIds,
          });
        }}
      >
        Everything comes off the list except pinned items, which stay with at least 1. Ticks and recipe links
        are cleared too.
      </ConfirmDialog>
    </>
  );
}
