/**
 * Moving the caret on after an item name is committed with Enter (docs/BEHAVIOUR.md §4: "a focus-next delay of
 * 200 ms applies"). The delay lets the change render first: a named placeholder turns into an item
 * row above the blank rows, and the row to focus may only exist, or only be blank again, by then.
 */

/** docs/BEHAVIOUR.md §4: how long after a commit the next row takes the focus. */
export const FOCUS_NEXT_DELAY_MS = 200;

/** Attribute on each row's `<li>`, holding the row's item id. */
export const ROW_ATTR = 'data-row-id';
/** Attribute on the control of a row that takes the focus (name button or input). */
export const ROW_FOCUS_ATTR = 'data-row-focus';
/** Attribute on an aisle's list of rows. */
export const AISLE_LIST_ATTR = 'data-aisle-list';

/** The id of the row after the one `element` sits in, if any. */
export function nextRowId(element: Element): string | undefined {
  const row = element.closest(`[${ROW_ATTR}]`);
  return row?.nextElementSibling?.getAttribute(ROW_ATTR) ?? undefined;
}

/** The id of the first blank row (placeholder) of the aisle `element` sits in. */
export function firstPlaceholderId(element: Element): string | undefined {
  const list = element.closest(`[${AISLE_LIST_ATTR}]`);
  return list?.querySelector(`[${ROW_ATTR}][data-placeholder]`)?.getAttribute(ROW_ATTR) ?? undefined;
}

/**
 * After the delay, focuses row `rowId` of the aisle list `element` sits in. Nothing happens if the
 * row is gone by then, or if the user has already put the focus somewhere else (a quick tap on a
 * quantity button must keep it).
 */
export function focusRowLater(element: Element, rowId: string | undefined): void {
  const list = element.closest(`[${AISLE_LIST_ATTR}]`);
  if (!list || !rowId) return;
  const focusedBefore = document.activeElement;
  window.setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== focusedBefore && active !== document.body) return;
    const target = list.querySelector<HTMLElement>(`[${ROW_ATTR}="${rowId}"] [${ROW_FOCUS_ATTR}]`);
    target?.focus();
  }, FOCUS_NEXT_DELAY_MS);
}
