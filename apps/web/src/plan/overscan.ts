import { startTransition, useEffect, useState } from 'react';

/** Calls `then` once the frame after this moment has been painted. */
function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A timer set from an animation frame runs after that frame is painted.
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          timer = setTimeout(then, 0);
        })
      : undefined;
  if (frame === undefined) timer = setTimeout(then, 0);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * The overscan of a virtualised list (rows drawn beyond the view): none until the list has been
 * painted once, then `overscan`, drawn in a background render. A list's first render is part of
 * the page's, which is painted only once all of it is done: the rows in view come first, the rows
 * kept ready for scrolling a frame later (docs/ARCHITECTURE.md "Large accounts").
 */
export function useOverscanAfterPaint(overscan: number): number {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [painted]);
  return painted ? overscan : 0;
}
