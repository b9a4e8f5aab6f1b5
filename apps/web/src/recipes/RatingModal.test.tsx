// @vitest-environment jsdom
import { RATING_CLOSE_MS } from '@mealplan/core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs, recipesDoc, renderPlan } from '../planner/test-utils';
import { ratingCaption, RatingModal } from './RatingModal';

vi.mock('../ui/confetti', () => ({ fireConfetti: vi.fn(async () => {}) }));
const { fireConfetti } = await import('../ui/confetti');

beforeAll(() => installDomStubs());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.mocked(fireConfetti).mockClear();
});

describe('the rating modal', { timeout: 20_000 }, () => {
  it('has a caption for 1 to 5 stars, and Not yet rated for none or a cleared 0', () => {
    expect([undefined, 0, 1, 2, 3, 4, 5].map(ratingCaption)).toEqual([
      'Not yet rated',
      'Not yet rated',
      'Terrible',
      'Fine, but do not make it again',
      'Meh',
      'This is really good!',
      'OMG Yummmmm!',
    ]);
  });

  it('asks how it was, previews captions on hover and rates 5 into the cookbook with confetti', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    const { store } = renderPlan(<RatingModal recipeId="pie" onClose={onClose} />, {
      docs: { recipes: recipesDoc({ id: 'pie', name: 'Apple pie' }) },
    });
    expect(screen.getByRole('dialog', { name: 'Rating for: Apple pie' })).toBeTruthy();
    expect(screen.getByText('How was it?')).toBeTruthy();
    expect(screen.getByText('Not yet rated')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByRole('button', { name: '2 stars' }));
    expect(screen.getByText('Fine, but do not make it again')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '5 stars' }));
    expect(store.get('recipes').doc.recipes.pie).toMatchObject({ rating: 5, inCookbook: true });
    expect(screen.getByText('OMG Yummmmm!')).toBeTruthy();
    expect(fireConfetti).toHaveBeenCalledWith(1_000);
    act(() => vi.advanceTimersByTime(RATING_CLOSE_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('resets to 0 when the same rating is chosen again, without confetti', () => {
    const { store } = renderPlan(<RatingModal recipeId="pie" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc({ id: 'pie', name: 'Apple pie', rating: 3 }) },
    });
    fireEvent.click(screen.getByRole('button', { name: '3 stars' }));
    expect(store.get('recipes').doc.recipes.pie?.rating).toBe(0);
    // A cleared rating is no rating (docs/BEHAVIOUR.md "Rating modal").
    expect(screen.getByText('Not yet rated')).toBeTruthy();
    expect(screen.queryByText('Absolutely terrible')).toBeNull();
    expect(screen.getByRole('button', { name: '3 stars' }).getAttribute('aria-pressed')).toBe('false');
    expect(fireConfetti).not.toHaveBeenCalled();
  });
});
