/**
 * Dragging on the Groceries page (docs/BEHAVIOUR.md §4 "Aisles reorder by dragging. Items move between aisles by
 * dragging"): the sensors, how a drop target is found, how the arrow keys move a dragged item from
 * aisle to aisle, and what a screen reader hears.
 *
 * Sensors follow the project's settled values: a mouse drag starts after a 250 ms hold, a touch
 * drag after a 500 ms press (so a tap still edits and a swipe still scrolls), and the keyboard
 * picks up with Space or Enter on a row's or aisle's move handle.
 */
import {
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  pointerWithin,
  rectIntersection,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type ClientRect,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import {
  groceryActions,
  sortedAisles,
  type ActionEnv,
  type GroceriesAction,
  type Store,
} from '@mealplan/core';

/** What is being dragged or dragged over: an aisle card, or an item row. */
export type DragData =
  | { type: 'aisle'; aisleId: string; name: string }
  | { type: 'item'; itemId: string; aisleId: string; name: string };

/** The dnd-kit id of an aisle card (sortable and a drop target for items). */
export const aisleDragId = (aisleId: string): string => `aisle:${aisleId}`;
/** The dnd-kit id of an item row. */
export const itemDragId = (itemId: string): string => `item:${itemId}`;

/** The drag data of an `active` or `over` entry. */
export function dragData(entry: { data: { current?: unknown } } | null | undefined): DragData | undefined {
  return entry?.data.current as DragData | undefined;
}

/**
 * The grocery action a drop means: an item dropped on another aisle moves there; an aisle dropped
 * on another takes its position. A drop where it started means nothing.
 */
export function dropAction(
  store: Store,
  from: DragData | undefined,
  to: DragData | undefined,
  env: ActionEnv,
): GroceriesAction | undefined {
  if (!from || !to || from.aisleId === to.aisleId || !store.aisles[to.aisleId]) return undefined;
  if (from.type === 'item') return groceryActions.moveItem(from.itemId, to.aisleId, env);
  const toIndex = sortedAisles(store).findIndex((aisle) => aisle.id === to.aisleId);
  return groceryActions.moveAisle(store.id, from.aisleId, toIndex, env);
}

/** Where the arrow keys take a dragged item: the nearest aisle in that direction. */
export const itemKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const { active, over, droppableRects, droppableContainers } = context;
  const from = dragData(active);
  if (!active || from?.type !== 'item') return undefined;
  const currentId = over?.id ?? aisleDragId(from.aisleId);
  const current = droppableRects.get(currentId);
  if (!current) return undefined;
  const inDirection = (rect: ClientRect): boolean => {
    switch (event.code) {
      case 'ArrowDown':
        return rect.top > current.top;
      case 'ArrowUp':
        return rect.top < current.top;
      case 'ArrowRight':
        return rect.left > current.left;
      case 'ArrowLeft':
        return rect.left < current.left;
      default:
        return false;
    }
  };
  if (!event.code.startsWith('Arrow')) return undefined;
  event.preventDefault();
  let best: { rect: ClientRect; distance: number } | undefined;
  for (const container of droppableContainers.getEnabled()) {
    const rect = droppableRects.get(container.id);
    if (!rect || container.id === currentId || !inDirection(rect)) continue;
    const distance = Math.hypot(rect.left - current.left, rect.top - current.top);
    if (!best || distance < best.distance) best = { rect, distance };
  }
  return best ? { x: best.rect.left + 8, y: best.rect.top + 8 } : undefined;
};

/** Aisles use the sortable keyboard moves; items jump from aisle to aisle. */
export const groceryKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) =>
  dragData(args.context.active)?.type === 'aisle'
    ? sortableKeyboardCoordinates(event, args)
    : itemKeyboardCoordinates(event, args);

/**
 * The drop target: for an aisle being sorted, the nearest aisle; for an item, the aisle under the
 * pointer, else (keyboard, or between cards) the aisle the row overlaps most.
 */
export const groceryCollisions: CollisionDetection = (args) => {
  if (dragData(args.active)?.type === 'aisle') return closestCenter(args);
  if (args.pointerCoordinates) {
    const hits = pointerWithin(args);
    if (hits.length > 0) return hits;
  }
  return rectIntersection(args);
};

// Options live outside the hook: new objects on each render would give every draggable row a new
// context value, and so re-render the whole list on every change.
const MOUSE_OPTIONS = { activationConstraint: { delay: 250, tolerance: 50 } };
const TOUCH_OPTIONS = { activationConstraint: { delay: 500, tolerance: 30 } };
const KEYBOARD_OPTIONS = { coordinateGetter: groceryKeyboardCoordinates };

/** The sensors of the page's drag and drop. */
export function useGrocerySensors() {
  return useSensors(
    useSensor(MouseSensor, MOUSE_OPTIONS),
    useSensor(TouchSensor, TOUCH_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
}

/** What a screen reader is told on a move handle. */
export const dragInstructions: ScreenReaderInstructions = {
  draggable:
    'To move, press Space or Enter, use the arrow keys to choose where, then press Space or Enter ' +
    'to drop, or Escape to cancel.',
};

function position(over: { data: { current?: unknown } }): string {
  const sortable = (over.data.current as { sortable?: { index: number; items: unknown[] } }).sortable;
  return sortable ? `position ${sortable.index + 1} of ${sortable.items.length}` : '';
}

/** Spoken updates while dragging, by name rather than by id. */
export const dragAnnouncements: Announcements = {
  onDragStart({ active }) {
    const data = dragData(active);
    return data?.type === 'aisle' ? `Picked up aisle ${data.name}.` : `Picked up ${data?.name ?? 'item'}.`;
  },
  onDragOver({ active, over }) {
    const data = dragData(active);
    const target = dragData(over);
    if (!over || !target) return undefined;
    if (data?.type === 'aisle') return `Aisle ${data.name} is at ${position(over)}.`;
    return `${data?.name ?? 'Item'} is over aisle ${target.name}.`;
  },
  onDragEnd({ active, over }) {
    const data = dragData(active);
    const target = dragData(over);
    if (!over || !target) return `${data?.name ?? 'Item'} was dropped where it was.`;
    if (data?.type === 'aisle') return `Aisle ${data.name} moved to ${position(over)}.`;
    return `${data?.name ?? 'Item'} moved to aisle ${target.name}.`;
  },
  onDragCancel({ active }) {
    return `Moving ${dragData(active)?.name ?? 'the item'} was cancelled.`;
  },
};
