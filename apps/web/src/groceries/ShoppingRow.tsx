/**
 * One item in shopping mode (docs/BEHAVIOUR.md §2): a checkbox the whole row's width, struck through when done.
 * The count stays in view, since in the shop it is what matters next to the name. A long name is cut
 * after two lines; the checkbox's name and the row's tooltip keep it whole.
 */
import { groceryActions, itemQuantityText, type GroceryIngredient } from '@mealplan/core';
import { memo, useLayoutEffect, useRef } from 'react';
import { browserEnv } from '../data';
import { ROW_ATTR } from './focus';
import { useGroceryApi } from './GroceryApi';

/** A shopping row; ticking it sets the item's done flag to what the box now shows. */
export const ShoppingRow = memo(function ShoppingRow({ item }: { item: GroceryIngredient }) {
  const api = useGroceryApi();
  const count = itemQuantityText(item);
  const box = useRef<HTMLInputElement>(null);
  const hadFocus = useRef(false);
  // A ticked row moves to the end of its aisle, and the browser takes the focus from an element it
  // moves: the box gets it back, so the keyboard stays where it was (and Space unticks).
  useLayoutEffect(() => {
    if (!hadFocus.current) return;
    hadFocus.current = false;
    if (box.current && document.activeElement !== box.current) box.current.focus({ preventScroll: true });
  }, [item.isDone]);

  return (
    <li {...{ [ROW_ATTR]: item.id }} className={`shop-row${item.isDone ? ' is-done' : ''}`}>
      <label className="shop-item" title={item.name}>
        <input
          ref={box}
          type="checkbox"
          className="shop-check"
          checked={item.isDone}
          onChange={(event) => {
            hadFocus.current = document.activeElement === event.currentTarget;
            api.run(groceryActions.setDone(item.id, event.currentTarget.checked, browserEnv));
          }}
        />
        <span className="shop-name">{item.name}</span>
        <span className="shop-count">
          <span className="visually-hidden">, </span>
          {count}
        </span>
      </label>
    </li>
  );
});
