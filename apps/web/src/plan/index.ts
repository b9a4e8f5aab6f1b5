// The plan folder's entry: what other folders may use. Files inside import each other directly;
// other folders import only from here (eslint.config.mjs, docs/WEB-MODULES.md).

export { PlanDnd, dayTargetId } from './PlanDnd';
export { PlanModalsProvider, usePlanModals } from './PlanModals';
export type { PlanModal } from './PlanModals';
export { calendarDaysBetween, dayIdToDate, longDate, monthName, ordinal, weekdayName } from './dates';
export { REMOVED_FROM_AGENDA, planWithUndo, undoActions, undoName } from './drop';
export type { DayDrag, DayTarget, DragItem, PlannedDrag, RecipeDrag } from './drop';
export { browserEnv } from './env';
export {
  CalendarIcon,
  DeleteIcon,
  NOTES_ICON_PATH,
  NotesIcon,
  PersonAddIcon,
  SearchIcon,
  StarIcon,
} from './icons';
export { useStoredChoice } from './storage';
export { useOverscanAfterPaint } from './overscan';
