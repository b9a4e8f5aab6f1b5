// @vitest-environment jsdom
/**
 * The list in the shop (docs/BEHAVIOUR.md §2 "Groceries"): ticked items go to the end of their aisle and
 * come back when unticked, and 'N left' follows.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_STORE_ID, groceryActions } from '@mealplan/core';
import { describe, expect, it } from 'vitest';
import {
  addAisle,
  addItem,
  aisleCard,
  buildGroceries,
  onItem,
  renderGroceries,
  rowTexts,
  useGroceriesTestSetup,
} from './testing.test-helpers';

/** Produce (Apples ×3, Bananas, Carrots) and Dairy (Milk); the store is called Corner shop. */
const weekly = () =>
  buildGroceries(
    (_doc, env) => groceryActions.renameStore(DEFAULT_STORE_ID, 'Corner shop', env),
    addAisle('Produce'),
    addAisle('Dairy'),
    addItem('Carrots', 'Produce'),
    addItem('Bananas', 'Produce'),
    addItem('Apples', 'Produce'),
    onItem('Apples', (id, env) => groceryActions.incrementItem(id, env)),
    onItem('Apples', (id, env) => groceryActions.incrementItem(id, env)),
    addItem('Milk', 'Dairy'),
  );

/** Renders the list in shopping mode. */
async function shopping() {
  const user = userEvent.setup();
  const page = renderGroceries(weekly());
  await user.click(screen.getByRole('radio', { name: 'Shopping' }));
  return { user, page };
}

const box = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name},`) });

describe('Groceries page: the shop floor', () => {
  useGroceriesTestSetup();

  it('moves a ticked item to the end of its aisle, and back to its place when unticked', async () => {
    const { user } = await shopping();
    const produce = aisleCard('Produce');
    expect(rowTexts(produce)).toEqual(['Apples, 3', 'Bananas, 1', 'Carrots, 1']);
    expect(screen.getByText('4 left')).toBeTruthy();

    // With the keyboard, as a screen reader user would: the focus stays on the item that moved.
    box('Apples').focus();
    await user.keyboard(' ');
    expect(rowTexts(produce)).toEqual(['Bananas, 1', 'Carrots, 1', 'Apples, 3']);
    expect(box('Apples')).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(box('Apples'));
    expect(screen.getByText('3 left')).toBeTruthy();
    expect(screen.getByText(/in the cart/).textContent).toBe('1 of 4 in the cart');

    await user.click(box('Bananas'));
    expect(rowTexts(produce)).toEqual(['Carrots, 1', 'Apples, 3', 'Bananas, 1']);
    expect(screen.getByText('2 left')).toBeTruthy();

    await user.click(box('Apples'));
    expect(rowTexts(produce)).toEqual(['Apples, 3', 'Carrots, 1', 'Bananas, 1']);
    await user.click(box('Bananas'));
    expect(rowTexts(produce)).toEqual(['Apples, 3', 'Bananas, 1', 'Carrots, 1']);
    expect(screen.getByText('4 left')).toBeTruthy();
    // Other aisles are left alone.
    expect(rowTexts(aisleCard('Dairy'))).toEqual(['Milk, 1']);
  });

  it('keeps a long name whole for screen readers and as the row tooltip', async () => {
    const user = userEvent.setup();
    const name = 'Extra virgin olive oil, the big tin with the green label, or two small ones';
    renderGroceries(buildGroceries(addItem(name)));
    await user.click(screen.getByRole('radio', { name: 'Shopping' }));
    const checkbox = screen.getByRole('checkbox', {
      name: (accessible) => accessible.startsWith(`${name},`),
    });
    expect(checkbox.closest('label')?.getAttribute('title')).toBe(name);
  });
});
