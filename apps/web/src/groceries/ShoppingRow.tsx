/**
 * One item in shopping mode (docs/BEHAVIOUR.md §2): a checkbox the whole row's width, struck through when done.
 * The count stays in view, since in the shop it is what matters next to the name.
 */
import { groceryActions, itemQuantityText, type GroceryIngredient } from '@mealplan/core';
import { memo } from 'react';
import { browserEnv } from '../data';
import { ROW_ATTR } from './focus';
import { useGroceryApi } from './GroceryApi';

/** A shopping row; ticking it sets the item's done flag to what the box now shows. */
export const ShoppingRow = memo(function ShoppingRow({ item }: { item: GroceryIngredient }) {
  const api = useGroceryApi();
  const count = itemQuantityText(item);
  return (
    <li {...{ [ROW_ATTR]: item.id }} className={`shop-row${item.isDone ? ' is-done' : ''}`}>
      <label className="shop-item">
        <input
          type="checkbox"
          className="shop-check"
          checked={item.isDone}
          onChange={(event) =>
            api.run(groceryActions.setDone(item.id, event.currentTarget.checked, browserEnv))
          }
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
