/**
 * An aisle as a card (docs/BEHAVIOUR.md §2): its name and rows. Editing the store turns the header into a name
 * field with a remove button and a move handle; the main aisle keeps its name and cannot be
 * removed (docs/BEHAVIOUR.md §4). The card is a drop target for items dragged from other aisles.
 * In shopping mode ticked items go to the end of the aisle, sliding there (docs/BEHAVIOUR.md §2).
 */
import { useDndContext } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { LIMITS, aisleRows, groceryActions, type Aisle } from '@mealplan/core';
import { memo, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { aisleDragId, dragData, type DragData } from './dnd';
import { browserEnv } from '../data';
import { useRowMoves } from './flip';
import { AISLE_LIST_ATTR } from './focus';
import { useGroceryApi } from './GroceryApi';
import { ConfirmDialog, LockIcon } from '../ui';
import { DeleteIcon, GripIcon, PlusIcon } from './icons';
import { ItemRow } from './ItemRow';
import { aisleLabel, groceryMessages } from './messages';
import { PlaceholderRow } from './PlaceholderRow';
import type { GroceriesMode } from './preferences';
import { ShoppingRow } from './ShoppingRow';
import { inShoppingOrder } from './to-buy';

export interface AisleCardProps {
  aisle: Aisle;
  storeId: string;
  /** The store's main aisle: never renamed or removed. */
  isMain: boolean;
  mainName: string;
  mode: GroceriesMode;
  /** 'Edit Store' is on: rename, remove and reorder aisles. */
  editingStore: boolean;
}

/** One aisle card; memoised, so a change elsewhere in the store leaves it alone. */
export const AisleCard = memo(function AisleCard({
  aisle,
  storeId,
  isMain,
  mainName,
  mode,
  editingStore,
}: AisleCardProps) {
  const headingId = useId();
  const label = aisleLabel(aisle.name);
  const data: DragData = { type: 'aisle', aisleId: aisle.id, name: label };
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
    isOver,
  } = useSortable({
    id: aisleDragId(aisle.id),
    data,
    disabled: { draggable: !editingStore || mode !== 'edit', droppable: mode !== 'edit' },
  });
  const { active } = useDndContext();
  const moving = dragData(active);
  const isTarget = isOver && moving?.type === 'item' && moving.aisleId !== aisle.id;
  const rows = useMemo(
    () => (mode === 'shopping' ? inShoppingOrder(aisleRows(aisle, mode)) : aisleRows(aisle, mode)),
    [aisle, mode],
  );
  const realCount = rows.filter((row) => !row.isPlaceholder).length;
  const list = useRef<HTMLUListElement>(null);
  // The key holds each row's tick too, so the slides know which row changed (see flip.ts).
  useRowMoves(
    list,
    rows.map((row) => `${row.id}${row.isDone ? ' done' : ''}`).join('\n'),
    mode === 'shopping',
  );

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={`aisle${isDragging ? ' is-dragging' : ''}${isTarget ? ' is-target' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {editingStore && mode === 'edit' ? (
        <header className="aisle-header aisle-header--editing">
          <div className="aisle-header-bar">
            <button
              type="button"
              ref={setActivatorNodeRef}
              className="aisle-grip"
              aria-label={`Move aisle ${label}`}
              {...attributes}
              {...listeners}
            >
              <GripIcon width={20} height={20} />
            </button>
            {isMain ? (
              <>
                <h2 id={headingId} className="aisle-title">
                  <span className="aisle-name">{label}</span>
                </h2>
                <span
                  className="aisle-lock"
                  role="img"
                  aria-label="Main aisle: it cannot be renamed or removed"
                  title="Main aisle: it cannot be renamed or removed"
                >
                  <LockIcon width={18} height={18} />
                </span>
              </>
            ) : (
              <>
                <h2 id={headingId} className="visually-hidden">
                  {label}
                </h2>
                <span className="aisle-position" aria-hidden="true">
                  Aisle {aisle.order + 1}
                </span>
                <RemoveAisleButton aisle={aisle} storeId={storeId} mainName={mainName} />
              </>
            )}
          </div>
          {!isMain && <AisleNameField aisle={aisle} storeId={storeId} />}
        </header>
      ) : (
        <header className="aisle-header">
          <h2 id={headingId} className="aisle-title">
            <span className="aisle-name">{label}</span>
            {realCount > 0 && (
              <span className="aisle-count">
                <span className="visually-hidden">, </span>
                {realCount}
                <span className="visually-hidden"> {realCount === 1 ? 'item' : 'items'}</span>
              </span>
            )}
          </h2>
        </header>
      )}
      <ul ref={list} className="aisle-rows" {...{ [AISLE_LIST_ATTR]: '' }}>
        {rows.map((item) =>
          mode === 'shopping' ? (
            <ShoppingRow key={item.id} item={item} />
          ) : item.isPlaceholder ? (
            <PlaceholderRow key={item.id} id={item.id} aisleId={aisle.id} aisleName={label} />
          ) : (
            <ItemRow key={item.id} item={item} aisleId={aisle.id} />
          ),
        )}
      </ul>
    </section>
  );
});

/** The aisle's name while editing the store; committed on Enter or when the field is left. */
function AisleNameField({ aisle, storeId }: { aisle: Aisle; storeId: string }) {
  const api = useGroceryApi();
  const [draft, setDraft] = useState(aisle.name);
  const commit = () => {
    if (draft.trim() !== aisle.name)
      api.run(groceryActions.renameAisle(storeId, aisle.id, draft, browserEnv));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      setDraft(aisle.name);
    }
  };
  return (
    <input
      className="aisle-name-input"
      aria-label="Aisle name"
      placeholder="Aisle name"
      value={draft}
      maxLength={LIMITS.name}
      autoComplete="off"
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={commit}
    />
  );
}

/**
 * Removes an aisle, with Undo (docs/BEHAVIOUR.md "Undo"). An aisle with items asks first where they
 * go: the main aisle unless another is chosen.
 */
function RemoveAisleButton({
  aisle,
  storeId,
  mainName,
}: {
  aisle: Aisle;
  storeId: string;
  mainName: string;
}) {
  const api = useGroceryApi();
  const label = aisleLabel(aisle.name);
  const [asking, setAsking] = useState(false);
  const [target, setTarget] = useState('');
  const selectId = useId();
  const items = aisleRows(aisle, 'shopping');
  const others = asking
    ? Object.values(api.current().stores[storeId]?.aisles ?? {})
        .filter((other) => other.id !== aisle.id)
        .sort((a, b) => a.order - b.order)
    : [];

  const remove = (moveTo?: string) => {
    const toName = others.find((other) => other.id === moveTo)?.name ?? mainName;
    api.runWithUndo(
      groceryActions.removeAisle(storeId, aisle.id, browserEnv, moveTo),
      items.length > 0
        ? groceryMessages.aisleRemoved(label, aisleLabel(toName))
        : groceryMessages.emptyAisleRemoved(label),
      { storeId, itemIds: Object.keys(aisle.ingredients), aisles: [aisle] },
    );
  };
  return (
    <>
      <button
        type="button"
        className="icon-button aisle-remove"
        aria-label={`Remove aisle ${label}`}
        onClick={() => {
          if (items.length === 0) {
            remove();
            return;
          }
          setTarget(api.current().stores[storeId]?.mainAisleId ?? '');
          setAsking(true);
        }}
      >
        <DeleteIcon width={20} height={20} />
      </button>
      <ConfirmDialog
        open={asking}
        title={`Remove aisle ${label}?`}
        confirmLabel="Remove aisle"
        onClose={() => setAsking(false)}
        onConfirm={() => remove(target)}
      >
        <label className="aisle-move-to" htmlFor={selectId}>
          {`Its ${items.length} ${items.length === 1 ? 'item goes' : 'items go'} to`}
        </label>
        <select
          id={selectId}
          className="aisle-move-select"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        >
          {others.map((other) => (
            <option key={other.id} value={other.id}>
              {aisleLabel(other.name)}
            </option>
          ))}
        </select>
      </ConfirmDialog>
    </>
  );
}

/** The 'Aisle' card at the end of the grid while editing the store: names and adds an aisle. */
export function AddAisleCard({ storeId }: { storeId: string }) {
  const api = useGroceryApi();
  const [name, setName] = useState('');
  const inputId = useId();
  return (
    <form
      className="aisle aisle--add"
      aria-label="Add an aisle"
      onSubmit={(event) => {
        event.preventDefault();
        const store = api.current().stores[storeId];
        const count = store ? Object.keys(store.aisles).length : 0;
        const chosen = name.trim() || `Aisle ${count + 1}`;
        if (api.run(groceryActions.addAisle(storeId, chosen, browserEnv))) setName('');
      }}
    >
      <label htmlFor={inputId} className="aisle-add-label">
        New aisle
      </label>
      <input
        id={inputId}
        className="aisle-name-input"
        placeholder="e.g. Produce"
        value={name}
        maxLength={LIMITS.name}
        autoComplete="off"
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" className="button aisle-add-button">
        <PlusIcon width={20} height={20} />
        <span className="visually-hidden">Add</span> Aisle
      </button>
    </form>
  );
}
