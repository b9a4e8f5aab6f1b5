import {
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  PointerSensor,
  TouchSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type AutoScrollOptions,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type PointerActivationConstraint,
  type PointerSensorOptions,
} from '@dnd-kit/core';
import type { PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { longDate } from './dates';
import { useDispatch, useDocument } from '../data';
import { useToast } from '../ui';
import { toastRecipeName } from '../shell';
import {
  dropActions,
  isDeleteGesture,
  REMOVED_FROM_AGENDA,
  undoActions,
  undoName,
  type DayTarget,
  type DragItem,
} from './drop';
import { browserEnv } from './env';
import { DeleteIcon, DragIndicatorIcon } from './icons';

/** docs/BEHAVIOUR.md §2 activation: a mouse or pen holds 250 ms (moving up to 50 px), a finger 500 ms (30 px). */
export const POINTER_ACTIVATION: PointerActivationConstraint = { delay: 250, tolerance: 50 };
export const TOUCH_ACTIVATION: PointerActivationConstraint = { delay: 500, tolerance: 30 };

/**
 * Scrolling the agenda (or the recipe list) while dragging near its top or bottom edge, slow enough
 * to land on the day one meant (docs/BEHAVIOUR.md §2). dnd-kit scrolls a container when the pointer
 * is within `threshold` (a share of the container's height) of an edge, by `acceleration` × (how
 * deep into that band the pointer is, 0 to 1) pixels every `interval` ms. Its defaults (a fifth of
 * the height, 10 px every 5 ms: 2,000 px/s at the edge) carried a two-row drag on a phone 18 days
 * away. Here only the outer tenth of the height scrolls, the rest is a dead zone, and the speed
 * starts at nothing where the band begins and reaches 250 px/s (between five and six rows a
 * second) at the very edge.
 */
export const AUTO_SCROLL: AutoScrollOptions = {
  threshold: { x: 0.1, y: 0.1 },
  acceleration: 4,
  interval: 16,
};

/**
 * The pointer sensor for mice and pens only: touches are left to the TouchSensor and its longer
 * delay, which would otherwise never get a chance (pointer events fire for touches too).
 */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: ({ nativeEvent: event }: ReactPointerEvent, { onActivation }: PointerSensorOptions) => {
        if (!event.isPrimary || event.button !== 0 || event.pointerType === 'touch') return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}

/**
 * The click that ends a drag must not also open the row it ended on: it is swallowed once. The
 * browser dispatches it right after the pointer is released, before any timer runs, so a later,
 * real click is never lost.
 */
function swallowClickAfterDrag(): void {
  const swallow = (event: MouseEvent) => {
    event.stopPropagation();
    event.preventDefault();
  };
  window.addEventListener('click', swallow, { capture: true, once: true });
  window.setTimeout(() => window.removeEventListener('click', swallow, { capture: true }), 0);
}

const itemOf = (data: unknown) => data as DragItem | undefined;
const targetOf = (data: unknown) => data as DayTarget | undefined;
const DAY_PREFIX = 'day:';

/** Screen-reader announcements in the plan's words. */
const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${itemOf(active.data.current)?.name ?? 'item'}.`,
  onDragOver: ({ active, over }) =>
    over && String(over.id).startsWith(DAY_PREFIX)
      ? `${itemOf(active.data.current)?.name ?? 'Item'} is over ${longDate(String(over.id).slice(DAY_PREFIX.length))}.`
      : `${itemOf(active.data.current)?.name ?? 'Item'} is no longer over a day.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `Dropped ${itemOf(active.data.current)?.name ?? 'item'} on ${longDate(String(over.id).slice(DAY_PREFIX.length))}.`
      : `Dropped ${itemOf(active.data.current)?.name ?? 'item'}.`,
  onDragCancel: ({ active }) => `Put ${itemOf(active.data.current)?.name ?? 'item'} back.`,
};

/** The id of a day's drop target. */
export const dayTargetId = (dayId: string): string => `${DAY_PREFIX}${dayId}`;

/**
 * Drag and drop for the plan (docs/BEHAVIOUR.md §2): a recipe onto a day plans it, a day onto a day swaps them,
 * and anything on the agenda dragged more than 100 px right turns red; a recipe dropped there
 * leaves the agenda. Wraps both panels so recipes can travel from one to the other.
 */
export function PlanDnd({ children }: { children: ReactNode }) {
  const { doc: agenda } = useDocument('agenda');
  const { doc: recipes } = useDocument('recipes');
  const dispatch = useDispatch();
  const toast = useToast();
  const [active, setActive] = useState<DragItem | undefined>();
  const [deleting, setDeleting] = useState(false);
  // Undo acts on the agenda as it is when clicked, not as it was when dropped.
  const latestAgenda = useRef(agenda);
  useLayoutEffect(() => {
    latestAgenda.current = agenda;
  }, [agenda]);

  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: POINTER_ACTIVATION }),
    useSensor(TouchSensor, { activationConstraint: TOUCH_ACTIVATION }),
  );

  const onDragStart = useCallback((event: DragStartEvent) => {
    setActive(itemOf(event.active.data.current));
    setDeleting(false);
  }, []);
  const onDragMove = useCallback((event: DragMoveEvent) => {
    const item = itemOf(event.active.data.current);
    const next = !!item && isDeleteGesture(item, event.delta.x, targetOf(event.over?.data.current));
    setDeleting((current) => (current === next ? current : next));
  }, []);
  const reset = useCallback(() => {
    swallowClickAfterDrag();
    setActive(undefined);
    setDeleting(false);
  }, []);
  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      reset();
      const item = itemOf(event.active.data.current);
      if (!item) return;
      const target = targetOf(event.over?.data.current);
      const result = dropActions(item, target, event.delta.x, agenda, recipes, browserEnv);
      if (result.actions.length) dispatch(...result.actions);
      const { undo } = result;
      if (undo) {
        const name = toastRecipeName(undoName(undo, recipes));
        toast.show(undo.kind === 'replaced' ? `Replaced ${name}` : (result.toast ?? REMOVED_FROM_AGENDA), {
          label: 'Undo',
          onClick: () => {
            const actions = undoActions(undo, latestAgenda.current, browserEnv);
            if (actions.length) dispatch(...actions);
          },
        });
      } else if (result.toast) toast.show(result.toast);
    },
    [agenda, recipes, dispatch, toast, reset],
  );

  const accessibility = useMemo(
    () => ({
      announcements,
      screenReaderInstructions: {
        draggable:
          'Press and hold to drag this onto a day. Keyboard users: use the "Add to a day" button or the day window instead.',
      },
    }),
    [],
  );

  return (
    <DndContext
      sensors={sensors}
      autoScroll={AUTO_SCROLL}
      collisionDetection={pointerWithin}
      measuring={{ droppable: { strategy: MeasuringStrategy.WhileDragging } }}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {active && <DragPreview item={active} deleting={deleting} />}
      </DragOverlay>
    </DndContext>
  );
}

/** What follows the pointer: the item's name, turning red in the delete zone. */
function DragPreview({ item, deleting }: { item: DragItem; deleting: boolean }) {
  return (
    <div className={`drag-preview${deleting ? ' drag-preview--delete' : ''}`}>
      {deleting ? <DeleteIcon width={20} height={20} /> : <DragIndicatorIcon width={20} height={20} />}
      <span className="drag-preview-name">{item.name}</span>
      {deleting && (
        <span className="drag-preview-hint">
          {item.type === 'planned' ? 'Remove from agenda' : 'Drop to cancel'}
        </span>
      )}
    </div>
  );
}
