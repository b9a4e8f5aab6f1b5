import { useEffect } from 'react';

/** Whether a key press is typing: in a text field, a select or an editable element. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type))
  );
}

/**
 * The 't' key brings today back (docs/BEHAVIOUR.md "Where am I"), in the list and in the week view,
 * unless the key is typing or a dialog is open over the agenda.
 */
export function useTodayKey(goToToday: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 't' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      if (isTyping(event.target) || document.querySelector('dialog[open]')) return;
      goToToday();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [goToToday]);
}
