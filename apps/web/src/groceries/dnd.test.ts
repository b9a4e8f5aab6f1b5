import type { ClientRect, UniqueIdentifier } from '@dnd-kit/core';
import { DEFAULT_STORE_ID, groceryActions, sortedAisles } from '@mealplan/core';
import { describe, expect, it } from 'vitest';
import { aisleDragId, dropAction, itemKeyboardCoordinates, type DragData } from './dnd';
import { addAisle, addItem, buildGroceries, itemId, testEnv } from './testing.test-helpers';

const doc = buildGroceries(addAisle('Dairy'), addAisle('Bakery'), addItem('Milk'));
const store = doc.stores[DEFAULT_STORE_ID]!;
const [main, dairy, bakery] = sortedAisles(store);

const aisle = (a: typeof main): DragData => ({ type: 'aisle', aisleId: a!.id, name: a!.name });
const milk: DragData = { type: 'item', itemId: itemId(doc, 'Milk'), aisleId: main!.id, name: 'Milk' };

describe('dropAction', () => {
  it('moves an item dropped on another aisle there', () => {
    expect(dropAction(store, milk, aisle(dairy), testEnv())).toMatchObject({
      type: 'MOVE_ITEM',
      itemId: milk.type === 'item' ? milk.itemId : '',
      toAisleId: dairy!.id,
    });
  });

  it('moves an aisle dropped on another to its position', () => {
    expect(dropAction(store, aisle(bakery), aisle(main), testEnv())).toMatchObject({
      type: 'MOVE_AISLE',
      storeId: DEFAULT_STORE_ID,
      aisleId: bakery!.id,
      toIndex: 0,
    });
  });

  it('does nothing for a drop where the drag started, or outside any aisle', () => {
    expect(dropAction(store, milk, aisle(main), testEnv())).toBeUndefined();
    expect(dropAction(store, milk, undefined, testEnv())).toBeUndefined();
    expect(dropAction(store, aisle(dairy), aisle(dairy), testEnv())).toBeUndefined();
  });

  it('gives the same result as the reducer expects', () => {
    const action = dropAction(store, aisle(bakery), aisle(main), testEnv())!;
    expect(action.type).toBe(groceryActions.moveAisle(DEFAULT_STORE_ID, bakery!.id, 0, testEnv()).type);
  });
});

/** A 2 x 2 grid of aisle cards, 200 px wide and 300 px tall, 10 px apart. */
function grid(): Map<UniqueIdentifier, ClientRect> {
  const rect = (left: number, top: number): ClientRect => ({
    left,
    top,
    width: 200,
    height: 300,
    right: left + 200,
    bottom: top + 300,
  });
  return new Map<UniqueIdentifier, ClientRect>([
    [aisleDragId('a'), rect(0, 0)],
    [aisleDragId('b'), rect(210, 0)],
    [aisleDragId('c'), rect(0, 310)],
    [aisleDragId('d'), rect(210, 310)],
  ]);
}

function press(code: string, overId: string | null) {
  const rects = grid();
  const containers = [...rects.keys()].map((id) => ({ id, disabled: false }));
  const event = { code, preventDefault: () => {} } as KeyboardEvent;
  const context = {
    active: { id: 'item:x', data: { current: { type: 'item', itemId: 'x', aisleId: 'a', name: 'X' } } },
    over: overId ? { id: aisleDragId(overId) } : null,
    droppableRects: rects,
    droppableContainers: { getEnabled: () => containers },
  };
  return itemKeyboardCoordinates(event, {
    active: 'item:x',
    currentCoordinates: { x: 0, y: 0 },
    context: context as never,
  });
}

describe('itemKeyboardCoordinates', () => {
  it('takes a dragged item to the nearest aisle in the arrow direction', () => {
    expect(press('ArrowRight', null)).toEqual({ x: 218, y: 8 });
    expect(press('ArrowDown', null)).toEqual({ x: 8, y: 318 });
    expect(press('ArrowLeft', 'd')).toEqual({ x: 8, y: 318 });
    expect(press('ArrowUp', 'd')).toEqual({ x: 218, y: 8 });
  });

  it('stays put at the edge and ignores other keys', () => {
    expect(press('ArrowLeft', null)).toBeUndefined();
    expect(press('ArrowUp', 'b')).toBeUndefined();
    expect(press('KeyA', null)).toBeUndefined();
  });
});
