// @vitest-environment jsdom
import { addDays, toDayId } from '@mealplan/core';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { otherUserQueryKey } from '../data/other-user';
import { installDomStubs, recipesDoc, renderPlan, agendaWith } from '../planner/test-utils';
import { dayIdToDate, longDate } from '../plan/dates';
import { format } from 'date-fns';
import { AgendaPanel } from './AgendaPanel';

beforeAll(() => installDomStubs(600));
/** Lazily loaded modal chunks can take a while on a busy machine. */
const SLOW = { timeout: 10_000 };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const today = toDayId(new Date());
const tomorrow = addDays(today, 1);

const docs = {
  recipes: recipesDoc(
    { id: 'stew', name: 'Beef stew', rating: 4 },
    { id: 'pie', name: 'Apple pie', mealType: 'dessert' },
  ),
  agenda: agendaWith(
    { id: today, dinner: 'stew', dessert: 'pie' },
    { id: tomorrow, quickDinner: 'Leftovers' },
  ),
  notes: { notes: { [tomorrow]: 'Guests at 7' } },
};

const dayButton = (dayId: string) =>
  screen.getByRole('button', { name: new RegExp(`^${longDate(dayId)}(:|$)`) });

describe('the agenda panel', { timeout: 20_000 }, () => {
  it("has 'My Agenda' and a tab per approved followed user, named by first name or e-mail", () => {
    renderPlan(<AgendaPanel />, { docs });
    const tabs = within(screen.getByRole('tablist', { name: 'Agendas' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['My Agenda', 'Grace', 'Jonathan']);
  });

  it('opens on today, highlighted, with each day showing its recipes, quick recipe, note and stars', () => {
    renderPlan(<AgendaPanel />, { docs });
    const todayButton = dayButton(today);
    expect(todayButton.getAttribute('aria-current')).toBe('date');
    expect(todayButton.textContent).toContain('Beef stew');
    expect(todayButton.textContent).toContain('Apple pie');
    expect(screen.getByRole('button', { name: 'Rate Beef stew' })).toBeTruthy();
    expect(dayButton(tomorrow).textContent).toContain('Leftovers');
    expect(dayButton(tomorrow).textContent).toContain('Guests at 7');
    // The list starts at today, not at the first of its 200 days.
    expect(
      screen.queryByRole('button', { name: new RegExp(`^${longDate(addDays(today, -60))}`) }),
    ).toBeNull();
  });

  it('grows by 100 days when scrolled near the top and keeps what was on screen in place', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    renderPlan(<AgendaPanel />, { docs });
    const list = screen.getByRole('list', { name: 'My Agenda' });
    const scroller = list.parentElement!;
    const height = parseFloat(list.style.height);
    act(() => {
      scroller.scrollTop = 90;
      fireEvent.scroll(scroller);
    });
    const added = parseFloat(list.style.height) - height;
    expect(added).toBeGreaterThan(100 * 45);
    expect(scroller.scrollTop).toBe(90 + added);
    // Within the 200 ms lock a second approach to the edge does nothing; after it, it grows again.
    vi.advanceTimersByTime(150);
    act(() => {
      scroller.scrollTop = 0;
      fireEvent.scroll(scroller);
    });
    expect(parseFloat(list.style.height)).toBe(height + added);
    vi.advanceTimersByTime(60);
    act(() => {
      scroller.scrollTop = 0;
      fireEvent.scroll(scroller);
    });
    expect(parseFloat(list.style.height)).toBeGreaterThan(height + added);
  });

  it('keeps growing while the view is near an end, with no further scroll event', () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout'] });
    renderPlan(<AgendaPanel />, { docs });
    const list = screen.getByRole('list', { name: 'My Agenda' });
    const scroller = list.parentElement!;
    const height = () => parseFloat(list.style.height);
    const first = height();
    // A fling to the end: one scroll event grows the list by 100 days.
    act(() => {
      scroller.scrollTop = first - 600;
      fireEvent.scroll(scroller);
    });
    const once = height();
    expect(once).toBeGreaterThan(first + 100 * 45);
    // The fling carries on to the new end within the 200 ms lock; its last scroll event is ignored…
    act(() => {
      scroller.scrollTop = once - 600;
      fireEvent.scroll(scroller);
    });
    expect(height()).toBe(once);
    // …and when the lock ends the list grows again by itself, then stops, clear of the end.
    act(() => vi.advanceTimersByTime(200));
    const twice = height();
    expect(twice).toBeGreaterThan(once + 100 * 45);
    act(() => vi.advanceTimersByTime(2000));
    expect(height()).toBe(twice);
  });

  it('labels the list with the month of its topmost day, and Today or the t key scroll back to today', () => {
    renderPlan(<AgendaPanel />, { docs });
    expect(screen.getByRole('heading', { level: 2, name: 'Agenda' })).toBeTruthy();
    const monthOf = (dayId: string) => format(dayIdToDate(dayId), 'MMMM yyyy');
    const label = () => document.querySelector('.agenda-month')?.textContent;
    const list = screen.getByRole('list', { name: 'My Agenda' });
    const scroller = list.parentElement!;
    // It opens three rows above today: the topmost day is three days back.
    expect(label()).toBe(monthOf(addDays(today, -3)));
    const scrollTo = (top: number) =>
      act(() => {
        scroller.scrollTop = top;
        fireEvent.scroll(scroller);
      });

    // The list holds 100 days before today: 40 days and their month rows down from its top, the
    // label is the month of the 60th day back.
    scrollTo(40 * 45 + 2 * 34);
    expect([monthOf(addDays(today, -61)), monthOf(addDays(today, -60))]).toContain(label());

    // Today (or 't') goes back to today, three rows down: 97 days and a few month rows above it.
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    const todayTop = scroller.scrollTop;
    expect(Math.abs(todayTop - 97 * 45)).toBeLessThan(4 * 34 + 1);
    fireEvent.scroll(scroller);
    expect(label()).toBe(monthOf(addDays(today, -3)));

    scrollTo(todayTop + 1500);
    // Typing a 't' in a field is typing; anywhere else it is the shortcut.
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: 't' });
    expect(scroller.scrollTop).toBe(todayTop + 1500);
    field.remove();
    fireEvent.keyDown(document.body, { key: 't' });
    expect(scroller.scrollTop).toBe(todayTop);
  });

  it('opens a day in the day modal and the stars in the rating modal', async () => {
    renderPlan(<AgendaPanel />, { docs });
    fireEvent.click(dayButton(tomorrow));
    expect(await screen.findByRole('dialog', { name: longDate(tomorrow) }, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rate Beef stew' }));
    expect(await screen.findByRole('dialog', { name: 'Rating for: Beef stew' }, SLOW)).toBeTruthy();
  });

  it('puts the dinner first in a row, before a lunch planned the same day', () => {
    renderPlan(<AgendaPanel />, {
      docs: {
        ...docs,
        recipes: recipesDoc(
          { id: 'stew', name: 'Beef stew' },
          { id: 'soup', name: 'Tomato soup', mealType: 'lunch' },
        ),
        agenda: agendaWith({ id: today, lunch: 'soup', dinner: 'stew' }),
      },
    });
    expect(dayButton(today).textContent).toMatch(/Beef stew.*Tomato soup/);
  });

  it("shows a followed user's agenda read-only: no stars to click, no notes", async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(otherUserQueryKey('agenda', 'grace'), {
      doc: agendaWith({ id: today, dinner: 'tart' }),
      etag: '"1"',
    });
    queryClient.setQueryData(otherUserQueryKey('recipes', 'grace'), {
      doc: recipesDoc({ id: 'tart', name: 'Lemon tart', rating: 5 }),
      etag: '"1"',
    });
    renderPlan(<AgendaPanel />, { docs, queryClient });
    fireEvent.click(screen.getByRole('tab', { name: 'Grace' }));
    expect(screen.getByRole('list', { name: 'Grace’s agenda' })).toBeTruthy();
    expect(dayButton(today).textContent).toContain('Lemon tart');
    expect(dayButton(tomorrow).textContent).not.toContain('Guests at 7');
    expect(screen.queryByRole('button', { name: /^Rate / })).toBeNull();
    expect(screen.getByRole('img', { name: 'Rated 5 of 5' })).toBeTruthy();
    fireEvent.click(dayButton(today));
    const dialog = await screen.findByRole('dialog', { name: longDate(today) }, SLOW);
    expect(within(dialog).queryByLabelText('Day Notes')).toBeNull();
  });

  it("opens 'Follow someone awesome' from the plus button", async () => {
    renderPlan(<AgendaPanel />, { docs });
    fireEvent.click(screen.getByRole('button', { name: 'Follow someone' }));
    expect(await screen.findByRole('dialog', { name: 'Follow someone awesome' }, SLOW)).toBeTruthy();
  });
});
