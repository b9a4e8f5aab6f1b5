/**
 * Rows that change places glide there instead of jumping (docs/BEHAVIOUR.md §2 "Groceries": a ticked
 * item moves to the end of its aisle). FLIP: each row's place is remembered after every change of
 * order; a row that moved starts from its old place and slides to the new one. Nothing moves for
 * someone who asked for reduced motion, or where the browser cannot animate.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { ROW_ATTR } from './focus';

/** How long a row takes to slide to its new place. */
export const ROW_MOVE_MS = 220;

function reducedMotion(): boolean {
  return (
    typeof window.matchMedia !== 'function' || window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Slides the rows (`[data-row-id]` children) of `list` to their new places whenever `orderKey`
 * changes while `enabled`. The list must be the rows' offset parent (position: relative).
 */
export function useRowMoves(list: RefObject<HTMLElement | null>, orderKey: string, enabled: boolean): void {
  const places = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const element = list.current;
    if (!element || !enabled) {
      places.current = new Map();
      return;
    }
    const rows = Array.from(element.children).filter(
      (child): child is HTMLElement => child instanceof HTMLElement && child.hasAttribute(ROW_ATTR),
    );
    const before = places.current;
    // offsetTop leaves out transforms, so a row still sliding is measured where it will end.
    const after = new Map(rows.map((row) => [row.getAttribute(ROW_ATTR)!, row.offsetTop]));
    places.current = after;
    if (before.size === 0 || reducedMotion()) return;
    for (const row of rows) {
      const from = before.get(row.getAttribute(ROW_ATTR)!);
      const to = after.get(row.getAttribute(ROW_ATTR)!)!;
      if (from === undefined || from === to || typeof row.animate !== 'function') continue;
      row.animate([{ transform: `translateY(${from - to}px)` }, { transform: 'translateY(0)' }], {
        duration: ROW_MOVE_MS,
        easing: 'cubic-bezier(0.2, 0, 0, 1)',
      });
    }
  }, [list, orderKey, enabled]);
}
