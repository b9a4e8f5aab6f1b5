// @vitest-environment jsdom
import { emptyDocument, type AgendaDocument } from '@mealplan/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FirstRunGuide, firstRunKey } from './FirstRunGuide';
import { installDomStubs, ME, recipesDoc, renderPlan } from './test-utils';

beforeAll(() => installDomStubs());
beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

const guide = () => screen.queryByRole('region', { name: 'Start your meal plan' });
const newAccount = { recipes: emptyDocument('recipes'), agenda: emptyDocument('agenda') };

describe('the first-run guide', { timeout: 20_000 }, () => {
  it('greets an account with no recipes and nothing planned with the ways to start', () => {
    renderPlan(<FirstRunGuide canDrag />, { docs: newAccount });
    const region = guide()!;
    expect(within(region).getByRole('button', { name: '+ Add a recipe' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Import from a link' })).toBeTruthy();
    expect(within(region).getByText(/drag a recipe from the list onto a day/)).toBeTruthy();
  });

  it('names the calendar button where there is nothing to drag onto (/recipes, /agenda)', () => {
    renderPlan(<FirstRunGuide canDrag={false} />, { docs: newAccount });
    expect(within(guide()!).getByText(/tap the calendar button on a recipe/)).toBeTruthy();
    expect(within(guide()!).queryByText(/drag a recipe/)).toBeNull();
  });

  it("'+ Add a recipe' opens the new-recipe form; 'Import from a link' opens it at the link field", async () => {
    renderPlan(<FirstRunGuide canDrag />, { docs: newAccount });
    fireEvent.click(screen.getByRole('button', { name: '+ Add a recipe' }));
    const form = await screen.findByRole('dialog', { name: 'New Recipe' });
    expect(within(form).getByLabelText('Name').hasAttribute('autofocus')).toBe(true);
    expect(within(form).getByLabelText('Import from a link').hasAttribute('autofocus')).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Import from a link' }));
    const importing = await screen.findByRole('dialog', { name: 'New Recipe' });
    // The dialog focuses its first [autofocus] element: the link field, which comes before Name.
    const link = within(importing).getByLabelText('Import from a link');
    expect(link.hasAttribute('autofocus')).toBe(true);
    const first = importing.querySelector('[autofocus]');
    expect(first).toBe(link);
  });

  it('is dismissed for good on this browser, for this user', () => {
    renderPlan(<FirstRunGuide canDrag />, { docs: newAccount });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the guide' }));
    expect(guide()).toBeNull();
    expect(window.localStorage.getItem(firstRunKey(ME.id))).toBe('1');
    cleanup();
    renderPlan(<FirstRunGuide canDrag />, { docs: newAccount });
    expect(guide()).toBeNull();
  });

  it('renders nothing for an account with a recipe or a planned day', () => {
    const { container } = renderPlan(<FirstRunGuide canDrag />, {
      docs: { ...newAccount, recipes: recipesDoc({ name: 'Soup' }) },
    });
    // Nothing of its own (the toast region is the providers'): the page is laid out as without it.
    expect(container.querySelector('.first-run')).toBeNull();
    expect(guide()).toBeNull();
    cleanup();
    const planned: AgendaDocument = {
      days: {
        '2025-03-10': { id: '2025-03-10', updatedAt: '2025-03-10T12:00:00.000Z', quickDinner: 'Leftovers' },
      },
      hash: 'h1',
    };
    const again = renderPlan(<FirstRunGuide canDrag />, { docs: { ...newAccount, agenda: planned } });
    expect(again.container.querySelector('.first-run')).toBeNull();
  });

  it('goes once the first recipe is added', async () => {
    const { store } = renderPlan(<FirstRunGuide canDrag />, { docs: newAccount });
    expect(guide()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '+ Add a recipe' }));
    const form = await screen.findByRole('dialog', { name: 'New Recipe' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Soup' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByText('Recipe added');
    expect(Object.values(store.get('recipes').doc.recipes).map((r) => r.name)).toEqual(['Soup']);
    expect(guide()).toBeNull();
  });
});
