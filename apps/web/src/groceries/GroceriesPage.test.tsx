// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_STORE_ID, groceryActions, sortedAisles, type ActionEnv } from '@mealplan/core';
import { describe, expect, it } from 'vitest';
import { MODE_KEY, STORE_KEY } from './preferences';
import {
  addAisle,
  addItem,
  aisleCard,
  buildGroceries,
  onItem,
  renderGroceries,
  toastText,
  useGroceriesTestSetup,
} from './testing.test-helpers';

const twoStores = () =>
  buildGroceries(
    addAisle('Dairy'),
    addItem('Milk', 'Dairy'),
    (_doc, env) => ({ ...groceryActions.addStore(env), storeId: 'market', mainAisleId: 'market-main' }),
    (_doc, env) => groceryActions.renameStore('market', 'Market', env),
  );

describe('Groceries page: modes', () => {
  useGroceriesTestSetup();

  it('hides placeholders and empty aisles in shopping mode, and ticks items done', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(
      buildGroceries(addAisle('Dairy'), addAisle('Bakery'), addItem('Milk', 'Dairy')),
    );
    expect(screen.getAllByRole('region')).toHaveLength(3);

    await user.click(screen.getByRole('radio', { name: 'Shopping' }));

    expect(
      screen.getAllByRole('region').map((region) => within(region).getByRole('heading').textContent),
    ).toEqual(['Dairy, 1 item']);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    const milk = screen.getByRole('checkbox', { name: /^Milk/ });
    expect(milk).toHaveProperty('checked', false);
    await user.click(milk);
    expect(milk).toHaveProperty('checked', true);
    expect(milk.closest('li')?.className).toContain('is-done');
    expect(screen.getByText(/in the cart/).textContent).toBe('1 of 1 in the cart');
    expect(page.dispatched.at(-1)?.action).toMatchObject({ type: 'SET_DONE', isDone: true });
    await user.click(milk);
    expect(milk).toHaveProperty('checked', false);
    expect(page.dispatched.at(-1)?.action).toMatchObject({ type: 'SET_DONE', isDone: false });
  });

  it('says there is nothing to buy when every aisle is empty', async () => {
    const user = userEvent.setup();
    renderGroceries();
    await user.click(screen.getByRole('radio', { name: 'Shopping' }));
    expect(screen.getByText('Nothing to buy at My store.')).toBeTruthy();
  });

  it('Empty List keeps pinned items (at least 1), clears the rest, ticks and links, pushed at once', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(
      buildGroceries(
        addItem('Coffee'),
        addItem('Milk'),
        onItem('Coffee', (id, env) => groceryActions.setPin(id, true, env)),
        onItem('Coffee', (id, env) => groceryActions.setDone(id, true, env)),
        (_doc, env) => groceryActions.addRecipeIngredient(undefined, 'Salt', 'r1', env),
        onItem('Salt', (id, env) => groceryActions.setPin(id, true, env)),
      ),
    );
    await user.click(screen.getByRole('radio', { name: 'Shopping' }));
    await user.click(screen.getByRole('button', { name: 'Empty List' }));
    const dialog = screen.getByRole('dialog', { name: 'Empty the My store list?' });
    await user.click(within(dialog).getByRole('button', { name: 'Empty List' }));

    const names = screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent);
    expect(names).toEqual(['Coffee, 1', 'Salt, 1']);
    expect(screen.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true);
    const action = page.dispatched.at(-1)?.action;
    expect(action).toMatchObject({ type: 'EMPTY_LIST', storeId: DEFAULT_STORE_ID, pushNow: true });
    expect(toastText()).toContain('List emptied. Pinned items stay.');

    // Undo puts every item back as it was: counts, ticks and recipe links.
    await user.click(
      within(screen.getByText('List emptied. Pinned items stay.').closest('.toast')!).getByRole('button', {
        name: 'Undo',
      }),
    );
    const back = screen
      .getAllByRole('checkbox')
      .map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]);
    expect(back).toEqual([
      ['Milk, 1', false],
      ['Salt, 1', false],
      ['Coffee, 1', true],
    ]);
  });

  it('a cleared name takes the item off the list, and Undo brings it back', async () => {
    const user = userEvent.setup();
    renderGroceries(
      buildGroceries(
        addItem('Coffee'),
        onItem('Coffee', (id, env) => groceryActions.incrementItem(id, env)),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Coffee' }));
    await user.clear(screen.getByRole('textbox', { name: 'Name of Coffee' }));
    await user.keyboard('{Enter}');
    expect(within(aisleCard('Main')).queryByRole('button', { name: 'Coffee' })).toBeNull();
    await user.click(
      within(screen.getByText(/^Removed Coffee from the list/).closest('.toast')!).getByRole('button', {
        name: 'Undo',
      }),
    );
    expect(within(aisleCard('Main')).getByRole('button', { name: 'Quantity of Coffee: 2' })).toBeTruthy();
  });

  it('remembers the mode and the active store across visits', async () => {
    const user = userEvent.setup();
    const first = renderGroceries(twoStores());
    expect(screen.getByRole('tab', { name: 'My store' }).getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Market' }));
    await user.click(screen.getByRole('radio', { name: 'Shopping' }));
    expect(window.localStorage.getItem(STORE_KEY)).toBe('market');
    expect(window.localStorage.getItem(MODE_KEY)).toBe('shopping');
    first.unmount();

    renderGroceries(twoStores());
    expect(screen.getByRole('tab', { name: 'Market' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Shopping' })).toHaveProperty('checked', true);
    expect(screen.getByRole('tabpanel', { name: 'Market' })).toBeTruthy();
  });

  it('falls back to the first store when the remembered one is gone', () => {
    window.localStorage.setItem(STORE_KEY, 'deleted-meanwhile');
    renderGroceries(twoStores());
    expect(screen.getByRole('tab', { name: 'My store' }).getAttribute('aria-selected')).toBe('true');
  });

  it('moves between store tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderGroceries(twoStores());
    await user.click(screen.getByRole('tab', { name: 'My store' }));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Market' }));
    expect(screen.getByRole('tab', { name: 'Market' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('Groceries page: stores and aisles', () => {
  useGroceriesTestSetup();

  it('adds a store: empty name, a Main aisle, store editing on with the name field focused', async () => {
    const user = userEvent.setup();
    const page = renderGroceries();
    await user.click(screen.getByRole('button', { name: 'Add Store' }));

    expect(screen.getByRole('tab', { name: 'New store' }).getAttribute('aria-selected')).toBe('true');
    const name = screen.getByRole('textbox', { name: 'Store name' });
    expect(document.activeElement).toBe(name);
    expect(screen.getByRole('button', { name: 'Save Store' })).toBeTruthy();
    expect(aisleCard('Main')).toBeTruthy();
    await user.type(name, 'Farmers market');
    await user.click(screen.getByRole('button', { name: 'Save Store' }));
    expect(screen.getByRole('tab', { name: 'Farmers market' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Store' })).toBeTruthy();
    expect(Object.keys(page.doc().stores)).toHaveLength(2);
  });

  it('on the free plan /api/me tells, refuses a second store with a clear message', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(undefined, 'free');
    await user.click(screen.getByRole('button', { name: 'Add Store' }));
    expect(toastText()).toContain('Your plan allows up to 1 grocery store');
    expect(toastText()).not.toContain('stores');
    expect(screen.getAllByRole('tab')).toHaveLength(1);
    expect(page.dispatched).toEqual([]);
  });

  it('on the pro plan, adds stores up to 10, then refuses the eleventh', async () => {
    const user = userEvent.setup();
    const nine = Array.from(
      { length: 8 },
      () => (_doc: unknown, env: ActionEnv) => groceryActions.addStore(env),
    );
    const page = renderGroceries(buildGroceries(...nine), 'pro');
    expect(screen.getAllByRole('tab')).toHaveLength(9);
    await user.click(screen.getByRole('button', { name: 'Add Store' }));
    expect(screen.getAllByRole('tab')).toHaveLength(10);
    const sent = page.dispatched.length;
    await user.click(screen.getByRole('button', { name: 'Add Store' }));
    expect(toastText()).toContain('Your plan allows up to 10 grocery stores');
    expect(screen.getAllByRole('tab')).toHaveLength(10);
    expect(page.dispatched).toHaveLength(sent);
  });

  it('refuses to delete the last store, saying why', async () => {
    const user = userEvent.setup();
    renderGroceries();
    await user.click(screen.getByRole('button', { name: 'Edit Store' }));
    await user.click(screen.getByRole('button', { name: 'Delete store' }));
    expect(toastText()).toContain('Cannot remove the last store');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('tab', { name: 'My store' })).toBeTruthy();
  });

  it('deletes another store after confirming, showing the first store again', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(twoStores());
    await user.click(screen.getByRole('tab', { name: 'Market' }));
    await user.click(screen.getByRole('button', { name: 'Edit Store' }));
    await user.click(screen.getByRole('button', { name: 'Delete store' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete store' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['My store']);
    expect(page.doc().stores.market).toBeUndefined();
    expect(toastText()).toContain('Deleted Market');
  });

  it('keeps the main aisle: no rename field and no remove button for it', async () => {
    const user = userEvent.setup();
    renderGroceries(buildGroceries(addAisle('Dairy')));
    await user.click(screen.getByRole('button', { name: 'Edit Store' }));
    const main = aisleCard('Main');
    expect(within(main).queryByRole('textbox', { name: 'Aisle name' })).toBeNull();
    expect(within(main).queryByRole('button', { name: /Remove aisle/ })).toBeNull();
    expect(within(main).getByRole('img', { name: /cannot be renamed or removed/ })).toBeTruthy();
    expect(within(aisleCard('Dairy')).getByRole('textbox', { name: 'Aisle name' })).toBeTruthy();
  });

  it('adds aisles from the Aisle card, renames one, removes one with renumbering', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(buildGroceries(addAisle('Dairy'), addItem('Milk', 'Dairy')));
    await user.click(screen.getByRole('button', { name: 'Edit Store' }));
    await user.type(screen.getByRole('textbox', { name: 'New aisle' }), 'Bakery');
    await user.click(screen.getByRole('button', { name: 'Add Aisle' }));
    await user.click(screen.getByRole('button', { name: 'Add Aisle' }));

    const store = () => page.doc().stores[DEFAULT_STORE_ID]!;
    expect(sortedAisles(store()).map((aisle) => [aisle.name, aisle.order])).toEqual([
      ['Main', 0],
      ['Dairy', 1],
      ['Bakery', 2],
      ['Aisle 4', 3],
    ]);

    const dairyName = within(aisleCard('Dairy')).getByRole('textbox', { name: 'Aisle name' });
    await user.clear(dairyName);
    await user.type(dairyName, 'Dairy & eggs{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove aisle Dairy & eggs' }));
    // It holds milk: asked first where the items go, the main aisle unless another is chosen.
    const ask = screen.getByRole('dialog', { name: 'Remove aisle Dairy & eggs?' });
    expect(
      (within(ask).getByLabelText('Its 1 item goes to') as HTMLSelectElement).selectedOptions[0]?.text,
    ).toBe('Main');
    await user.click(within(ask).getByRole('button', { name: 'Remove aisle' }));

    expect(sortedAisles(store()).map((aisle) => [aisle.name, aisle.order])).toEqual([
      ['Main', 0],
      ['Bakery', 1],
      ['Aisle 4', 2],
    ]);
    expect(toastText()).toContain('Removed Dairy & eggs; its items moved to Main');
    expect(within(aisleCard('Main')).getByRole('button', { name: 'Milk' })).toBeTruthy();
  });

  it('puts a removed aisle back, with its items, from the toast; or sends its items where asked', async () => {
    const user = userEvent.setup();
    const page = renderGroceries(
      buildGroceries(addAisle('Dairy'), addAisle('Fridge'), addItem('Milk', 'Dairy')),
    );
    const store = () => page.doc().stores[DEFAULT_STORE_ID]!;
    await user.click(screen.getByRole('button', { name: 'Edit Store' }));
    await user.click(screen.getByRole('button', { name: 'Remove aisle Dairy' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove aisle Dairy?' })).getByRole('button', {
        name: 'Remove aisle',
      }),
    );
    expect(sortedAisles(store()).map((aisle) => aisle.name)).toEqual(['Main', 'Fridge']);
    await user.click(
      within(screen.getByText(/^Removed Dairy; its items moved to Main/).closest('.toast')!).getByRole(
        'button',
        { name: 'Undo' },
      ),
    );
    expect(sortedAisles(store()).map((aisle) => aisle.name)).toEqual(['Main', 'Dairy', 'Fridge']);
    expect(within(aisleCard('Dairy')).getByRole('button', { name: 'Milk' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove aisle Dairy' }));
    const ask = screen.getByRole('dialog', { name: 'Remove aisle Dairy?' });
    await user.selectOptions(within(ask).getByLabelText('Its 1 item goes to'), 'Fridge');
    await user.click(within(ask).getByRole('button', { name: 'Remove aisle' }));
    expect(within(aisleCard('Fridge')).getByRole('button', { name: 'Milk' })).toBeTruthy();
  });

  it('lays the aisles out in the stored order and hides the Aisle card outside store editing', () => {
    renderGroceries(
      buildGroceries(addAisle('Dairy'), addAisle('Bakery'), (doc, env) => {
        const bakery = sortedAisles(doc.stores[DEFAULT_STORE_ID]!)[2]!;
        return groceryActions.moveAisle(DEFAULT_STORE_ID, bakery.id, 0, env);
      }),
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Bakery',
      'Main',
      'Dairy',
    ]);
    expect(screen.queryByRole('form', { name: 'Add an aisle' })).toBeNull();
  });
});
