import { RATING_MAX } from '@mealplan/core';
import { useState } from 'react';
import { StarIcon } from '../plan';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

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

/**
 * Five stars showing a rating, for lists and rows; read out as one image. One SVG with a path for
 * the lit stars and one for the rest: the lists show a hundred of these at a time while scrolling,
 * and one SVG costs the browser far less to lay out and paint than five.
 */
export function StarsDisplay({ rating, size = 16 }: { rating: number | undefined; size?: number }) {
  const paths = DISPLAY_PATHS[Math.max(0, Math.min(RATING_MAX, Math.round(rating ?? 0)))]!;
  return (
    <span className="stars stars--display" role="img" aria-label={ratingLabel(rating)}>
      <svg
        viewBox={`0 0 ${24 * RATING_MAX} 24`}
        width={size * RATING_MAX}
        height={size}
        aria-hidden="true"
        focusable="false"
      >
        {paths.on && <path className="star star--on" fill="currentColor" d={paths.on} />}
        {paths.off && <path className="star" fill="currentColor" d={paths.off} />}
      </svg>
    </span>
  );
}

/**
 * Five star buttons ('1 star' … '5 stars'); the pressed one is the current rating. Hovering
 * previews a value through `onPreview` (the rating modal's caption follows it). Disabled stars
 * show the rating and ignore clicks (another user's recipe, docs/BEHAVIOUR.md §6).
 */
export function StarsInput({
  rating,
  onRate,
  onPreview,
  disabled = false,
  size = 28,
  label = 'Rating',
}: {
  rating: number | undefined;
  onRate: (rating: number) => void;
  onPreview?: (rating: number | undefined) => void;
  disabled?: boolean;
  size?: number;
  label?: string;
}) {
  const [hover, setHover] = useState<number | undefined>();
  const shown = hover ?? rating ?? 0;
  const preview = (value: number | undefined) => {
    setHover(value);
    onPreview?.(value);
  };
  return (
    <div
      className="stars stars--input"
      role="group"
      aria-label={label}
      onMouseLeave={() => preview(undefined)}
    >
      {STARS.map((star) => (
        <button
          key={star}
          type="button"
          className="star-button"
          aria-label={star === 1 ? '1 star' : `${star} stars`}
          aria-pressed={rating === star}
          disabled={disabled}
          onMouseEnter={() => !disabled && preview(star)}
          onFocus={() => !disabled && preview(star)}
          onBlur={() => preview(undefined)}
          onClick={() => onRate(star)}
        >
          {/* One element per star whose colour changes: swapping elements under a pressed mouse
              would lose the click. */}
          <StarIcon width={size} height={size} className={star <= shown ? 'star star--on' : 'star'} />
        </button>
      ))}
    </div>
  );
}
