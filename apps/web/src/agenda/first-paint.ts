/**
 * The agenda's first paint (docs/ARCHITECTURE.md "The agenda before the app"): on a first open of
 * /plan, the days in view drawn from the documents as soon as they come in, before the app's
 * scripts have loaded. It draws what the agenda list (AgendaList.tsx, DayRow.tsx) draws on opening,
 * with the same elements and classes, in a layer over the shell's skeleton; the app takes the layer
 * away in the commit that draws its own rows (`dropFirstPaint`), so nothing moves or blinks.
 *
 * It runs in the first-paint script (src/first-paint.ts), bundled on its own without React: it
 * builds the DOM itself from the same pure modules the components use.
 */
import { RATING_MAX, toDayId, type Day, type Recipe } from '@mealplan/core';
import { photoUrl } from '../api';
import { NOTES_ICON_PATH } from '../plan';
import { MEAL_TYPE_LABELS, ratingLabel, starPaths } from '../recipes';
import {
  AGENDA_VIEW_KEY,
  WEEK_VIEW_MEDIA,
  buildRows,
  initialWindow,
  monthAt,
  monthLabel,
  openingOffset,
  rowAt,
  rowOffsets,
  type AgendaRow,
  type DayRowData,
} from './agenda-rows';
import { dayContents, nameOf } from './planned';

/** The layer's id: the app removes the element with it (`dropFirstPaint`). */
export const FIRST_PAINT_ID = 'first-paint';

/** The documents the agenda is drawn from, as the server sends them. */
export interface AgendaDocuments {
  agenda: { days: Record<string, Day> };
  recipes: { recipes: Record<string, Recipe> };
  notes: { notes: Record<string, string> };
}

const SVG = 'http://www.w3.org/2000/svg';

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function svg(viewBox: string, width: number, height: number): SVGSVGElement {
  const node = document.createElementNS(SVG, 'svg');
  node.setAttribute('viewBox', viewBox);
  node.setAttribute('width', String(width));
  node.setAttribute('height', String(height));
  return node;
}

function path(d: string, className?: string): SVGPathElement {
  const node = document.createElementNS(SVG, 'path');
  if (className) node.setAttribute('class', className);
  node.setAttribute('fill', 'currentColor');
  node.setAttribute('d', d);
  return node;
}

/** The stars of `rating`, as StarsDisplay draws them (size 14). */
function stars(rating: number | undefined): HTMLElement {
  const box = element('span', 'stars stars--display');
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', ratingLabel(rating));
  const icon = svg(`0 0 ${24 * RATING_MAX} 24`, 14 * RATING_MAX, 14);
  icon.setAttribute('aria-hidden', 'true');
  icon.setAttribute('focusable', 'false');
  const { on, off } = starPaths(rating);
  if (on) icon.append(path(on, 'star star--on'));
  if (off) icon.append(path(off, 'star'));
  box.append(icon);
  return box;
}

/** One day's row, as DayRow draws it on one's own agenda (at `top` pixels in the list). */
export function dayRowElement(
  row: DayRowData,
  day: Day | undefined,
  recipes: Record<string, Recipe>,
  note: string | undefined,
  top: number,
): HTMLElement {
  const { main, items, quick, summary } = dayContents(day, recipes);
  const box = element(
    'div',
    ['day-row', row.isToday && 'day-row--today', row.isSunday && 'day-row--sunday'].filter(Boolean).join(' '),
  );
  box.style.top = `${top}px`;
  box.setAttribute('role', 'listitem');
  box.dataset['dayId'] = row.dayId;

  const date = element('div', 'day-date');
  date.append(
    element('span', 'day-number', String(row.dayNumber)),
    element('span', 'day-weekday', row.weekday),
  );
  box.append(date);
  if (main?.recipe?.photoId) {
    const thumb = element('img', 'day-thumb');
    thumb.src = photoUrl(main.recipe.photoId, 'thumb');
    thumb.alt = '';
    thumb.width = 32;
    thumb.height = 32;
    thumb.setAttribute('loading', 'lazy');
    thumb.setAttribute('decoding', 'async');
    box.append(thumb);
  }

  const open = element('button', 'day-open');
  open.type = 'button';
  open.tabIndex = -1;
  if (row.isToday) open.setAttribute('aria-current', 'date');
  open.append(element('span', 'visually-hidden', `${row.longDate}${summary.length || note ? ': ' : ''}`));
  const names = element('span', 'day-items');
  for (const item of items) {
    const chip = element('span', `day-chip day-chip--${item.mealType}`);
    if (item.mealType !== 'dinner')
      chip.append(element('span', 'day-chip-meal', MEAL_TYPE_LABELS[item.mealType]));
    chip.append(nameOf(item));
    names.append(chip);
  }
  if (quick) names.append(element('span', 'day-quick', quick));
  open.append(names);
  if (note) {
    const noted = element('span', 'day-note');
    const icon = svg('0 0 24 24', 14, 14);
    icon.setAttribute('fill', 'currentColor');
    icon.setAttribute('aria-hidden', 'true');
    icon.setAttribute('focusable', 'false');
    const line = document.createElementNS(SVG, 'path');
    line.setAttribute('d', NOTES_ICON_PATH);
    icon.append(line);
    noted.append(icon, element('span', 'visually-hidden', 'Note: '), note);
    open.append(noted);
  }
  box.append(open);

  if (main?.recipe) {
    const rated = element('span', 'day-stars');
    const rate = element('button', 'day-rate');
    rate.type = 'button';
    rate.tabIndex = -1;
    rate.setAttribute('aria-label', `Rate ${main.recipe.name}`);
    rate.append(stars(main.recipe.rating));
    rated.append(rate);
    box.append(rated);
  }
  return box;
}

function monthRowElement(label: string, top: number): HTMLElement {
  const box = element('div', 'month-row');
  box.setAttribute('role', 'listitem');
  box.style.top = `${top}px`;
  box.append(element('h3', undefined, label));
  return box;
}

/** Whether the agenda opens on its list: not on a wide screen whose week view is remembered. */
export function showsAgendaList(): boolean {
  try {
    return !(window.matchMedia(WEEK_VIEW_MEDIA).matches && localStorage.getItem(AGENDA_VIEW_KEY) === 'week');
  } catch {
    return true;
  }
}

/** Whether `documents` have the shape the agenda is drawn from (anything else is not drawn). */
export function agendaDocuments(documents: Partial<Record<string, unknown>>): AgendaDocuments | undefined {
  const field = (doc: unknown, key: string) =>
    typeof doc === 'object' && doc !== null && typeof (doc as Record<string, unknown>)[key] === 'object'
      ? ((doc as Record<string, unknown>)[key] as object | null)
      : null;
  const days = field(documents['agenda'], 'days');
  const recipes = field(documents['recipes'], 'recipes');
  const notes = field(documents['notes'], 'notes');
  if (!days || !recipes || !notes) return undefined;
  return documents as unknown as AgendaDocuments;
}

/**
 * Draws the agenda list as it opens (today, three rows down) over `body`, the skeleton's panel
 * body, and returns the layer; nothing when there is nothing to draw over.
 */
export function paintAgenda(
  body: HTMLElement,
  documents: AgendaDocuments,
  now = new Date(),
): HTMLElement | undefined {
  // Everything read from the page's layout is read before the layer goes in (see below).
  const frame = body.getBoundingClientRect();
  if (frame.width === 0 || frame.height === 0) return undefined;
  const width = window.innerWidth;
  const today = toDayId(now);
  const rows: AgendaRow[] = buildRows(initialWindow(today), today);
  const offsets = rowOffsets(rows);
  const scrollTop = openingOffset(rows, offsets) ?? 0;

  const layer = element('div', 'panel-body first-paint');
  layer.id = FIRST_PAINT_ID;
  layer.inert = true;
  layer.setAttribute('aria-hidden', 'true');
  Object.assign(layer.style, {
    left: `${frame.left + window.scrollX}px`,
    top: `${frame.top + window.scrollY}px`,
    width: `${frame.width}px`,
    height: `${frame.height}px`,
  });
  const month = element('p', 'agenda-month', monthLabel(monthAt(rows, rowAt(offsets, scrollTop))));
  const scroll = element('div', 'agenda-scroll');
  const list = element('div', 'agenda-list');
  list.setAttribute('role', 'list');
  list.style.height = `${offsets[rows.length]}px`;
  scroll.append(list);
  layer.append(month, scroll);
  document.body.append(layer);
  // The layer's frame is laid out here (reading its height), and scrolled while it holds no rows:
  // the rows are then laid out with the next frame, in the browser's own task, not in this one.
  const height = scroll.clientHeight;
  scroll.scrollTop = scrollTop;

  // The rows in view, as the list draws them before its overscan.
  const drawn = document.createDocumentFragment();
  const last = rowAt(offsets, scrollTop + height);
  for (let index = rowAt(offsets, scrollTop); index <= last; index++) {
    const row = rows[index]!;
    const top = offsets[index]!;
    drawn.append(
      row.kind === 'month'
        ? monthRowElement(row.label, top)
        : dayRowElement(
            row,
            documents.agenda.days[row.dayId],
            documents.recipes.recipes,
            documents.notes.notes[row.dayId],
            top,
          ),
    );
  }
  list.append(drawn);
  // Drawn for this width: a window made wider or narrower before the app draws shows the skeleton.
  const resized = () => {
    if (window.innerWidth === width) return;
    window.removeEventListener('resize', resized);
    layer.remove();
  };
  window.addEventListener('resize', resized);
  return layer;
}

/** Takes the first paint's layer away: the app's own rows are drawn (or the agenda is gone). */
export function dropFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}
