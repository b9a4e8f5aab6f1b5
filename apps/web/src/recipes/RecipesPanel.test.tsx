// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { otherUserQueryKey } from '../data/other-user';
import { installDomStubs, manyRecipesDoc, recipesDoc, renderPlan } from '../planner/test-utils';
import { RecipesPanel } from './RecipesPanel';
import { STORAGE_KEYS } from './useRecipeQuery';

beforeAll(() => installDomStubs());
beforeEach(() => window.localStorage.clear());
/** Lazily loaded modal chunks can take a while on a busy machine. */
const SLOW = { timeout: 10_000 };

afterEach(cleanup);

const docs = {
  recipes: recipesDoc(
    { name: 'Lasagna', mealType: 'dinner' },
    { name: 'Pancakes', mealType: 'breakfast' },
    { name: 'Apple pie', mealType: 'dessert', inCookbook: true, rating: 5 },
    { name: 'Fish tacos', mealType: 'dinner', inCookbook: true, rating: 4 },
    { name: 'Meh soup', mealType: 'lunch', inCookbook: true, rating: 2 },
  ),
};

const names = () =>
  within(screen.getByRole('list'))
    .queryAllByRole('listitem')
    .map((row) => within(row).getAllByRole('button')[0]!.textContent);
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;

describe('the recipes panel', { timeout: 20_000 }, () => {
  it('lists the Test Kitchen first, and says why a list is empty in the sentence of docs/BEHAVIOUR.md', () => {
    renderPlan(<RecipesPanel draggable={false} />, { docs });
    expect(screen.getByRole('tab', { name: 'Test Kitchen' }).getAttribute('aria-selected')).toBe('true');
    expect(names()).toEqual(expect.arrayContaining(['Lasagna', 'Pancakes']));
    fireEvent.change(select('Meal type'), { target: { value: 'baking' } });
    expect(screen.getByText("You don't have any baking recipes in your test kitchen.")).toBeTruthy();
  });

  it('remembers the chosen tab', () => {
    const first = renderPlan(<RecipesPanel draggable={false} />, { docs });
    fireEvent.click(screen.getByRole('tab', { name: 'Cookbook' }));
    expect(window.localStorage.getItem(STORAGE_KEYS.tab)).toBe('1');
    first.unmount();
    renderPlan(<RecipesPanel draggable={false} />, { docs });
    expect(screen.getByRole('tab', { name: 'Cookbook' }).getAttribute('aria-selected')).toBe('true');
    // 'relevant' hides the recipe rated 2.
    expect(names().sort()).toEqual(['Apple pie', 'Fish tacos']);
  });

  it('filters the Cookbook and keeps the filter and meal type under the keys docs/BEHAVIOUR.md §4 names', () => {
    window.localStorage.setItem(STORAGE_KEYS.tab, '1');
    renderPlan(<RecipesPanel draggable={false} />, { docs });
    fireEvent.change(select('Filter By'), { target: { value: 'rating_5' } });
    expect(names()).toEqual(['Apple pie']);
    expect(window.localStorage.getItem('recipeFilter')).toBe('rating_5');
    fireEvent.change(select('Meal type'), { target: { value: 'dinner' } });
    expect(window.localStorage.getItem('mealType')).toBe('dinner');
    expect(screen.getByText("You don't have any dinner recipes in your cookbook with 5 stars.")).toBeTruthy();
  });

  it('resets the meal type to all and the filter to none when a search is typed', () => {
    window.localStorage.setItem(STORAGE_KEYS.tab, '1');
    window.localStorage.setItem('mealType', 'dessert');
    renderPlan(<RecipesPanel draggable={false} />, { docs });
    expect(names()).toEqual(['Apple pie']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search recipes' }), {
      target: { value: 'soup' },
    });
    expect(select('Meal type').value).toBe('all');
    expect(select('Filter By').value).toBe('none');
    expect(names()).toEqual(['Meh soup']);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search recipes' }), {
      target: { value: 'stew' },
    });
    expect(screen.getByText('You don\'t have any recipes matching "stew" in your cookbook.')).toBeTruthy();
  });

  it('offers the rating sort in the Cookbook only', () => {
    renderPlan(<RecipesPanel draggable={false} />, { docs });
    const options = () => [...select('Sort By').options].map((o) => o.value);
    expect(options()).not.toContain('rating');
    fireEvent.click(screen.getByRole('tab', { name: 'Cookbook' }));
    expect(options()).toContain('rating');
    expect(select('Sort By').value).toBe('category');
  });

  it('renders only the rows in view of 5,000 recipes', () => {
    const many = manyRecipesDoc(5000);
    renderPlan(<RecipesPanel draggable />, { docs: { recipes: many } });
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('5000');
  });

  it('opens a new recipe form from the Cookbook that starts in the cookbook', async () => {
    window.localStorage.setItem(STORAGE_KEYS.tab, '1');
    const { store } = renderPlan(<RecipesPanel draggable={false} />, { docs });
    fireEvent.click(screen.getByRole('button', { name: '+ Recipe' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Recipe' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Brownies' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Recipe added', {}, SLOW);
    const added = Object.values(store.get('recipes').doc.recipes).find((r) => r.name === 'Brownies');
    expect(added?.inCookbook).toBe(true);
  });

  describe("a followed user's recipes", () => {
    function withGrace() {
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity } },
      });
      queryClient.setQueryData(otherUserQueryKey('recipes', 'grace'), {
        doc: recipesDoc(
          { id: 'tart', name: 'Lemon tart', mealType: 'dessert', inCookbook: true, rating: 5 },
          { id: 'curry', name: 'Green curry', mealType: 'dinner' },
        ),
        etag: '"1"',
      });
      return renderPlan(<RecipesPanel draggable />, { docs, queryClient });
    }

    it('are browsed read-only, by tab, from the Recipes of selector', () => {
      const { store } = withGrace();
      expect(select('Recipes of').value).toBe('me');
      expect([...select('Recipes of').options].map((o) => o.text)).toEqual(['Mine', 'Grace', 'Jonathan']);
      fireEvent.change(select('Recipes of'), { target: { value: 'grace' } });
      expect(screen.getByRole('list', { name: 'Grace’s Test Kitchen' })).toBeTruthy();
      expect(names()).toEqual(['Green curry']);
      fireEvent.click(screen.getByRole('tab', { name: 'Cookbook' }));
      expect(names()).toEqual(['Lemon tart']);
      // Nothing that would change Grace's account: no '+ Recipe', no calendar buttons.
      expect(screen.queryByRole('button', { name: '+ Recipe' })).toBeNull();
      expect(screen.queryByRole('button', { name: /to a day$/ })).toBeNull();
      fireEvent.change(select('Meal type'), { target: { value: 'baking' } });
      expect(
        screen.getByText("Grace doesn't have any relevant baking recipes in their cookbook."),
      ).toBeTruthy();
      // Her recipes never entered this account's document.
      expect(Object.values(store.get('recipes').doc.recipes).map((r) => r.name)).not.toContain('Lemon tart');
      fireEvent.change(select('Recipes of'), { target: { value: 'me' } });
      expect(screen.getByRole('button', { name: '+ Recipe' })).toBeTruthy();
    });

    it('open in the read-only view that offers to copy them', async () => {
      withGrace();
      fireEvent.change(select('Recipes of'), { target: { value: 'grace' } });
      fireEvent.click(screen.getByRole('button', { name: /Green curry/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Green curry' }, SLOW);
      expect(within(dialog).getByRole('button', { name: 'Add to my Test Kitchen' })).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Edit' })).toBeNull();
    });

    it('say so when they cannot be read', () => {
      const queryClient = new QueryClient({
        defaultOptions: { queries: { retry: false, staleTime: Infinity } },
      });
      queryClient.setQueryDefaults(otherUserQueryKey('recipes', 'grace'), {
        queryFn: () => Promise.reject(new Error('Get request failed')),
      });
      renderPlan(<RecipesPanel draggable />, { docs, queryClient });
      fireEvent.change(select('Recipes of'), { target: { value: 'grace' } });
      return screen.findByText('Grace’s recipes are not available right now.', {}, SLOW);
    });
  });
});
