/**
 * A store's aisles as a grid of cards, one column on a phone, else 2, 3 or 5 by width (docs/BEHAVIOUR.md
 * §2, §9), with the drag and drop of docs/BEHAVIOUR.md §4: aisles reorder by dragging while the store is
 * being edited, and items move to another aisle by dragging them onto its card.
 */
import { DndContext, DragOverlay, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { SortableContext, rectSortingStrategy } from '@dnd-kit/sortable';
import { visibleAisles, type Store } from '@mealplan/core';
import { useMemo, useState } from 'react';
import { AddAisleCard, AisleCard } from './AisleCard';
import {
  aisleDragId,
  dragAnnouncements,
  dragData,
  dragInstructions,
  dropAction,
  groceryCollisions,
  useGrocerySensors,
  type DragData,
} from './dnd';
import { browserEnv } from '../data';
import { useGroceryApi } from './GroceryApi';
import type { GroceriesMode } from './preferences';

export interface AisleBoardProps {
  store: Store;
  mode: GroceriesMode;
  editingStore: boolean;
}

const ACCESSIBILITY = { announcements: dragAnnouncements, screenReaderInstructions: dragInstructions };

/** The aisle grid of one store, with its drag and drop. */
export function AisleBoard({ store, mode, editingStore }: AisleBoardProps) {
  const api = useGroceryApi();
  const sensors = useGrocerySensors();
  const [dragging, setDragging] = useState<DragData | undefined>();
  const aisles = useMemo(() => visibleAisles(store, mode), [store, mode]);
  // Keyed by the ids' text, so an edit inside an aisle does not hand the sortable context a new
  // array (which would re-render every card).
  const idsKey = aisles.map((aisle) => aisle.id).join('\n');
  const ids = useMemo(() => (idsKey ? idsKey.split('\n').map(aisleDragId) : []), [idsKey]);
  const mainName = store.aisles[store.mainAisleId]?.name ?? '';

  const onDragStart = ({ active }: DragStartEvent) => setDragging(dragData(active));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(undefined);
    const action = dropAction(store, dragData(active), dragData(over), browserEnv);
    if (action) api.run(action);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={groceryCollisions}
      accessibility={ACCESSIBILITY}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(undefined)}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <div className={`aisle-grid aisle-grid--${mode}`}>
          {aisles.map((aisle) => (
            <AisleCard
              key={aisle.id}
              aisle={aisle}
              storeId={store.id}
              isMain={aisle.id === store.mainAisleId}
              mainName={mainName}
              mode={mode}
              editingStore={editingStore}
            />
          ))}
          {editingStore && mode === 'edit' && <AddAisleCard storeId={store.id} />}
        </div>
      </SortableContext>
      <DragOverlay dropAnimation={null}>
        {dragging?.type === 'item' ? <div className="drag-preview">{dragging.name}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}
