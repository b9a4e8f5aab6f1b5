// @vitest-environment jsdom
/**
 * The list in the shop (docs/BEHAVIOUR.md §2 "Groceries"): ticked items go to the end of their aisle and
 * come back when unticked, 'N left' follows, and the list is shared as text or printed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_STORE_ID, groceryActions } from '@mealplan/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  addAisle,
  addItem,
  aisleCard,
  buildGroceries,
  onItem,
  renderGroceries,
  rowTexts,
  toastText,
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

const LIST_WITHOUT_BANANAS = [
  'Corner shop',
  '',
  'Produce',
  '- Apples (3)',
  '- Carrots (1)',
  '',
  'Dairy',
  '- Milk (1)',
].join('\n');

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

describe('Groceries page: share and print', () => {
  useGroceriesTestSetup();
  afterEach(() => {
    delete (navigator as { share?: unknown }).share;
  });

  it('shares what is left through the share sheet where the browser has one', async () => {
    const { user } = await shopping();
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const copy = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(box('Bananas'));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({ title: 'Corner shop', text: LIST_WITHOUT_BANANAS });
    expect(copy).not.toHaveBeenCalled();
  });

  it('copies the list to the clipboard where there is no share sheet, and says so', async () => {
    const { user } = await shopping();
    await user.click(box('Bananas'));
    // The edit mode shares the same list: what is not ticked.
    await user.click(screen.getByRole('radio', { name: 'Edit' }));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await screen.findByText('List copied to the clipboard');
    expect(toastText()).toContain('List copied to the clipboard');
    expect(await navigator.clipboard.readText()).toBe(LIST_WITHOUT_BANANAS);
  });

  it('shows the text to copy by hand when the clipboard refuses too', async () => {
    const { user } = await shopping();
    await user.click(box('Bananas'));
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('no', 'NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Copy the list' });
    const text = within(dialog).getByRole('textbox', { name: 'The list' });
    expect((text as HTMLTextAreaElement).value).toBe(LIST_WITHOUT_BANANAS);
    expect(document.activeElement).toBe(text);
    expect(screen.queryByText('List copied to the clipboard')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('prints with the browser; the print view has what is left by aisle, a box before each item', async () => {
    const { user, page } = await shopping();
    await user.click(box('Bananas'));
    await user.click(box('Milk'));
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);

    // Hidden on screen and from screen readers; print.css shows it when printing.
    const view = document.querySelector<HTMLElement>('.grocery-print')!;
    expect(view.hidden).toBe(true);
    const hidden = { hidden: true };
    expect(within(view).getByRole('heading', { level: 1, ...hidden }).textContent).toBe('Corner shop');
    expect(
      within(view)
        .getAllByRole('heading', { level: 2, ...hidden })
        .map((heading) => heading.textContent),
    ).toEqual(['Produce']);
    const items = within(view).getAllByRole('listitem', hidden);
    expect(items.map((item) => item.textContent)).toEqual(['Apples3', 'Carrots1']);
    expect(items.every((item) => item.firstElementChild?.className === 'print-box')).toBe(true);

    // It follows the list: unticking brings an item back.
    await user.click(box('Milk'));
    expect(within(view).getAllByRole('heading', { level: 2, ...hidden })).toHaveLength(2);
    expect(page.doc().stores[DEFAULT_STORE_ID]).toBeTruthy();
  });
});
