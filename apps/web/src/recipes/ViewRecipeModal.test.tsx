// @vitest-environment jsdom
import {
  addDays,
  emptyDocument,
  groceryActions,
  itemQuantityText,
  ingredientsFromText,
  parseIngredients,
  reduceDocument,
  toDayId,
  type RecipesDocument,
} from '@mealplan/core';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { otherUserQueryKey } from '../data/other-user';
import { STORE_KEY } from '../groceries/preferences';
import { installDomStubs, recipesDoc, renderPlan, testEnv } from '../planner/test-utils';
import { longDate } from '../plan';
import { AGENDA_HINT, OTHER_AGENDA_HINT, ViewRecipeModal } from './ViewRecipeModal';

beforeAll(() => installDomStubs());
afterEach(cleanup);

const lasagna = {
  id: 'lasagna',
  name: 'Lasagna',
  url: 'https://www.example.org/lasagna',
  servings: 4,
  prepTime: 15,
  cookTime: 45,
  ingredients: parseIngredients('Sauce:\n2 cups milk\n1 tbsp butter\nsalt'),
  instructions: 'Layer it.\nBake it.',
};

const dialog = () => screen.getByRole('dialog', { name: 'Lasagna' });
const footerButtons = () =>
  within(dialog())
    .getAllByRole('button')
    .map((b) => b.textContent)
    .filter((t) =>
      ['Delete', 'Agenda', 'Cookbook', 'Edit', 'Add to my Test Kitchen', 'Add to my Agenda'].includes(
        t ?? '',
      ),
    );

describe('the recipe view', { timeout: 20_000 }, () => {
  it('shows the facts: source host as a link, made, last made and minutes', () => {
    renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc(lasagna) },
    });
    const link = within(dialog()).getByRole('link', { name: 'example.org' });
    expect(link.getAttribute('href')).toBe('https://www.example.org/lasagna');
    const facts = within(dialog())
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(facts).toEqual(['example.org', '0 times', 'Never', '15 min', '45 min', '1 h']);
    expect(within(dialog()).getByText(/Layer it\.\s+Bake it\./)).toBeTruthy();
  });

  /** `lasagna` with these agenda days kept in its history (as planning keeps them). */
  const withDays = (...dayIds: string[]): RecipesDocument => {
    const doc = recipesDoc(lasagna);
    let next = doc;
    for (const dayId of dayIds) {
      next = reduceDocument('recipes', next, { type: 'ADDED_TO_AGENDA', id: 'lasagna', dayId });
    }
    return next;
  };
  const facts = () =>
    Object.fromEntries(
      within(dialog())
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );

  it('says a recipe planned only ahead is planned, not made, and still in the Test Kitchen', () => {
    const today = toDayId(new Date());
    const tomorrow = addDays(today, 1);
    renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: withDays(addDays(today, 5), tomorrow) },
    });
    expect(facts()).toMatchObject({
      Made: '0 times',
      'Last made': 'Never',
      'Planned for': longDate(tomorrow),
    });
    expect(within(dialog()).getByText('Test Kitchen', { selector: '.tag' })).toBeTruthy();
    expect(footerButtons()).toEqual(['Delete', 'Agenda', 'Cookbook', 'Edit']);
  });

  it('counts days up to today as made, and names the next planned day too', () => {
    const today = toDayId(new Date());
    renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: withDays(addDays(today, -1), addDays(today, -8), addDays(today, 2)) },
    });
    expect(facts()).toMatchObject({
      Made: '2 times',
      'Last made': 'yesterday',
      'Planned for': longDate(addDays(today, 2)),
    });
    // Made, so on the Cookbook's shelf: no Cookbook button.
    expect(within(dialog()).getByText('Cookbook', { selector: '.tag' })).toBeTruthy();
    expect(footerButtons()).toEqual(['Delete', 'Agenda', 'Edit']);
  });

  it('shows no planned day when nothing is ahead', () => {
    renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: withDays(toDayId(new Date())) },
    });
    expect(facts()).toMatchObject({ Made: '1 time', 'Last made': 'today' });
    expect(facts()).not.toHaveProperty('Planned for');
  });

  it("offers Delete, Agenda, Cookbook and Edit for one's own Test Kitchen recipe", () => {
    renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc(lasagna) },
    });
    expect(footerButtons()).toEqual(['Delete', 'Agenda', 'Cookbook', 'Edit']);
    expect(screen.getByRole('button', { name: 'Agenda' }).getAttribute('title')).toBe(AGENDA_HINT);
  });

  it('leaves out Cookbook once the recipe is in the cookbook', () => {
    renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc({ ...lasagna, inCookbook: true }) },
    });
    expect(footerButtons()).toEqual(['Delete', 'Agenda', 'Edit']);
  });

  it('plans the recipe on the first free day with Agenda and counts it as made', () => {
    const { store } = renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc(lasagna) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Agenda' }));
    expect(Object.values(store.get('agenda').doc.days).map((d) => d.dinner)).toEqual(['lasagna']);
    expect(within(dialog()).getAllByRole('definition')[1]!.textContent).toBe('1 time');
    expect(screen.getByRole('status').textContent).toContain('Added "Lasagna" to your agenda');
  });

  it('scales the ingredient lines with the servings stepper, as a view: the recipe is not rewritten', () => {
    const { store } = renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc(lasagna) },
    });
    const stored = store.get('recipes').doc.recipes.lasagna;
    expect(screen.getByLabelText('2 cup milk')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'More servings' }));
    expect(screen.getByText('5 servings')).toBeTruthy();
    expect(screen.getByLabelText('2 1/2 cups milk')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fewer servings' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fewer servings' }));
    expect(screen.getByLabelText('1 1/2 cups milk')).toBeTruthy();
    for (let i = 0; i < 2; i++) fireEvent.click(screen.getByRole('button', { name: 'Fewer servings' }));
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'More servings' }));
    // Back at 4: exactly what was typed, and the stored recipe never changed.
    expect(screen.getByText('4 servings')).toBeTruthy();
    expect(screen.getByLabelText('2 cup milk')).toBeTruthy();
    expect(store.get('recipes').doc.recipes.lasagna).toBe(stored);
  });

  it('shows the lines exactly as typed, and scales them in the words they were typed in', () => {
    const typed = {
      ...lasagna,
      ingredients: ingredientsFromText('½ cup (120 ml) whole milk, warm\n3 Eggs\nJuice of 1 lemon'),
    };
    renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc(typed) },
    });
    expect(
      within(dialog())
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['½ cup (120 ml) whole milk, warm', '3 Eggs', 'Juice of 1 lemon']);
    for (let i = 0; i < 2; i++) fireEvent.click(screen.getByRole('button', { name: 'Fewer servings' }));
    // 2 servings of 4: halves, with the bracketed measure scaled too and whole eggs in halves.
    expect(
      within(dialog())
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['1/4 cup (60 ml) whole milk, warm', '1 1/2 Eggs', 'Juice of 1/2 lemon']);
  });

  it('shows amounts in metric or US units when asked, and remembers the choice', () => {
    window.localStorage.clear();
    const american = {
      ...lasagna,
      ingredients: ingredientsFromText('2 cups flour\n8 oz mozzarella\n1 cup milk'),
      instructions: 'Bake at 375°F for 40 minutes.',
    };
    const labels = () =>
      within(dialog())
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent);
    renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc(american) },
    });
    expect(screen.getByRole('radio', { name: 'As written' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'Metric' }));
    expect(labels()).toEqual(['250 g flour', '225 g mozzarella', '235 ml milk']);
    expect(within(dialog()).getByText('Bake at 190°C for 40 minutes.')).toBeTruthy();
    cleanup();
    // Opened again, the recipe reads in metric: the choice is the user's, not the dialog's.
    renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc(american) },
    });
    expect(screen.getByRole('radio', { name: 'Metric' })).toHaveProperty('checked', true);
    fireEvent.click(screen.getByRole('radio', { name: 'As written' }));
    expect(labels()).toEqual(['2 cups flour', '8 oz mozzarella', '1 cup milk']);
  });

  it('puts an ingredient on the grocery list and takes it off again; headings have no box', () => {
    const { store } = renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc(lasagna) },
    });
    expect(within(dialog()).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(dialog()).getByText('Sauce:').tagName).toBe('LI');
    const milk = screen.getByLabelText('2 cup milk') as HTMLInputElement;
    fireEvent.click(milk);
    expect(milk.checked).toBe(true);
    const items = () =>
      Object.values(store.get('groceries').doc.stores).flatMap((s) =>
        Object.values(s.aisles).flatMap((a) => Object.values(a.ingredients)),
      );
    expect(items().find((i) => i.name === 'milk')?.recipeIds).toEqual(['lasagna']);
    // With its amount at the servings shown: 2 cups for the recipe's own 4.
    expect(itemQuantityText(items().find((i) => i.name === 'milk')!)).toBe('2 cups');
    fireEvent.click(milk);
    expect(milk.checked).toBe(false);
    expect(items().find((i) => i.name === 'milk')?.recipeIds ?? []).toEqual([]);
  });

  it('puts an ingredient on the list at the servings shown, not the recipe’s own', () => {
    const { store } = renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc(lasagna) },
    });
    for (let i = 0; i < 2; i++) fireEvent.click(screen.getByRole('button', { name: 'More servings' }));
    expect(screen.getByText('6 servings')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('3 cups milk'));
    const milk = Object.values(store.get('groceries').doc.stores)
      .flatMap((s) => Object.values(s.aisles).flatMap((a) => Object.values(a.ingredients)))
      .find((i) => i.name === 'milk')!;
    expect(itemQuantityText(milk)).toBe('3 cups');
  });

  it("puts a ticked ingredient in the main aisle of the Groceries page's active store", () => {
    // Two stores; the second was last chosen on the Groceries page.
    const add = groceryActions.addStore(testEnv);
    let groceries = reduceDocument('groceries', emptyDocument('groceries'), add);
    groceries = reduceDocument(
      'groceries',
      groceries,
      groceryActions.renameStore(add.storeId, 'Market', testEnv),
    );
    window.localStorage.setItem(STORE_KEY, add.storeId);
    try {
      const { store } = renderPlan(<ViewRecipeModal recipeId="lasagna" onClose={vi.fn()} />, {
        docs: { recipes: recipesDoc(lasagna), groceries },
      });
      fireEvent.click(screen.getByLabelText('1 tbsp butter'));
      expect((screen.getByLabelText('1 tbsp butter') as HTMLInputElement).checked).toBe(true);
      const stores = store.get('groceries').doc.stores;
      const names = (storeId: string, aisleId?: string) =>
        Object.values(stores[storeId]!.aisles)
          .filter((aisle) => !aisleId || aisle.id === aisleId)
          .flatMap((aisle) => Object.values(aisle.ingredients))
          .filter((item) => !item.isPlaceholder)
          .map((item) => item.name);
      const market = stores[add.storeId]!;
      expect(names(add.storeId, market.mainAisleId)).toEqual(['butter']);
      const others = Object.keys(stores).filter((id) => id !== add.storeId);
      expect(others.flatMap((id) => names(id))).not.toContain('butter');
    } finally {
      window.localStorage.removeItem(STORE_KEY);
    }
  });

  it("offers 'Add ingredients' when there are none", () => {
    renderPlan(<ViewRecipeModal recipeId="plain" onClose={vi.fn()} />, {
      docs: { recipes: recipesDoc({ id: 'plain', name: 'Lasagna' }) },
    });
    expect(screen.getByRole('button', { name: 'Add ingredients' })).toBeTruthy();
  });

  it("is read-only for another user's recipe, which can be copied to one's own Test Kitchen", () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    const theirs = recipesDoc({ ...lasagna, name: 'Grandma’s famous lasagna', rating: 5, inCookbook: true });
    queryClient.setQueryData(otherUserQueryKey('recipes', 'grace'), { doc: theirs, etag: '"1"' });
    const { store } = renderPlan(<ViewRecipeModal recipeId="lasagna" userId="grace" onClose={vi.fn()} />, {
      queryClient,
    });
    const view = screen.getByRole('dialog', { name: 'Grandma’s famous lasagna' });
    expect(
      within(view)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter((t) => t?.startsWith('Add to')),
    ).toEqual(['Add to my Test Kitchen', 'Add to my Agenda']);
    expect(screen.getByRole('button', { name: 'Add to my Agenda' }).getAttribute('title')).toBe(
      OTHER_AGENDA_HINT,
    );
    expect(
      within(view)
        .getAllByRole('checkbox')
        .every((box) => (box as HTMLInputElement).disabled),
    ).toBe(true);
    expect((screen.getByRole('button', { name: 'More servings' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(view).queryByRole('button', { name: '5 stars' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add to my Test Kitchen' }));
    const copies = Object.values(store.get('recipes').doc.recipes);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ name: 'Grandma’s famous lasagna', inCookbook: false, count: 0 });
    expect(copies[0]!.rating).toBeUndefined();
    expect(screen.getByRole('status').textContent).toContain('Added "Grandma’s famou…" to your test kitchen');
  });

  it("copies another user's photo into one's own account with the recipe, or says why it could not", async () => {
    const fetchMock = vi.fn().mockResolvedValueOnce(
      new Response(JSON.stringify({ photoId: 'my-copy' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    try {
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity } },
      });
      const theirs = recipesDoc({ ...lasagna, photoId: 'graces-photo' });
      queryClient.setQueryData(otherUserQueryKey('recipes', 'grace'), { doc: theirs, etag: '"1"' });
      const { store } = renderPlan(<ViewRecipeModal recipeId="lasagna" userId="grace" onClose={vi.fn()} />, {
        queryClient,
      });
      fireEvent.click(screen.getByRole('button', { name: 'Add to my Test Kitchen' }));
      const copied = () => Object.values(store.get('recipes').doc.recipes)[0];
      // The copy is there at once, without Grace's photo id, and gets its own when the server made it.
      expect(copied()?.photoId).toBeUndefined();
      await waitFor(() => expect(copied()?.photoId).toBe('my-copy'));
      expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/photos/copies');

      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      fireEvent.click(screen.getByRole('button', { name: 'Add to my Test Kitchen' }));
      fireEvent.click(screen.getByRole('button', { name: 'Add another copy' }));
      // Past the 'Added' toasts (dismissed as they come), the one that says the photo stayed behind.
      const stayedBehind = 'was copied without its photo: Mealplan cannot be reached';
      await waitFor(() => {
        const region = screen.getByRole('status');
        if (!region.textContent?.includes(stayedBehind)) {
          for (const dismiss of within(region).queryAllByRole('button', { name: 'Dismiss' }))
            fireEvent.click(dismiss);
        }
        expect(region.textContent).toContain(stayedBehind);
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('asks before copying a recipe a second time, and can plan the copy already made instead', () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    const theirs = recipesDoc({ ...lasagna, url: 'https://example.org/lasagna' });
    queryClient.setQueryData(otherUserQueryKey('recipes', 'grace'), { doc: theirs, etag: '"1"' });
    const { store } = renderPlan(<ViewRecipeModal recipeId="lasagna" userId="grace" onClose={vi.fn()} />, {
      queryClient,
    });
    const mine = () => Object.values(store.get('recipes').doc.recipes);
    fireEvent.click(screen.getByRole('button', { name: 'Add to my Test Kitchen' }));
    expect(mine()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Add to my Test Kitchen' }));
    expect(screen.getByText('You already have a copy of this recipe. Add another?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(mine()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Add to my Agenda' }));
    fireEvent.click(screen.getByRole('button', { name: 'Plan my copy' }));
    expect(mine()).toHaveLength(1);
    expect(Object.values(store.get('agenda').doc.days).map((day) => day.dinner)).toEqual([mine()[0]!.id]);

    fireEvent.click(screen.getByRole('button', { name: 'Add to my Test Kitchen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add another copy' }));
    expect(mine()).toHaveLength(2);
  });
});
