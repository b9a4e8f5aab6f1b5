/**
 * One tab per store plus the add-store tab (docs/BEHAVIOUR.md §2). The tabs follow the WAI-ARIA tabs pattern:
 * one tab stop, arrow keys (and Home / End) move between stores. Adding a store is an action, not
 * a tab, so it is a button after the tab list that looks like one more tab.
 */
import type { Store } from '@mealplan/core';
import type { KeyboardEvent } from 'react';
import { PlusIcon } from './icons';
import { storeLabel } from './messages';

/** The DOM id of a store's tab (the tab panel is labelled by it). */
export const storeTabId = (storeId: string): string => `store-tab-${storeId}`;

export interface StoreTabsProps {
  stores: Store[];
  activeId: string | undefined;
  panelId: string;
  onSelect: (storeId: string) => void;
  onAdd: () => void;
}

/** The store tabs and the add-store tab. */
export function StoreTabs({ stores, activeId, panelId, onSelect, onAdd }: StoreTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = stores.findIndex((store) => store.id === activeId);
    const last = stores.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % stores.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + stores.length) % stores.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const store = stores[next];
    if (next < 0 || !store) return;
    event.preventDefault();
    onSelect(store.id);
    document.getElementById(storeTabId(store.id))?.focus();
  };

  return (
    <div className="store-tabs">
      <div role="tablist" aria-label="Stores" className="store-tablist" onKeyDown={onKeyDown}>
        {stores.map((store) => {
          const selected = store.id === activeId;
          return (
            <button
              key={store.id}
              type="button"
              role="tab"
              id={storeTabId(store.id)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              className={`store-tab${store.name.trim() ? '' : ' is-unnamed'}`}
              onClick={() => onSelect(store.id)}
            >
              {storeLabel(store.name)}
            </button>
          );
        })}
      </div>
      <button type="button" className="store-tab store-tab--add" onClick={onAdd}>
        <PlusIcon width={20} height={20} />
        <span className="visually-hidden">Add</span> Store
      </button>
    </div>
  );
}
