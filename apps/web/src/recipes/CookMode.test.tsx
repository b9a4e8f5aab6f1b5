// @vitest-environment jsdom
import { ingredientsFromText, ingredientLinesForServings, type Recipe } from '@mealplan/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs, renderPlan } from '../planner/test-utils';
import { CookMode, NO_WAKE_LOCK } from './CookMode';

beforeAll(() => installDomStubs());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  delete (navigator as { wakeLock?: unknown }).wakeLock;
});

const soup: Recipe = {
  id: 'soup',
  name: 'Tomato soup',
  mealType: 'dinner',
  inCookbook: true,
  servings: 4,
  ingredients: ingredientsFromText('Soup:\n2 tbsp olive oil\n1 onion, chopped'),
  instructions: '1. Soften the onion in the oil.\n2. Simmer for 25 minutes.\n3. Blend and serve.',
  createdAt: '2026-01-01T00:00:00.000Z',
  madeOn: [],
  count: 0,
};

function cook(recipe = soup) {
  return renderPlan(
    <CookMode
      recipe={recipe}
      lines={ingredientLinesForServings(recipe, recipe.servings)}
      onClose={vi.fn()}
    />,
  );
}

const stepText = () => screen.getByRole('region', { name: /^Step \d+$/ }).textContent;

describe('cook mode', () => {
  it('shows one step at a time, moved with the buttons and the arrow keys', () => {
    cook();
    expect(stepText()).toBe('Soften the onion in the oil.');
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(stepText()).toMatch(/^Simmer for 25 minutes/);
    fireEvent.keyDown(screen.getByRole('region', { name: 'Step 2' }), { key: 'ArrowRight' });
    expect(stepText()).toBe('Blend and serve.');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(screen.getByRole('region', { name: 'Step 3' }), { key: 'ArrowLeft' });
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
  });

  it('lists the ingredients with boxes to tick, headings without', () => {
    cook();
    const list = screen.getByText('Ingredients').closest('details') as HTMLElement;
    const boxes = within(list).getAllByRole('checkbox');
    expect(boxes).toHaveLength(2);
    expect(within(list).getByText('Soup:').tagName).toBe('LI');
    fireEvent.click(within(list).getByLabelText('1 onion, chopped'));
    expect(within(list).getByLabelText('1 onion, chopped')).toHaveProperty('checked', true);
  });

  it('starts a timer from a duration in a step, which rings when it is over even on another step', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T18:00:00Z') });
    cook();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start 25 min timer' }));
    const timers = screen.getByRole('list', { name: 'Timers' });
    expect(within(timers).getByRole('timer').textContent).toBe('25:00');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    act(() => vi.advanceTimersByTime(10 * 60 * 1000));
    expect(within(timers).getByRole('timer').textContent).toBe('15:00');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => vi.advanceTimersByTime(15 * 60 * 1000));
    expect(screen.getByRole('alert').textContent).toBe('Timer done: 25 min — step 2');
    expect(within(timers).getByRole('timer').textContent).toBe('Done');
    fireEvent.click(within(timers).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the screen awake where it can, and says so where it cannot', async () => {
    const request = vi.fn().mockResolvedValue({ release: vi.fn().mockResolvedValue(undefined) });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    const { unmount } = cook();
    await act(async () => Promise.resolve());
    expect(request).toHaveBeenCalledWith('screen');
    expect(screen.queryByText(NO_WAKE_LOCK)).toBeNull();
    unmount();
    delete (navigator as { wakeLock?: unknown }).wakeLock;
    cook();
    expect(screen.getByText(NO_WAKE_LOCK)).toBeTruthy();
  });
});
