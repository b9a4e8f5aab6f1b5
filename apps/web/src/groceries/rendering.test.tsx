// @vitest-environment jsdom
/**
 * The page must stay quick with a long list: a change to one item re-renders that item's row, not
 * every row. Each row computes its count once per render, so the calls are a render counter.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as core from '@mealplan/core';
import { describe, expect, it, vi } from 'vitest';
import {
  addAisle,
  addItem,
  buildGroceries,
  renderGroceries,
  useGroceriesTestSetup,
} from './testing.test-helpers';

vi.mock('@mealplan/core', async (importOriginal) => {
  const actual = await importOriginal<typeof core>();
  return { ...actual, displayedCount: vi.fn(actual.displayedCount) };
});

const rendered = () => vi.mocked(core.displayedCount).mock.calls.map(([item]) => item.name);

describe('Groceries page rendering', () => {
  useGroceriesTestSetup();

  it('re-renders only the changed row when an item changes', async () => {
    const user = userEvent.setup();
    renderGroceries(
      buildGroceries(
        addAisle('Dairy'),
        addItem('Milk', 'Dairy'),
        addItem('Butter', 'Dairy'),
        ...Array.from({ length: 20 }, (_, i) => addItem(`Item ${i}`)),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Quantity of Milk: 1' }));
    vi.mocked(core.displayedCount).mockClear();

    await user.click(screen.getByRole('button', { name: 'Increase Milk' }));

    expect(screen.getByRole('button', { name: 'Quantity of Milk: 2' })).toBeTruthy();
    expect(new Set(rendered())).toEqual(new Set(['Milk']));
  });

  it('re-renders no row while a new item is being typed', async () => {
    const user = userEvent.setup();
    renderGroceries(buildGroceries(addItem('Milk'), addItem('Eggs')));
    vi.mocked(core.displayedCount).mockClear();
    await user.type(screen.getAllByRole('textbox', { name: 'New item in Main' })[0]!, 'Sugar');
    expect(rendered()).toEqual([]);
  });

  it('re-renders only the ticked row in shopping mode', async () => {
    const user = userEvent.setup();
    renderGroceries(buildGroceries(addItem('Milk'), addItem('Eggs'), addItem('Flour')));
    await user.click(screen.getByRole('radio', { name: 'Shopping' }));
    vi.mocked(core.displayedCount).mockClear();
    await user.click(screen.getByRole('checkbox', { name: /^Eggs/ }));
    expect(new Set(rendered())).toEqual(new Set(['Eggs']));
  });
});
