/**
 * The print view of the active store's list (docs/BEHAVIOUR.md §2 "Groceries"): what is left to buy,
 * by aisle, with an empty box to tick before each item. It is hidden on screen (and from screen
 * readers); print.css prints it alone, in columns, instead of the page.
 */
import type { Store } from '@mealplan/core';
import { memo, useMemo } from 'react';
import { listToBuy } from './to-buy';
import './print.css';

/** The printed list of `store`; re-rendered only when the store changes. */
export const PrintList = memo(function PrintList({ store }: { store: Store }) {
  const list = useMemo(() => listToBuy(store), [store]);
  const count = list.aisles.reduce((sum, aisle) => sum + aisle.items.length, 0);
  return (
    <div className="grocery-print" hidden>
      <header className="print-head">
        <h1>{list.store}</h1>
        <p>
          {count} {count === 1 ? 'item' : 'items'}
        </p>
      </header>
      {count === 0 ? (
        <p>Nothing left to buy.</p>
      ) : (
        <div className="print-aisles">
          {list.aisles.map((aisle) => (
            <section key={aisle.id} className="print-aisle">
              <h2>{aisle.name}</h2>
              <ul>
                {aisle.items.map((item) => (
                  <li key={item.id}>
                    <span className="print-box" />
                    <span className="print-name">{item.name}</span>
                    <span className="print-qty">{item.quantity}</span>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
});
