/**
 * The star rating as text and SVG paths, without React: the stars of a row (Stars.tsx) and of the
 * agenda's first paint (agenda/first-paint.ts) are drawn from these.
 */
import { RATING_MAX } from '@mealplan/core';

/** How a rating is read out: 'Rated 4 of 5' or 'Not yet rated'. */
export function ratingLabel(rating: number | undefined): string {
  // 0 is a cleared rating: no rating (docs/BEHAVIOUR.md §1).
  return rating ? `Rated ${rating} of ${RATING_MAX}` : 'Not yet rated';
}

/** The corners of the star icon (the Material star, 24 x 24). */
const STAR_POINTS = [
  [12, 17.27],
  [18.18, 21],
  [16.54, 13.97],
  [22, 9.24],
  [14.81, 8.63],
  [12, 2],
  [9.19, 8.63],
  [2, 9.24],
  [7.46, 13.97],
  [5.82, 21],
] as const;

/** The path of stars `from` to `to` (1-based, inclusive) side by side, 24 units apart. */
function starsPath(from: number, to: number): string {
  let d = '';
  for (let star = from; star <= to; star++) {
    const dx = (star - 1) * 24;
    d += `M${STAR_POINTS.map(([x, y]) => `${+(x + dx).toFixed(2)} ${y}`).join('L')}Z`;
  }
  return d;
}

/** The lit and unlit stars' paths for each rating 0 to 5, computed once. */
const DISPLAY_PATHS = Array.from({ length: RATING_MAX + 1 }, (_, on) => ({
  on: starsPath(1, on),
  off: starsPath(on + 1, RATING_MAX),
}));

/** The lit and unlit stars' paths of `rating`, rounded to a whole star (none for no rating). */
export function starPaths(rating: number | undefined): { on: string; off: string } {
  return DISPLAY_PATHS[Math.max(0, Math.min(RATING_MAX, Math.round(rating ?? 0)))]!;
}
