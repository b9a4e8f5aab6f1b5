// @vitest-environment jsdom
import { addDays, toDayId } from '@mealplan/core';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { otherUserQueryKey } from '../data/other-user';
import { installDomStubs, recipesDoc, renderPlan, agendaWith } from '../planner/test-utils';
import { longDate } from '../plan/dates';
import { AgendaPanel } from './AgendaPanel';
import { mondayOf, weekTitle } from './WeekView';
import { WEEK_VIEW_MEDIA } from './agenda-rows';

beforeAll(() => installDomStubs(600));
const SLOW = { timeout: 10_000 };

/** A screen `width` px wide, as far as matchMedia is asked. */
function stubScreen(width: number): void {
  window.matchMedia = ((query: string) => ({
    matches: query === WEEK_VIEW_MEDIA && width >= 1024,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'matchMedia');
  window.localStorage.clear();
});

const today = toDayId(new Date());
const monday = mondayOf(today);
const wednesday = addDays(monday, 2);

const docs = {
  recipes: recipesDoc(
    { id: 'stew', name: 'Beef stew' },
    { id: 'salad', name: 'Chicken salad', mealType: 'lunch' },
    { id: 'pie', name: 'Apple pie', mealType: 'dessert' },
    { id: 'later', name: 'Fish pie' },
  ),
  agenda: agendaWith(
    { id: monday, dinner: 'stew', dessert: 'pie' },
    { id: wednesday, lunch: 'salad', quickDinner: 'Leftovers' },
    { id: addDays(monday, 7), dinner: 'later' },
  ),
  notes: { notes: { [wednesday]: 'Guests at 7' } },
};

const viewSwitch = () => screen.queryByRole('group', { name: 'Agenda view' });
const weekList = () => screen.getByRole('list', { name: /^My Agenda, week of / });
const columns = () => within(weekList()).getAllByRole('listitem');
const column = (dayId: string) => columns().find((item) => item.dataset['dayId'] === dayId)!;

describe("the agenda's week at a glance", { timeout: 20_000 }, () => {
  it('offers no List / Week switch on a phone or a narrow window, even with Week remembered', () => {
    window.localStorage.setItem('agendaView', 'week');
    stubScreen(900);
    renderPlan(<AgendaPanel />, { docs });
    expect(viewSwitch()).toBeNull();
    expect(screen.getByRole('list', { name: 'My Agenda' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Today' })).toBeTruthy();
  });

  it('offers the switch on a wide screen, the list first, and remembers Week', () => {
    stubScreen(1280);
    renderPlan(<AgendaPanel />, { docs });
    const list = within(viewSwitch()!).getByRole('button', { name: 'List' });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(viewSwitch()!).getByRole('button', { name: 'Week' }));
    expect(window.localStorage.getItem('agendaView')).toBe('week');
    expect(columns()).toHaveLength(7);
    cleanup();
    renderPlan(<AgendaPanel />, { docs });
    expect(columns()).toHaveLength(7);
  });

  it('shows Monday to Sunday with each slot, the quick recipe and the note', () => {
    stubScreen(1440);
    window.localStorage.setItem('agendaView', 'week');
    renderPlan(<AgendaPanel />, { docs });
    expect(columns().map((item) => item.dataset['dayId'])).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(monday, i)),
    );
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(weekTitle(monday));
    const slots = (dayId: string) =>
      within(column(dayId))
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(slots(monday)).toEqual([
      'Breakfast: –nothing planned',
      'Lunch: –nothing planned',
      'Dinner: Beef stew',
      'Dessert: Apple pie',
    ]);
    expect(slots(wednesday)).toEqual([
      'Breakfast: –nothing planned',
      'Lunch: Chicken salad',
      'Dinner: Leftovers',
    ]);
    expect(column(wednesday).textContent).toContain('Guests at 7');
    expect(
      within(column(today))
        .getByRole('button', { name: longDate(today) })
        .getAttribute('aria-current'),
    ).toBe('date');
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
  });

  it('steps to the next and previous week, and This week comes back', () => {
    stubScreen(1280);
    window.localStorage.setItem('agendaView', 'week');
    renderPlan(<AgendaPanel />, { docs });
    const thisWeek = screen.getByRole('button', { name: 'This week' }) as HTMLButtonElement;
    expect(thisWeek.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(columns()[0]!.dataset['dayId']).toBe(addDays(monday, 7));
    expect(column(addDays(monday, 7)).textContent).toContain('Fish pie');
    expect(thisWeek.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(columns()[0]!.dataset['dayId']).toBe(addDays(monday, -7));
    expect(columns()[6]!.dataset['dayId']).toBe(addDays(monday, -1));
    fireEvent.click(thisWeek);
    expect(columns()[0]!.dataset['dayId']).toBe(monday);
    // The t key, as on the list, comes back to this week.
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    fireEvent.keyDown(document.body, { key: 't' });
    expect(columns()[0]!.dataset['dayId']).toBe(monday);
  });

  it('stops Tab at one day, today, and Right and Left move between days and into the next week', async () => {
    stubScreen(1280);
    window.localStorage.setItem('agendaView', 'week');
    renderPlan(<AgendaPanel />, { docs });
    const header = (dayId: string) => screen.getByRole('button', { name: longDate(dayId) });
    const tabbable = () =>
      columns()
        .map((item) => item.querySelector('.week-day-open')!)
        .filter((button) => button.getAttribute('tabindex') === '0');
    expect(tabbable()).toEqual([header(today)]);
    const sunday = addDays(monday, 6);
    act(() => header(sunday).focus());
    expect(tabbable()).toEqual([header(sunday)]);
    fireEvent.keyDown(header(sunday), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(header(addDays(monday, 5)));
    fireEvent.keyDown(header(addDays(monday, 5)), { key: 'ArrowRight' });
    fireEvent.keyDown(header(sunday), { key: 'ArrowRight' });
    expect(columns()[0]!.dataset['dayId']).toBe(addDays(monday, 7));
    // The next week is drawn after the key press; the focus follows it there.
    await waitFor(() => expect(document.activeElement).toBe(header(addDays(monday, 7))));
  });

  it('opens a day from its header, as the list does', async () => {
    stubScreen(1280);
    window.localStorage.setItem('agendaView', 'week');
    renderPlan(<AgendaPanel />, { docs });
    fireEvent.click(screen.getByRole('button', { name: longDate(wednesday) }));
    const dialog = await screen.findByRole('dialog', { name: longDate(wednesday) }, SLOW);
    expect(dialog.textContent).toContain('Chicken salad');
  });

  it("shows a followed user's week read-only, without their notes", async () => {
    stubScreen(1280);
    window.localStorage.setItem('agendaView', 'week');
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(otherUserQueryKey('agenda', 'grace'), {
      doc: agendaWith({ id: wednesday, dinner: 'tart' }),
      etag: '"1"',
    });
    queryClient.setQueryData(otherUserQueryKey('recipes', 'grace'), {
      doc: recipesDoc({ id: 'tart', name: 'Lemon tart' }),
      etag: '"1"',
    });
    renderPlan(<AgendaPanel />, { docs, queryClient });
    fireEvent.click(screen.getByRole('tab', { name: 'Grace' }));
    const week = screen.getByRole('list', { name: /^Grace’s agenda, week of / });
    const graceWednesday = within(week)
      .getAllByRole('listitem')
      .find((item) => item.dataset['dayId'] === wednesday)!;
    expect(graceWednesday.textContent).toContain('Lemon tart');
    expect(week.textContent).not.toContain('Guests at 7');
    expect(week.querySelector('.week-chip--drag')).toBeNull();
    fireEvent.click(within(graceWednesday).getByRole('button', { name: longDate(wednesday) }));
    const dialog = await screen.findByRole('dialog', { name: longDate(wednesday) }, SLOW);
    expect(within(dialog).queryByLabelText('Day Notes')).toBeNull();
  });
});

describe('the week of a day', () => {
  it('starts on Monday and names its first and last day', () => {
    expect(mondayOf('2026-11-26')).toBe('2026-11-23');
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(weekTitle('2026-11-23')).toBe('November 23 – 29, 2026');
    expect(weekTitle('2026-11-30')).toBe('November 30 – December 6, 2026');
    expect(weekTitle('2026-12-28')).toBe('December 28, 2026 – January 3, 2027');
  });
});
