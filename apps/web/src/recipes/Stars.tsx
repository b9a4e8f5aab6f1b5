import { RATING_MAX } from '@mealplan/core';
import { useState } from 'react';
import { StarIcon } from '../plan';
import { ratingLabel, starPaths } from './star-paths';

const STARS = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/**
 * Five stars showing a rating, for lists and rows; read out as one image. One SVG with a path for
 * the lit stars and one for the rest: the lists show a hundred of these at a time while scrolling,
 * and one SVG costs the browser far less to lay out and paint than five.
 */
export function StarsDisplay({ rating, size = 16 }: { rating: number | undefined; size?: number }) {
  const paths = starPaths(rating);
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
