// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs, renderPlan } from '../planner/test-utils';
import { RecipeFormModal } from './RecipeFormModal';

beforeAll(() => installDomStubs());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 10_000 };
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

const soup = {
  name: 'Tomato Soup',
  ingredients: ['Soup:', '1 kg tomatoes', '2 cups stock'],
  instructions: 'Simmer.\nBlend.',
  servings: 4,
  prepTime: 10,
  cookTime: 30,
  totalTime: 40,
  image: null,
  url: 'https://soups.example/tomato',
};

/** Answers POST /api/recipe-imports with `status` and `body`, recording what was sent. */
function stubImport(status: number, body: unknown) {
  const calls: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (path !== '/api/recipe-imports') return new Response('{}', { status: 404 });
      calls.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('import from a link', { timeout: 20_000 }, () => {
  it("picks the account's category whose keyword is in the imported name", async () => {
    stubImport(200, { ...soup, name: 'Lemon Salmon Traybake', url: 'https://fish.example/salmon' });
    renderPlan(<RecipeFormModal onClose={vi.fn()} />);
    fireEvent.change(field('Import from a link'), { target: { value: 'fish.example/salmon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(field('Name').value).toBe('Lemon Salmon Traybake'), SLOW);
    expect(field('Category').value).toBe('default-dinner-seafood');
  });

  it('opens a page that says it is a dessert as a dessert, in the dessert category', async () => {
    stubImport(200, { ...soup, name: 'Chocolate Mousse', categories: ['Dessert', 'French'] });
    renderPlan(<RecipeFormModal onClose={vi.fn()} />);
    fireEvent.change(field('Import from a link'), { target: { value: 'soups.example/mousse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(field('Name').value).toBe('Chocolate Mousse'), SLOW);
    expect(field('Meal type').value).toBe('dessert');
    expect(field('Category').value).toBe('default-dessert-desserts');
  });

  it('keeps the meal type the user picked before importing', async () => {
    stubImport(200, { ...soup, name: 'Chocolate Mousse', categories: ['Dessert'] });
    renderPlan(<RecipeFormModal onClose={vi.fn()} />);
    fireEvent.change(field('Meal type'), { target: { value: 'lunch' } });
    fireEvent.change(field('Import from a link'), { target: { value: 'soups.example/mousse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(field('Name').value).toBe('Chocolate Mousse'), SLOW);
    expect(field('Meal type').value).toBe('lunch');
  });

  it('fills the form for review without saving, then saves with parsed ingredients', async () => {
    const calls = stubImport(200, soup);
    const onClose = vi.fn();
    const { store } = renderPlan(<RecipeFormModal onClose={onClose} />);
    fireEvent.change(field('Import from a link'), { target: { value: 'soups.example/tomato' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText(
        'Filled in from soups.example (2 ingredients). Check the fields, then Save.',
        {},
        SLOW,
      ),
    ).toHaveProperty('role', 'status');
    expect(calls).toEqual([{ url: 'soups.example/tomato' }]);
    expect(field('Name').value).toBe('Tomato Soup');
    expect(field('Servings').value).toBe('4');
    expect(field('Prep Time').value).toBe('10');
    expect(field('Cook Time').value).toBe('30');
    expect(field('Ingredients').value).toBe('Soup:\n1 kg tomatoes\n2 cups stock');
    expect(field('Instructions').value).toBe('Simmer.\nBlend.');
    expect(field('Source').value).toBe('https://soups.example/tomato');
    expect(Object.keys(store.get('recipes').doc.recipes)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [saved] = Object.values(store.get('recipes').doc.recipes);
    expect(saved).toMatchObject({ name: 'Tomato Soup', servings: 4, url: 'https://soups.example/tomato' });
    expect(saved?.ingredients.map((i) => i.name)).toEqual(['Soup:', 'tomatoes', 'stock']);
  });

  it('shows the server message and keeps everything typed when the import fails', async () => {
    stubImport(400, {
      code: 'IMPORT_ADDRESS_NOT_ALLOWED',
      message: 'This link points to a private or local network address, which Mealplan does not import from',
    });
    renderPlan(<RecipeFormModal onClose={() => {}} />);
    fireEvent.change(field('Name'), { target: { value: 'My own name' } });
    fireEvent.change(field('Import from a link'), { target: { value: 'http://192.168.1.5/soup' } });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(
      'This link points to a private or local network address, which Mealplan does not import from',
    );
    expect(field('Import from a link').value).toBe('http://192.168.1.5/soup');
    expect(field('Name').value).toBe('My own name');
  });

  it('reads pasted text and asks for something to read first', async () => {
    const calls = stubImport(200, { ...soup, url: null });
    renderPlan(<RecipeFormModal onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Read recipe' }));
    expect(screen.getByRole('alert').textContent).toBe("Paste the page's HTML or the recipe's text first");
    fireEvent.change(field('Page HTML or text'), { target: { value: 'Ingredients\n1 kg tomatoes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Read recipe' }));
    expect(await screen.findByText(/^Filled in from the pasted text/, {}, SLOW)).toBeTruthy();
    expect(calls).toEqual([{ content: 'Ingredients\n1 kg tomatoes' }]);
    expect(field('Source').value).toBe('');
  });
});
