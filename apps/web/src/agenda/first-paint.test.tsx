// @vitest-environment jsdom
import { addDays, toDayId } from '@mealplan/core';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomStubs, recipesDoc, renderPlan, agendaWith } from '../planner/test-utils';
import { AgendaPanel } from './AgendaPanel';
import { AGENDA_VIEW_KEY, WEEK_VIEW_MEDIA } from './agenda-rows';
import { agendaDocuments, dropFirstPaint, FIRST_PAINT_ID, paintAgenda, showsAgendaList } from './first-paint';

/**
 * The agenda's first paint (docs/ARCHITECTURE.md "The agenda before the app") must draw what the
 * app's agenda draws when it opens, or the page would change under the user's eyes when the app
 * takes over: the same rows, with the same elements, classes and text, at the same places.
 */

beforeAll(() => installDomStubs(600));
afterEach(() => {
  cleanup();
  dropFirstPaint();
});

const today = toDayId(new Date());

/** Every kind of row: several meals, a photo, a quick recipe, a note, a deleted recipe, no rating. */
const docs = {
  recipes: recipesDoc(
    { id: 'stew', name: 'Beef stew', rating: 4 },
    { id: 'pie', name: 'Apple pie', mealType: 'dessert' },
    { id: 'salad', name: 'Green salad with a name long enough to be cut off', mealType: 'lunch', rating: 2 },
    { id: 'soup', name: 'Pumpkin soup', rating: 5, photoId: 'soup-photo' },
  ),
  agenda: agendaWith(
    { id: addDays(today, -2), dinner: 'soup' },
    { id: addDays(today, -1), lunch: 'salad', dinner: 'gone' },
    { id: today, dinner: 'stew', dessert: 'pie', lunch: 'salad' },
    { id: addDays(today, 1), quickDinner: 'Leftovers' },
    { id: addDays(today, 3), lunch: 'salad', quickDinner: 'Fish tacos' },
    { id: addDays(today, 5), dessert: 'pie' },
  ),
  notes: { notes: { [addDays(today, 1)]: 'Guests at 7', [today]: 'Shop first' } },
};

/**
 * A row's markup, attributes in name order (their order means nothing), without the roving tab
 * stop, which is the app's to give (one row has it).
 */
function markup(node: Node): string {
  if (!(node instanceof Element)) return node.textContent ?? '';
  const attributes = [...node.attributes]
    .filter((attribute) => attribute.name !== 'tabindex')
    .map((attribute) => ` ${attribute.name}="${attribute.value}"`)
    .sort()
    .join('');
  const tag = node.tagName.toLowerCase();
  return `<${tag}${attributes}>${[...node.childNodes].map(markup).join('')}</${tag}>`;
}

describe("the agenda's first paint", () => {
  it('draws the rows in view as the app draws them on opening: same markup, same places, same month', () => {
    renderPlan(<AgendaPanel />, { docs });
    const list = screen.getByRole('list', { name: 'My Agenda' });
    const app = new Map(
      [...list.querySelectorAll('[data-day-id]')].map((row) => [row.getAttribute('data-day-id'), row]),
    );

    const body = document.createElement('div');
    document.body.append(body);
    const layer = paintAgenda(body, agendaDocuments(docs)!)!;
    const drawn = [...layer.querySelectorAll('[data-day-id]')];

    // The days around today, in view of a 600 px panel.
    expect(drawn.length).toBeGreaterThan(8);
    expect(drawn.map((row) => row.getAttribute('data-day-id'))).toContain(today);
    for (const row of drawn) {
      const dayId = row.getAttribute('data-day-id');
      expect(app.get(dayId), dayId!).toBeDefined();
      expect(markup(row), dayId!).toBe(markup(app.get(dayId)!));
    }
    // The list's height, where it opens and the month over it.
    const drawnList = layer.querySelector<HTMLElement>('.agenda-list')!;
    expect(drawnList.style.height).toBe(list.style.height);
    expect(drawnList.parentElement!.scrollTop).toBe(list.parentElement!.scrollTop);
    expect(layer.querySelector('.agenda-month')!.textContent).toBe(
      list.closest('.panel-body')!.querySelector('.agenda-month')!.textContent,
    );
    // A layer over the page that takes no focus and is not read out: the app's rows are.
    expect(layer.id).toBe(FIRST_PAINT_ID);
    expect(layer.inert).toBe(true);
    expect(layer.getAttribute('aria-hidden')).toBe('true');
  });

  it('is not drawn where the agenda opens on its week: a wide screen whose week view is remembered', () => {
    const screenIs = (wide: boolean) =>
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide && query === WEEK_VIEW_MEDIA }));
    try {
      localStorage.setItem(AGENDA_VIEW_KEY, 'week');
      screenIs(true);
      expect(showsAgendaList()).toBe(false);
      screenIs(false);
      expect(showsAgendaList()).toBe(true);
      localStorage.setItem(AGENDA_VIEW_KEY, 'list');
      screenIs(true);
      expect(showsAgendaList()).toBe(true);
    } finally {
      localStorage.removeItem(AGENDA_VIEW_KEY);
      vi.unstubAllGlobals();
    }
  });

  it('goes when the window changes width before the app draws, and stays when only its height does', () => {
    const body = document.createElement('div');
    document.body.append(body);
    const width = window.innerWidth;
    paintAgenda(body, agendaDocuments(docs)!);
    try {
      vi.stubGlobal('innerHeight', window.innerHeight - 100);
      window.dispatchEvent(new Event('resize'));
      expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
      vi.stubGlobal('innerWidth', width + 200);
      window.dispatchEvent(new Event('resize'));
      expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('draws nothing from documents of another shape', () => {
    expect(agendaDocuments({ agenda: docs.agenda, recipes: docs.recipes })).toBeUndefined();
    expect(
      agendaDocuments({ agenda: { days: 'x' }, recipes: docs.recipes, notes: docs.notes }),
    ).toBeUndefined();
    expect(agendaDocuments({ agenda: null, recipes: docs.recipes, notes: docs.notes })).toBeUndefined();
    expect(agendaDocuments(docs)).toBe(docs);
  });

  it('goes when the agenda draws its own rows', () => {
    const body = document.createElement('div');
    document.body.append(body);
    paintAgenda(body, agendaDocuments(docs)!);
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    renderPlan(<AgendaPanel />, { docs });
    expect(screen.getByRole('list', { name: 'My Agenda' })).toBeTruthy();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });

  it('goes with the agenda panel when the page is left before the agenda drew', () => {
    const body = document.createElement('div');
    document.body.append(body);
    paintAgenda(body, agendaDocuments(docs)!);
    const { unmount } = renderPlan(<AgendaPanel />, { docs });
    paintAgenda(body, agendaDocuments(docs)!);
    unmount();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});
