// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { groceryActions, isItemVisible } from '@mealplan/core';
import { describe, expect, it, vi } from 'vitest';
import { FOCUS_NEXT_DELAY_MS } from './focus';
import {
  addItem,
  aisleCard,
  buildGroceries,
  itemId,
  onItem,
  renderGroceries,
  rowTexts,
  toastText,
  useGroceriesTestSetup,
} from './testing.test-helpers';

describe('Groceries page, edit mode: items', () => {
  useGroceriesTestSetup();

  it('turns a named placeholder into an item with quantity 1 and keeps two blank rows', async () => {
    const user = userEvent.setup();
    const page = renderGroceries();
    const blanks = within(aisleCard('Main')).getAllByRole('textbox', { name: 'New item in Main' });
    expect(blanks).toHaveLength(2);

    await user.type(blanks[0]!, 'Milk{Enter}');

    expect(within(aisleCard('Main')).getByRole('button', { name: 'Milk' })).toBeTruthy();
    expect(within(aisleCard('Main')).getAllByRole('textbox', { name: 'New item in Main' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Quantity of Milk: 1' })).toBeTruthy();
    const milk =
      page.doc().stores['default-store']!.aisles[page.doc().stores['default-store']!.mainAisleId]!
        .ingredients[itemId(page.doc(), 'Milk')]!;
    expect(milk).toMatchObject({ qty: 1, isPlaceholder: false });
  });

  it('adds a placeholder on blur and on Tab too, but not a blank one', async () => {
    const user = userEvent.setup();
    const page = renderGroceries();
    const [first] = screen.getAllByRole('textbox', { name: 'New item in Main' });
    await user.type(first!, 'Bread');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Bread' })).toBeTruthy();
    await user.click(screen.getAllByRole('textbox', { name: 'New item in Main' })[0]!);
    await user.tab();
    expect(page.dispatched).toHaveLength(1);
  });

  it('after Enter, gives the focus to the first blank row 200 ms later, to keep typing', async () => {
    const user = userEvent.setup();
    renderGroceries();
    const [, second] = screen.getAllByRole('textbox', { name: 'New item in Main' });
    await user.type(second!, 'Eggs{Enter}');
    const [first] = screen.getAllByRole('textbox', { name: 'New item in Main' });
    await waitFor(() => expect(document.activeElement).toBe(first));
    await user.keyboard('Flour{Enter}');
    expect(rowTexts(aisleCard('Main')).filter((text) => /Eggs|Flour/.test(text))).toHaveLength(2);
  });

  it('leaves the focus where the user put it within the 200 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderGroceries(buildGroceries(addItem('Milk')));
    await user.type(screen.getAllByRole('textbox', { name: 'New item in Main' })[0]!, 'Tea{Enter}');
    await user.click(screen.getByRole('button', { name: 'Quantity of Milk: 1' }));
    // The moment the delayed focus would have moved: it must not take the focus back.
    await act(() => vi.advanceTimersByTimeAsync(FOCUS_NEXT_DELAY_MS));
    vi.useRealTimers();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Quantity of Milk: 1' }));
    expect(screen.getByRole('button', { name: 'Increase Milk' })).toBeTruthy();
  });

  it('edits a name on click and commits a changed name on Enter, moving on to the next row', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(buildGroceries(addItem('Apples'), addItem('Milk')));
    await user.click(screen.getByRole('button', { name: 'Apples' }));
    const field = screen.getByRole('textbox', { name: 'Name of Apples' });
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'Green apples{Enter}');

    expect(screen.getByRole('button', { name: 'Green apples' })).toBeTruthy();
    expect(page.dispatched.map(({ action }) => action.type)).toEqual(['RENAME_ITEM']);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Milk' })));
  });

  it('does not dispatch when a name is left unchanged, and Escape cancels', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(buildGroceries(addItem('Milk')));
    await user.click(screen.getByRole('button', { name: 'Milk' }));
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Milk' }));
    await user.type(screen.getByRole('textbox', { name: 'Name of Milk' }), 'shake{Escape}');
    expect(screen.getByRole('button', { name: 'Milk' })).toBeTruthy();
    expect(page.dispatched).toEqual([]);
  });

  it('commits a name edit on blur; clearing the name hides the item', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(buildGroceries(addItem('Milk'), addItem('Salt')));
    await user.click(screen.getByRole('button', { name: 'Salt' }));
    await user.clear(screen.getByRole('textbox', { name: 'Name of Salt' }));
    await user.click(document.body);
    expect(screen.queryByRole('button', { name: 'Salt' })).toBeNull();
    expect(page.doc().hash).not.toBe('');
    const salt = Object.values(page.doc().stores['default-store']!.aisles)
      .flatMap((aisle) => Object.values(aisle.ingredients))
      .find((item) => !item.isPlaceholder && item.name === '');
    expect(salt && isItemVisible(salt)).toBe(false);
  });

  it('opens minus and plus from the quantity button; minus at 1 takes the item off the list', async () => {
    const user = userEvent.setup();
    renderGroceries(buildGroceries(addItem('Milk')));
    const quantity = screen.getByRole('button', { name: 'Quantity of Milk: 1' });
    expect(quantity.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Increase Milk' })).toBeNull();

    await user.click(quantity);
    expect(quantity.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Increase Milk' }));
    await user.click(screen.getByRole('button', { name: 'Increase Milk' }));
    expect(screen.getByRole('button', { name: 'Quantity of Milk: 3' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Decrease Milk' }));
    await user.click(screen.getByRole('button', { name: 'Decrease Milk' }));
    await user.click(screen.getByRole('button', { name: 'Decrease Milk' }));
    expect(screen.queryByRole('button', { name: 'Milk' })).toBeNull();
  });

  it('closes the minus and plus with Escape', async () => {
    const user = userEvent.setup();
    renderGroceries(buildGroceries(addItem('Milk')));
    await user.click(screen.getByRole('button', { name: 'Quantity of Milk: 1' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Increase Milk' })).toBeNull();
  });

  it('shows quantity plus linked recipes as the count, at least 1', () => {
    renderGroceries(
      buildGroceries(
        addItem('Milk'),
        onItem('Milk', (id, env) => groceryActions.incrementItem(id, env)),
        (doc, env) => groceryActions.addRecipeIngredient(undefined, 'milk', 'recipe-1', env),
        (doc, env) => groceryActions.addRecipeIngredient(undefined, 'Basil', 'recipe-1', env),
      ),
    );
    expect(screen.getByRole('button', { name: 'Quantity of Milk: 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quantity of Basil: 1' })).toBeTruthy();
    expect(within(aisleCard('Main')).getAllByRole('img', { name: 'For 1 recipe' })).toHaveLength(2);
  });

  it('pins and unpins with a message each way', async () => {
    const user = userEvent.setup();
    renderGroceries(buildGroceries(addItem('Coffee')));
    const pin = screen.getByRole('button', { name: 'Pin Coffee' });
    expect(pin.getAttribute('aria-pressed')).toBe('false');
    await user.click(pin);
    expect(pin.getAttribute('aria-pressed')).toBe('true');
    expect(toastText()).toContain('Pinned Coffee');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.click(pin);
    expect(pin.getAttribute('aria-pressed')).toBe('false');
    expect(toastText()).toContain('Unpinned Coffee');
  });

  it('merges an item typed again under the same name, and says so', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(buildGroceries(addItem('Milk')));
    await user.type(screen.getAllByRole('textbox', { name: 'New item in Main' })[0]!, ' milk {Enter}');
    expect(screen.getAllByRole('button', { name: /^milk$/i })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Quantity of milk: 2' })).toBeTruthy();
    expect(toastText()).toContain('milk was already on the list: merged');
    expect(page.dispatched).toHaveLength(1);
  });
});
