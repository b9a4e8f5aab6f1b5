/**
 * Rows that change places glide there instead of jumping (docs/BEHAVIOUR.md §2 "Groceries": a ticked
 * item moves to the end of its aisle). FLIP: each row's place is remembered after every change of
 * order; a row that moved starts from its old place and slides to the new one. Nothing moves for
 * someone who asked for reduced motion, or where the browser cannot animate.
 *
 * The row whose state changed (its class: ticked or unticked) slides past the others, which only make
 * room. It takes no taps while it slides: a shopper ticking the next item at once, where it was,
 * would otherwise hit the ticked row passing over it and untick it. The tap goes to the row beneath,
 * the one the shopper saw there.
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

/** Lets taps through `row` until it has no slide left running (a later slide may follow this one). */
function passThrough(row: HTMLElement): void {
  row.style.pointerEvents = 'none';
  const settle = () => {
    const sliding = row
      .getAnimations()
      .filter((slide) => slide.playState !== 'finished' && slide.playState !== 'idle');
    if (sliding.length === 0) row.style.pointerEvents = '';
    else void Promise.allSettled(sliding.map((slide) => slide.finished)).then(settle);
  };
  settle();
}

/**
 * Slides the rows (`[data-row-id]` children) of `list` to their new places whenever `orderKey`
 * changes while `enabled`. The list must be the rows' offset parent (position: relative). The key
 * should change with each row's state as well as the order, so a row's class is taken fresh.
 */
export function useRowMoves(list: RefObject<HTMLElement | null>, orderKey: string, enabled: boolean): void {
  const places = useRef(new Map<string, { top: number; state: string }>());
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
    const after = new Map(
      rows.map((row) => [row.getAttribute(ROW_ATTR)!, { top: row.offsetTop, state: row.className }]),
    );
    places.current = after;
    if (before.size === 0 || reducedMotion()) return;
    for (const row of rows) {
      const was = before.get(row.getAttribute(ROW_ATTR)!);
      const now = after.get(row.getAttribute(ROW_ATTR)!)!;
      if (was === undefined || was.top === now.top || typeof row.animate !== 'function') continue;
      const [from, to] = [was.top, now.top];
      row.animate([{ transform: `translateY(${from - to}px)` }, { transform: 'translateY(0)' }], {
        duration: ROW_MOVE_MS,
        easing: 'cubic-bezier(0.2, 0, 0, 1)',
      });
      if (was.state !== now.state) passThrough(row);
    }
  }, [list, orderKey, enabled]);
}
