/**
 * One item of an aisle in edit mode (docs/BEHAVIOUR.md §2 "Groceries page", §4 "Grocery items"): its quantity
 * button (opens minus and plus), its name button (click to edit; commit on Enter, Tab or blur when
 * changed, then the next row takes the focus after 200 ms), its pin button, and a move handle.
 * A long press anywhere on the row (or the handle with the keyboard) drags it to another aisle.
 */
import { useDraggable } from '@dnd-kit/core';
import { LIMITS, groceryActions, itemQuantityText, type GroceryIngredient } from '@mealplan/core';
import {
  memo,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type KeyboardEventHandler,
} from 'react';
import { MenuBookIcon } from '../ui';
import { itemDragId, type DragData } from './dnd';
import { browserEnv } from '../data';
import { ROW_ATTR, ROW_FOCUS_ATTR, focusRowLater, nextRowId } from './focus';
import { useGroceryApi } from './GroceryApi';
import { GripIcon, MinusIcon, PinIcon, PinOutlinedIcon, PlusIcon } from './icons';
import { storeOfItem, visibleNamesake } from './lookup';
import { groceryMessages } from './messages';

/** An item row of edit mode; re-renders only when its own item changes. */
export const ItemRow = memo(function ItemRow({
  item,
  aisleId,
}: {
  item: GroceryIngredient;
  aisleId: string;
}) {
  const [editing, setEditing] = useState(false);
  const data: DragData = { type: 'item', itemId: item.id, aisleId, name: item.name };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: itemDragId(item.id),
    data,
    disabled: editing,
  });
  // The keyboard starts a drag from the handle only; a press or long touch works anywhere.
  const { onKeyDown, ...pressListeners } = listeners ?? {};
  const onHandleKeyDown = onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined;
  const recipes = item.recipeIds.length;

  return (
    <li
      ref={setNodeRef}
      {...{ [ROW_ATTR]: item.id }}
      className={`grocery-row${isDragging ? ' is-dragging' : ''}${item.isPinned ? ' is-pinned' : ''}`}
      {...pressListeners}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="row-grip"
        aria-label={`Move ${item.name}`}
        {...attributes}
        onKeyDown={onHandleKeyDown}
      >
        <GripIcon width={18} height={18} />
      </button>
      <Quantity item={item} />
      <ItemName item={item} editing={editing} setEditing={setEditing} />
      {recipes > 0 && !editing && (
        <span
          className="row-recipes"
          role="img"
          aria-label={`For ${recipes} ${recipes === 1 ? 'recipe' : 'recipes'}`}
          title={`For ${recipes} ${recipes === 1 ? 'recipe' : 'recipes'}`}
        >
          <MenuBookIcon width={16} height={16} />
        </span>
      )}
      <PinButton item={item} />
    </li>
  );
});

/** The count button; it opens a minus and a plus beside it until the focus or a tap leaves. */
function Quantity({ item }: { item: GroceryIngredient }) {
  const api = useGroceryApi();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const stepperId = useId();
  const count = itemQuantityText(item);

  useEffect(() => {
    if (!open) return;
    // Mobile Safari does not focus buttons on tap, so a tap elsewhere is watched for directly.
    const onPointerDown = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      ref={box}
      className={`qty${open ? ' is-open' : ''}`}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget) {
          setOpen(false);
        }
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
        box.current?.querySelector<HTMLButtonElement>('.qty-toggle')?.focus();
      }}
    >
      <button
        type="button"
        className={`qty-toggle${/\D/.test(count) ? ' qty-toggle--measured' : ''}`}
        title={count}
        aria-label={`Quantity of ${item.name}: ${count}`}
        aria-expanded={open}
        aria-controls={stepperId}
        onClick={() => setOpen((value) => !value)}
      >
        {count}
      </button>
      <div
        id={stepperId}
        role="group"
        aria-label={`Change quantity of ${item.name}`}
        className="qty-stepper"
        hidden={!open}
      >
        <button
          type="button"
          className="qty-step"
          aria-label={`Decrease ${item.name}`}
          onClick={() => api.run(groceryActions.decrementItem(item.id, browserEnv))}
        >
          <MinusIcon width={20} height={20} />
        </button>
        <button
          type="button"
          className="qty-step"
          aria-label={`Increase ${item.name}`}
          onClick={() => api.run(groceryActions.incrementItem(item.id, browserEnv))}
        >
          <PlusIcon width={20} height={20} />
        </button>
      </div>
    </div>
  );
}

/** The name: a button that turns into a text field when clicked. */
function ItemName({
  item,
  editing,
  setEditing,
}: {
  item: GroceryIngredient;
  editing: boolean;
  setEditing: (editing: boolean) => void;
}) {
  const api = useGroceryApi();
  const [draft, setDraft] = useState(item.name);
  const done = useRef(false);
  const button = useRef<HTMLButtonElement>(null);

  const start = () => {
    done.current = false;
    setDraft(item.name);
    setEditing(true);
  };
  /** Commits once per edit, and only a changed name (docs/BEHAVIOUR.md §4). */
  const commit = () => {
    if (done.current) return;
    done.current = true;
    setEditing(false);
    const name = draft.trim();
    if (name === item.name) return;
    const doc = api.current();
    const store = storeOfItem(doc, item.id);
    if (name === '' && store) {
      // A cleared name takes the item off the list, with Undo (docs/BEHAVIOUR.md "Undo").
      api.runWithUndo(
        groceryActions.renameItem(item.id, name, browserEnv),
        groceryMessages.itemRemoved(item.name),
        {
          storeId: store.id,
          itemIds: [item.id],
        },
      );
      return;
    }
    if (visibleNamesake(store, name, item.id)) api.toast(groceryMessages.merged(name));
    api.run(groceryActions.renameItem(item.id, name, browserEnv));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const next = nextRowId(event.currentTarget);
      commit();
      focusRowLater(event.currentTarget, next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      done.current = true;
      setEditing(false);
      requestAnimationFrame(() => button.current?.focus());
    }
  };

  if (!editing) {
    return (
      <button
        ref={button}
        type="button"
        className="row-name"
        title="Edit name"
        {...{ [ROW_FOCUS_ATTR]: '' }}
        onClick={start}
      >
        {item.name}
      </button>
    );
  }
  return (
    <input
      className="row-input"
      aria-label={`Name of ${item.name}`}
      value={draft}
      maxLength={LIMITS.name}
      autoFocus
      autoComplete="off"
      enterKeyHint="next"
      {...{ [ROW_FOCUS_ATTR]: '' }}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={commit}
    />
  );
}

/** Pins an item so Empty List keeps it (docs/BEHAVIOUR.md §4), with a toast saying which way it went. */
function PinButton({ item }: { item: GroceryIngredient }) {
  const api = useGroceryApi();
  const toggle = () => {
    if (!api.run(groceryActions.setPin(item.id, !item.isPinned, browserEnv))) return;
    api.toast(item.isPinned ? groceryMessages.unpinned(item.name) : groceryMessages.pinned(item.name));
  };
  return (
    <button
      type="button"
      className="row-pin"
      aria-label={`Pin ${item.name}`}
      aria-pressed={item.isPinned}
      title={item.isPinned ? 'Pinned: stays after Empty List' : 'Pin: keep after Empty List'}
      onClick={toggle}
    >
      {item.isPinned ? <PinIcon width={20} height={20} /> : <PinOutlinedIcon width={20} height={20} />}
    </button>
  );
}
