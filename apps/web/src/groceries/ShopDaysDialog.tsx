/**
 * 'Shop these days' (docs/BEHAVIOUR.md "Shop these days"): choose the days, review every ingredient
 * of the recipes planned on them (merged, with amounts, by the aisle each goes to; staples start
 * unticked), and put the ticked ones on the active store's list in one action, with Undo. Opened
 * from the Groceries page and from the agenda.
 */
import {
  addDays,
  findByName,
  groceryActions,
  nameKey,
  shopDaysReview,
  activeStore,
  toDayId,
  type GroceryShare,
  type ShopDaysLine,
} from '@mealplan/core';
import { useId, useMemo, useState } from 'react';
import { browserEnv, useDispatch, useDocument, useReadDocument } from '../data';
import { longDate, useStoredChoice } from '../plan';
import { Modal, useToast } from '../ui';
import { storeLabel } from './messages';
import { readActiveStoreId } from './preferences';
import './shop-days.css';

/** How many days the sheet covers, remembered: today and the next six by default. */
const SPANS = Array.from({ length: 31 }, (_, index) => String(index + 1));
export const SHOP_DAYS_KEY = 'shopDaysSpan';

/** Whether a line is on the list already from these very days (adding it again changes nothing). */
function alreadyListed(line: ShopDaysLine, onList: { recipeId: string; dayId?: string }[] | undefined) {
  return (
    !!onList &&
    line.shares.every((share) =>
      onList.some((have) => have.recipeId === share.recipeId && have.dayId === share.dayId),
    )
  );
}

export function ShopDaysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <ShopDaysSheet onClose={onClose} /> : null;
}

function ShopDaysSheet({ onClose }: { onClose: () => void }) {
  const { doc: agenda } = useDocument('agenda');
  const { doc: recipes } = useDocument('recipes');
  const { doc: groceries } = useDocument('groceries');
  const readGroceries = useReadDocument('groceries');
  const dispatch = useDispatch();
  const toast = useToast();
  const baseId = useId();
  const today = toDayId(new Date());
  const [span, setSpan] = useStoredChoice(SHOP_DAYS_KEY, SPANS, '7');
  const [from, setFrom] = useState(today);
  const to = addDays(from, Number(span) - 1);
  // Ticks the user changed; every other line is ticked unless it is a staple.
  const [ticks, setTicks] = useState<Record<string, boolean>>({});

  const store = activeStore(groceries, readActiveStoreId());
  const review = useMemo(
    () => (store ? shopDaysReview(agenda, recipes, groceries, store, from, to) : undefined),
    [agenda, recipes, groceries, store, from, to],
  );
  const lines = review?.aisles.flatMap((aisle) => aisle.lines) ?? [];
  // What each name already has on the list, found in one pass over the store.
  const listed = useMemo(() => {
    const shares = new Map<string, GroceryShare[] | undefined>();
    for (const aisle of Object.values(store?.aisles ?? {})) {
      for (const item of Object.values(aisle.ingredients)) {
        if (!item.isPlaceholder) shares.set(nameKey(item.name), item.shares);
      }
    }
    return shares;
  }, [store]);
  const isTicked = (line: ShopDaysLine) => ticks[line.key] ?? !line.staple;
  const chosen = lines.filter(isTicked);

  const setTo = (value: string) => {
    if (!value || value < from) return;
    const days = Math.round((Date.parse(value) - Date.parse(from)) / 86_400_000) + 1;
    setSpan(String(Math.min(31, Math.max(1, days))));
  };

  const add = () => {
    const current = activeStore(readGroceries(), readActiveStoreId());
    if (!current || chosen.length === 0) return;
    // What an Undo puts back: the items these names had before, and the items this makes.
    const before = chosen
      .map((line) => findByName(current, line.name))
      .filter((found) => found !== undefined)
      .map((found) => ({ aisleId: found.aisle.id, item: found.item }));
    const action = groceryActions.addPlannedIngredients(
      current.id,
      chosen.map((line) => ({ name: line.name, shares: line.shares })),
      browserEnv,
    );
    const made = action.items.filter((item) => !findByName(current, item.name)).map((item) => item.itemId);
    dispatch({ kind: 'groceries', action });
    onClose();
    const count = chosen.length;
    toast.show(`Added ${count} ${count === 1 ? 'item' : 'items'} to ${storeLabel(current.name)}`, {
      label: 'Undo',
      onClick: () =>
        dispatch({
          kind: 'groceries',
          action: groceryActions.restoreItems(current.id, { items: before, removeItemIds: made }, browserEnv),
        }),
    });
  };

  const footer = (
    <>
      <button type="button" className="button" onClick={onClose}>
        Cancel
      </button>
      <button type="button" className="button primary" disabled={chosen.length === 0} onClick={add}>
        Add {chosen.length} {chosen.length === 1 ? 'item' : 'items'}
      </button>
    </>
  );

  return (
    <Modal open onClose={onClose} title="Shop these days" className="shop-days" footer={footer}>
      <div className="shop-days-range">
        <label>
          <span>From</span>
          <input
            type="date"
            value={from}
            required
            onChange={(event) => event.target.value && setFrom(event.target.value)}
          />
        </label>
        <label>
          <span>To</span>
          <input type="date" value={to} min={from} required onChange={(event) => setTo(event.target.value)} />
        </label>
      </div>
      <p className="shop-days-summary" role="status">
        {!review || review.plannedRecipes === 0
          ? `Nothing is planned from ${longDate(from)} to ${longDate(to)}. Quick recipes and notes have no ingredients to add.`
          : `${lines.length} ${lines.length === 1 ? 'ingredient' : 'ingredients'} from ${review.plannedRecipes} planned ${
              review.plannedRecipes === 1 ? 'recipe' : 'recipes'
            }, for ${storeLabel(store?.name ?? '')}.`}
      </p>
      {review?.aisles.map((aisle) => (
        <section key={aisle.id} className="shop-days-aisle" aria-labelledby={`${baseId}-${aisle.id}`}>
          <h3 id={`${baseId}-${aisle.id}`}>{aisle.name}</h3>
          <ul>
            {aisle.lines.map((line) => {
              const id = `${baseId}-${line.key}`;
              const onList = alreadyListed(line, listed.get(nameKey(line.name)));
              return (
                <li key={line.key} className={`shop-days-line${line.staple ? ' is-staple' : ''}`}>
                  <input
                    id={id}
                    type="checkbox"
                    checked={isTicked(line)}
                    onChange={(event) => setTicks((t) => ({ ...t, [line.key]: event.target.checked }))}
                  />
                  <label htmlFor={id}>
                    <span className="shop-days-name">{line.name}</span>
                    <span className="shop-days-qty">{line.quantity}</span>
                    <span className="shop-days-for">
                      {onList ? 'On the list · ' : ''}for {line.recipes.join(', ')}
                    </span>
                  </label>
                  <button
                    type="button"
                    className="shop-days-staple"
                    aria-pressed={line.staple}
                    aria-label={`Usually have ${line.name}`}
                    title="Usually have: left unticked next time"
                    onClick={() => {
                      dispatch({
                        kind: 'groceries',
                        action: groceryActions.setStaple(line.name, !line.staple, browserEnv),
                      });
                      setTicks((t) => ({ ...t, [line.key]: line.staple }));
                    }}
                  >
                    Usually have
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </Modal>
  );
}
