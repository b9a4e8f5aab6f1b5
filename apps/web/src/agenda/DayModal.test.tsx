// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { otherUserQueryKey } from '../data/other-user';
import { installDomStubs, recipesDoc, renderPlan, agendaWith } from '../planner/test-utils';
import { DayModal } from './DayModal';

beforeAll(() => installDomStubs());
afterEach(cleanup);

const recipes = recipesDoc(
  { id: 'soup', name: 'Tomato soup', mealType: 'lunch' },
  { id: 'stew', name: 'Beef stew' },
);
const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

describe('the day modal', { timeout: 20_000 }, () => {
  it('is titled with the date and lists the recipes by meal type', () => {
    renderPlan(<DayModal dayId="2024-01-01" onClose={vi.fn()} />, {
      docs: { recipes, agenda: agendaWith({ id: '2024-01-01', lunch: 'soup', dinner: 'stew' }) },
    });
    const dialog = screen.getByRole('dialog', { name: 'Monday, January 1st' });
    const meals = within(within(dialog).getByRole('list', { name: 'Recipes of the day' })).getAllByRole(
      'listitem',
    );
    expect(meals.map((li) => li.textContent)).toEqual(['LunchTomato soup', 'DinnerBeef stew']);
    // A dinner is set: no Quick Recipe.
    expect(within(dialog).queryByLabelText('Quick Recipe')).toBeNull();
    expect(within(dialog).getByLabelText('Day Notes')).toBeTruthy();
  });

  it('enables Save only once something changed, and saves the quick recipe and the note', () => {
    const onClose = vi.fn();
    const { store } = renderPlan(<DayModal dayId="2024-01-02" onClose={onClose} />, {
      docs: { recipes, notes: { notes: { '2024-01-02': 'Guests' } } },
    });
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Day Notes'), { target: { value: 'Guests at 7' } });
    expect(save().disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Day Notes'), { target: { value: 'Guests' } });
    expect(save().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Quick Recipe'), { target: { value: 'Leftovers' } });
    fireEvent.change(screen.getByLabelText('Day Notes'), { target: { value: 'Guests at 7' } });
    fireEvent.click(save());
    expect(store.get('agenda').doc.days['2024-01-02']?.quickDinner).toBe('Leftovers');
    expect(store.get('notes').doc.notes['2024-01-02']).toBe('Guests at 7');
    expect(screen.getByRole('status').textContent).toContain('Day saved');
    expect(onClose).toHaveBeenCalled();
  });

  it('takes a recipe off the day with its Remove button', () => {
    const { store } = renderPlan(<DayModal dayId="2024-01-01" onClose={vi.fn()} />, {
      docs: { recipes, agenda: agendaWith({ id: '2024-01-01', dinner: 'stew' }) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Beef stew from the agenda' }));
    expect(store.get('agenda').doc.days['2024-01-01']).toBeUndefined();
    expect(screen.getByRole('status').textContent).toContain('Recipe removed from agenda');
  });

  it("shows another user's day read-only, with no notes and no save, and copies its quick recipe", () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(otherUserQueryKey('agenda', 'grace'), {
      doc: agendaWith({ id: '2024-01-03', quickDinner: 'Tacos' }),
      etag: '"1"',
    });
    queryClient.setQueryData(otherUserQueryKey('recipes', 'grace'), { doc: recipesDoc(), etag: '"1"' });
    const { store } = renderPlan(<DayModal dayId="2024-01-03" userId="grace" onClose={vi.fn()} />, {
      queryClient,
    });
    const dialog = screen.getByRole('dialog', { name: 'Wednesday, January 3rd' });
    expect((within(dialog).getByLabelText('Quick Recipe') as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(dialog).queryByLabelText('Day Notes')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add this quick recipe to your cookbook' }));
    const mine = Object.values(store.get('recipes').doc.recipes);
    expect(mine.map((r) => [r.name, r.inCookbook])).toEqual([['Tacos', false]]);
    expect(screen.getByRole('status').textContent).toContain('Added "Tacos" to your test kitchen');
  });
});
