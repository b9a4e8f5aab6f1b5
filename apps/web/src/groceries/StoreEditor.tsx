/**
 * The store's own settings while 'Edit Store' is on (docs/BEHAVIOUR.md §4 "Stores and aisles"): its name, and
 * deleting it. Deleting the only store is refused with core's message rather than hidden, so the
 * user learns why; any other store is deleted after a confirmation.
 */
import { LIMITS, groceryActions, type Store } from '@mealplan/core';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../ui';
import { browserEnv } from '../data';
import { useGroceryApi } from './GroceryApi';
import { DeleteIcon } from './icons';
import { groceryMessages, storeLabel } from './messages';

export interface StoreEditorProps {
  store: Store;
  /** More than one store exists. */
  canDelete: boolean;
  /** Focus the name field at once (a store just added has no name yet). */
  autoFocus: boolean;
  onDeleted: () => void;
}

/** Name field and delete button of the store being edited. */
export function StoreEditor({ store, canDelete, autoFocus, onDeleted }: StoreEditorProps) {
  const api = useGroceryApi();
  const inputId = useId();
  const [draft, setDraft] = useState(store.name);
  const [confirming, setConfirming] = useState(false);
  // The latest draft, for the commit when the editor closes ('Save Store') with the field focused.
  const latest = useRef({ draft: store.name, storeId: store.id, name: store.name });

  const commit = (value: string) => {
    const { storeId, name } = latest.current;
    if (value.trim() === name) return;
    latest.current.name = value.trim();
    api.run(groceryActions.renameStore(storeId, value, browserEnv));
  };
  useEffect(
    () => () => {
      const { draft: value, name } = latest.current;
      if (value.trim() !== name)
        api.run(groceryActions.renameStore(latest.current.storeId, value, browserEnv));
    },
    [api],
  );

  const remove = () => {
    if (!canDelete) {
      api.toast(groceryMessages.lastStore);
      return;
    }
    setConfirming(true);
  };

  return (
    <div className="store-editor">
      <div className="field store-name-field">
        <label htmlFor={inputId}>Store name</label>
        <input
          id={inputId}
          value={draft}
          placeholder="e.g. Corner shop"
          maxLength={LIMITS.name}
          autoComplete="off"
          autoFocus={autoFocus}
          onChange={(event) => {
            setDraft(event.target.value);
            latest.current.draft = event.target.value;
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit(draft);
            }
          }}
          onBlur={() => commit(draft)}
        />
      </div>
      <button type="button" className="button danger-outline" onClick={remove}>
        <DeleteIcon width={20} height={20} />
        Delete store
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${storeLabel(store.name)}?`}
        confirmLabel="Delete store"
        danger
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          if (!api.run(groceryActions.removeStore(store.id, browserEnv))) return;
          api.toast(groceryMessages.storeDeleted(storeLabel(store.name)));
          onDeleted();
        }}
      >
        Its aisles and everything on its list go too. This cannot be undone.
      </ConfirmDialog>
    </div>
  );
}
