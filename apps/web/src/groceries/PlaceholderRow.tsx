/**
 * A blank row at the end of an aisle in edit mode (docs/BEHAVIOUR.md §4: two per aisle). Typing a name and
 * pressing Enter, Tab or leaving the field adds it as an item with quantity 1; the row is blank
 * again and, after Enter, the first blank row of the aisle takes the focus 200 ms later, so a
 * whole list can be typed without touching the mouse.
 */
import { LIMITS, groceryActions } from '@mealplan/core';
import { memo, useState, type KeyboardEvent } from 'react';
import { browserEnv } from '../data';
import { ROW_ATTR, ROW_FOCUS_ATTR, firstPlaceholderId, focusRowLater } from './focus';
import { useGroceryApi } from './GroceryApi';
import { PlusIcon } from './icons';
import { storeOfAisle, visibleNamesake } from './lookup';
import { aisleLabel, groceryMessages } from './messages';

/** A placeholder row of `aisleId`; its draft stays local, so typing re-renders only this row. */
export const PlaceholderRow = memo(function PlaceholderRow({
  id,
  aisleId,
  aisleName,
}: {
  id: string;
  aisleId: string;
  aisleName: string;
}) {
  const api = useGroceryApi();
  const [draft, setDraft] = useState('');

  const add = () => {
    const name = draft.trim();
    setDraft('');
    if (name === '') return;
    // Whether the user sees this name on the list: typing it again then means one more of it; if
    // not, and a co-planner added it meanwhile, the replay keeps one (docs/SYNC.md).
    const seen = Boolean(visibleNamesake(storeOfAisle(api.current(), aisleId), name));
    if (seen) api.toast(groceryMessages.merged(name));
    api.run(groceryActions.addItem(aisleId, name, browserEnv, seen));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (draft.trim() === '') return;
      add();
      focusRowLater(event.currentTarget, firstPlaceholderId(event.currentTarget));
    } else if (event.key === 'Escape') {
      setDraft('');
    }
  };

  return (
    <li {...{ [ROW_ATTR]: id, 'data-placeholder': '' }} className="grocery-row grocery-row--blank">
      <span className="row-blank-icon" aria-hidden="true">
        <PlusIcon width={18} height={18} />
      </span>
      <input
        className="row-input row-input--blank"
        aria-label={`New item in ${aisleLabel(aisleName)}`}
        placeholder="Add item"
        value={draft}
        maxLength={LIMITS.name}
        autoComplete="off"
        enterKeyHint="next"
        {...{ [ROW_FOCUS_ATTR]: '' }}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
      />
    </li>
  );
});
