import {
  CONFETTI_MS,
  RATING_CLOSE_MS,
  isInCookbook,
  recipeActions,
  toDayId,
  type Recipe,
} from '@mealplan/core';
import { useEffect, useRef, useState } from 'react';
import { useDispatch, useDocument } from '../data';
import { useToast } from '../ui';
import { toastRecipeName } from '../shell';
import { fireConfetti } from '../ui';
import { Modal } from '../ui';
import { StarsInput } from './Stars';

/** docs/BEHAVIOUR.md §2 "Rating modal": the caption under the stars for 1 to 5 stars. */
export const RATING_CAPTIONS = [
  'Terrible',
  'Fine, but do not make it again',
  'Meh',
  'This is really good!',
  'OMG Yummmmm!',
] as const;
export const NOT_YET_RATED = 'Not yet rated';

/**
 * The caption for a rating of 1 to 5 stars, else 'Not yet rated': 0 is a cleared rating (clicking
 * the chosen star again), which is no rating, not a worse one (docs/BEHAVIOUR.md §1).
 */
export function ratingCaption(rating: number | undefined): string {
  return rating ? (RATING_CAPTIONS[rating - 1] ?? NOT_YET_RATED) : NOT_YET_RATED;
}

/** What a rating choice does: the new rating, and whether it celebrates (above 3) or moves it to the cookbook. */
export function rateOutcome(
  recipe: Recipe,
  chosen: number,
): { rating: number; confetti: boolean; toCookbook: boolean } {
  // docs/BEHAVIOUR.md §4: the same rating again resets it to 0.
  const rating = recipe.rating === chosen ? 0 : chosen;
  // A recipe already on the Cookbook's shelf (moved there, or made) is not 'added' again.
  const onShelf = isInCookbook(recipe, toDayId(new Date()));
  return { rating, confetti: rating > 3, toCookbook: rating > 3 && !onShelf };
}

/**
 * 'Rating for: {recipe}' (docs/BEHAVIOUR.md §2): 'How was it?', five stars and a caption. It closes 1.5 s after a
 * choice; a rating above 3 shows a second of confetti and puts a Test Kitchen recipe in the cookbook.
 */
export function RatingModal({ recipeId, onClose }: { recipeId: string; onClose: () => void }) {
  const { doc } = useDocument('recipes');
  const dispatch = useDispatch();
  const toast = useToast();
  const recipe = doc.recipes[recipeId];
  const [preview, setPreview] = useState<number | undefined>();
  const [chosen, setChosen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  if (!recipe) return null;
  const rate = (value: number) => {
    if (chosen) return;
    const outcome = rateOutcome(recipe, value);
    dispatch({ kind: 'recipes', action: recipeActions.setRating(recipe.id, outcome.rating) });
    if (outcome.toCookbook) toast.show(`Added "${toastRecipeName(recipe.name)}" to your cookbook`);
    if (outcome.confetti) void fireConfetti(CONFETTI_MS);
    setChosen(true);
    setPreview(undefined);
    closeTimer.current = window.setTimeout(onClose, RATING_CLOSE_MS);
  };

  return (
    <Modal open onClose={onClose} title={`Rating for: ${recipe.name}`} className="rating-modal">
      <div className="rating-body">
        <p className="rating-prompt">How was it?</p>
        <StarsInput
          rating={recipe.rating}
          onRate={rate}
          onPreview={chosen ? undefined : setPreview}
          disabled={chosen}
          size={40}
          label={`Rating for ${recipe.name}`}
        />
        <p className="rating-caption" aria-live="polite">
          {ratingCaption(preview ?? recipe.rating)}
        </p>
      </div>
    </Modal>
  );
}
