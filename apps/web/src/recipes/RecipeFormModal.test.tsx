// @vitest-environment jsdom
import { emptyDocument } from '@mealplan/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs, manyRecipesDoc, recipesDoc, renderPlan } from '../planner/test-utils';
import { RecipeFormModal } from './RecipeFormModal';

beforeAll(() => installDomStubs());
/** Lazily loaded modal chunks can take a while on a busy machine. */
const SLOW = { timeout: 10_000 };

afterEach(cleanup);

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('the recipe form', { timeout: 20_000 }, () => {
  it('requires a name and numbers for servings and times', async () => {
    const onClose = vi.fn();
    const { store } = renderPlan(<RecipeFormModal onClose={onClose} />);
    type('Servings', 'four');
    save();
    expect(await screen.findByText('Required', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Must be a whole number')).toBeTruthy();
    expect(Object.keys(store.get('recipes').doc.recipes)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('adds a Test Kitchen recipe with its ingredients parsed', async () => {
    const onClose = vi.fn();
    const { store } = renderPlan(<RecipeFormModal onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'New Recipe' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    type('Name', '  Pancakes ');
    fireEvent.change(field('Meal type'), { target: { value: 'breakfast' } });
    fireEvent.change(field('Category'), { target: { value: 'default-breakfast-pancakes' } });
    type('Prep Time', '10');
    type('Cook Time', '15');
    type('Ingredients', 'Batter:\n1 1/2 cups flour\n2 eggs, beaten');
    type('Source', 'https://example.org/pancakes');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    const [recipe] = Object.values(store.get('recipes').doc.recipes);
    expect(recipe).toMatchObject({
      name: 'Pancakes',
      mealType: 'breakfast',
      categoryId: 'default-breakfast-pancakes',
      inCookbook: false,
      servings: 4,
      time: 25,
      url: 'https://example.org/pancakes',
    });
    expect(recipe?.ingredients).toEqual([
      { qty: '', unit: '', name: 'Batter:', input: '' },
      { qty: '1 1/2', unit: 'cup', name: 'flour', input: '', line: '1 1/2 cups flour' },
      { qty: '2', unit: '', name: 'eggs', input: 'beaten', line: '2 eggs, beaten' },
    ]);
    expect(screen.getByRole('status').textContent).toContain('Recipe added');
  });

  it('edits a recipe, clearing emptied fields, and can delete it', async () => {
    const onClose = vi.fn();
    const { store } = renderPlan(<RecipeFormModal recipeId="stew" onClose={onClose} />, {
      docs: { recipes: recipesDoc({ id: 'stew', name: 'Stew', prepTime: 20, url: 'grandma' }) },
    });
    expect((field('Name') as HTMLInputElement).value).toBe('Stew');
    type('Name', 'Beef stew');
    type('Prep Time', '');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    const stew = store.get('recipes').doc.recipes.stew;
    expect(stew).toMatchObject({ name: 'Beef stew', url: 'grandma' });
    expect(stew?.prepTime).toBeUndefined();
    expect(screen.getByRole('status').textContent).toContain('Recipe updated');

    cleanup();
    renderPlan(<RecipeFormModal recipeId="stew" onClose={vi.fn()} />, { store });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Edit Recipe' })).getByRole('button', { name: 'Delete' }),
    );
    expect(store.get('recipes').doc.recipes.stew?.isDeleted).toBe(true);
  });

  it('keeps the notes: typed on a new recipe, shown again when editing, cleared when emptied', async () => {
    const onClose = vi.fn();
    const { store } = renderPlan(<RecipeFormModal onClose={onClose} />);
    type('Name', 'Dal');
    type('Notes', '  Half the chilli for the kids.\nTry with coconut milk.  ');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    const [dal] = Object.values(store.get('recipes').doc.recipes);
    expect(dal?.notes).toBe('Half the chilli for the kids.\nTry with coconut milk.');

    cleanup();
    const closed = vi.fn();
    renderPlan(<RecipeFormModal recipeId={dal!.id} onClose={closed} />, { store });
    expect((field('Notes') as HTMLTextAreaElement).value).toBe(dal?.notes);
    type('Notes', '   ');
    save();
    await waitFor(() => expect(closed).toHaveBeenCalled(), SLOW);
    expect(store.get('recipes').doc.recipes[dal!.id]?.notes).toBeUndefined();
  });

  it('keeps a total time of its own and a description; a blank total follows prep and cook', async () => {
    const onClose = vi.fn();
    const { store } = renderPlan(<RecipeFormModal onClose={onClose} />);
    type('Name', 'Eclair bars');
    type('Description', 'Layers of cream and crackers, set overnight.');
    type('Prep Time', '20');
    type('Cook Time', '10');
    type('Total Time', '290');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled(), SLOW);
    const [bars] = Object.values(store.get('recipes').doc.recipes);
    expect(bars).toMatchObject({ time: 290, description: 'Layers of cream and crackers, set overnight.' });

    cleanup();
    const closed = vi.fn();
    renderPlan(<RecipeFormModal recipeId={bars!.id} onClose={closed} />, { store });
    expect((field('Total Time') as HTMLInputElement).value).toBe('290');
    type('Total Time', '');
    type('Prep Time', '25');
    save();
    await waitFor(() => expect(closed).toHaveBeenCalled(), SLOW);
    expect(store.get('recipes').doc.recipes[bars!.id]?.time).toBe(35);

    cleanup();
    renderPlan(<RecipeFormModal recipeId={bars!.id} onClose={vi.fn()} />, { store });
    // A total that is only prep plus cook is shown blank, so it keeps following them.
    expect((field('Total Time') as HTMLInputElement).value).toBe('');
  });

  it('closes only the categories dialog on Escape, keeping what was typed in the form', async () => {
    const onClose = vi.fn();
    renderPlan(<RecipeFormModal onClose={onClose} />);
    type('Name', 'Pancakes');
    fireEvent.click(screen.getByRole('button', { name: 'Categories' }));
    const categories = screen.getByRole('dialog', { name: 'Categories' });
    // Escape fires 'cancel' on the top dialog only; it must not reach the form's dialog too.
    fireEvent(categories, new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Categories' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((field('Name') as HTMLInputElement).value).toBe('Pancakes');
  });

  it('manages categories: at most 14 characters, never the last of a meal type', async () => {
    const recipes = emptyDocument('recipes');
    const { store } = renderPlan(<RecipeFormModal onClose={vi.fn()} />, { docs: { recipes } });
    fireEvent.change(field('Meal type'), { target: { value: 'dessert' } });
    fireEvent.click(screen.getByRole('button', { name: 'Categories' }));
    const dialog = screen.getByRole('dialog', { name: 'Categories' });
    expect((within(dialog).getByLabelText('Meal type') as HTMLSelectElement).value).toBe('dessert');
    const add = (name: string) => {
      fireEvent.change(within(dialog).getByLabelText('New category'), { target: { value: name } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    };
    add('Fifteen letters');
    expect(within(dialog).getByText('Category name must be at most 14 characters')).toBeTruthy();
    add('Fourteen lette');
    expect(within(dialog).getByText('Fourteen lette')).toBeTruthy();

    // Deleting asks first; Cancel keeps the category.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Desserts' }));
    let confirm = screen.getByRole('dialog', { name: 'Delete category "Desserts"?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).getByText('Desserts')).toBeTruthy();

    // Remove every dessert category but one; the last one stays.
    for (const name of ['Desserts', 'Fourteen lette', 'Ice cream']) {
      fireEvent.click(within(dialog).getByRole('button', { name: `Remove ${name}` }));
      confirm = screen.getByRole('dialog', { name: `Delete category "${name}"?` });
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Pies' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Cannot remove the last category');
    const desserts = Object.values(store.get('recipes').doc.categories).filter(
      (c) => c.mealType === 'dessert',
    );
    expect(desserts.map((c) => c.name)).toEqual(['Pies']);
  });

  it('brings a deleted category back from the toast, with its recipes', async () => {
    const recipes = recipesDoc({ id: 'tart', name: 'Lemon tart', mealType: 'dessert' });
    const pies = Object.values(recipes.categories).find((c) => c.name === 'Pies')!;
    recipes.recipes.tart = { ...recipes.recipes.tart!, categoryId: pies.id };
    const { store } = renderPlan(<RecipeFormModal onClose={vi.fn()} />, { docs: { recipes } });
    fireEvent.change(field('Meal type'), { target: { value: 'dessert' } });
    fireEvent.click(screen.getByRole('button', { name: 'Categories' }));
    const dialog = screen.getByRole('dialog', { name: 'Categories' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Pies' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete category "Pies"?' });
    expect(within(confirm).getByText('1 recipe is in it and will have no category.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(store.get('recipes').doc.categories[pies.id]).toBeUndefined();
    expect(store.get('recipes').doc.recipes.tart?.categoryId).toBeUndefined();
    const toast = await screen.findByText('Category "Pies" removed', {}, SLOW);
    fireEvent.click(within(toast.closest('.toast')!).getByRole('button', { name: 'Undo' }));
    expect(store.get('recipes').doc.categories[pies.id]).toEqual(pies);
    expect(store.get('recipes').doc.recipes.tart?.categoryId).toBe(pies.id);
  });

  it('refuses an over-long field in the form, with the limit, and queues nothing', async () => {
    const onClose = vi.fn();
    const { store } = renderPlan(<RecipeFormModal onClose={onClose} />);
    type('Name', 'Soup');
    type('Source', `https://example.org/${'x'.repeat(2_100)}`);
    save();
    expect(await screen.findByText('At most 2,048 characters', {}, SLOW)).toBeTruthy();
    type('Name', 'N'.repeat(201));
    type('Source', 'https://example.org/soup');
    save();
    expect(await screen.findByText('At most 200 characters', {}, SLOW)).toBeTruthy();
    expect(Object.keys(store.get('recipes').doc.recipes)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses the 201st recipe on Free with the plan limit, and keeps what was typed', async () => {
    const onClose = vi.fn();
    const { store } = renderPlan(<RecipeFormModal onClose={onClose} />, {
      docs: { recipes: manyRecipesDoc(200) },
    });
    type('Name', 'Number 201');
    save();
    expect(
      await screen.findByText('Unable to add recipe. Your plan allows up to 200 recipes.', {}, SLOW),
    ).toBeTruthy();
    expect(Object.keys(store.get('recipes').doc.recipes)).toHaveLength(200);
    expect(onClose).not.toHaveBeenCalled();
    expect((field('Name') as HTMLInputElement).value).toBe('Number 201');
  });
});
