import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';

/** How long a toast stays up (docs/BEHAVIOUR.md §8), and one with a button such as Undo. */
export const TOAST_MS = 4_000;
export const ACTION_TOAST_MS = 5_000;

/** A button in a toast, e.g. Undo. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

interface Toast {
  id: number;
  message: string;
  /** How many times in a row the same message was shown: 'Recipe added ×8'. */
  count: number;
  action?: ToastAction;
}

interface ToastApi {
  /**
   * Shows a message at once, bottom right, in place of the one showing (docs/BEHAVIOUR.md §8): the
   * same message again counts up ('Recipe added ×8'). It stays 4 s, or 5 s with a button.
   */
  show: (message: string, action?: ToastAction) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Provides `useToast()` and draws the current toast. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Toast | undefined>();
  const nextId = useRef(1);

  // The newest replaces the one showing, so none waits behind others; a repeat of a plain message
  // counts up in place (each with its own Undo would lose all but the last, so those never merge).
  const show = useCallback((message: string, action?: ToastAction) => {
    const id = nextId.current++;
    setCurrent((shown) => {
      if (shown && !shown.action && !action && shown.message === message) {
        return { id, message, count: shown.count + 1 };
      }
      return action ? { id, message, count: 1, action } : { id, message, count: 1 };
    });
  }, []);
  const dismiss = useCallback(
    (id: number) => setCurrent((shown) => (shown?.id === id ? undefined : shown)),
    [],
  );

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => dismiss(current.id), current.action ? ACTION_TOAST_MS : TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [current, dismiss]);

  const api = useMemo(() => ({ show }), [show]);
  const host = useTopmostModal();
  // The live region stays in the page so screen readers announce each new message. It is a manual
  // popover, so it sits in the top layer above everything the page draws; while a modal <dialog>
  // is open it moves into that dialog, since everything outside a modal is inert and a toast
  // there, drawn under the dialog's backdrop or not, could be neither seen nor dismissed.
  const region = (
    <div className="toast-region" role="status" aria-live="polite" ref={showOnTop}>
      {current && (
        <div className="toast" key={current.id}>
          <span>
            {current.message}
            {current.count > 1 && <span className="toast-count">{` ×${current.count}`}</span>}
          </span>
          {current.action && (
            <button
              type="button"
              className="toast-action"
              onClick={() => {
                current.action?.onClick();
                dismiss(current.id);
              }}
            >
              {current.action.label}
            </button>
          )}
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss"
            onClick={() => dismiss(current.id)}
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      )}
    </div>
  );
  return (
    <ToastContext.Provider value={api}>
      {children}
      {host ? createPortal(region, host) : region}
    </ToastContext.Provider>
  );
}

/**
 * Makes the region a manual popover and shows it, which puts it last in the top layer (above any
 * dialog already open). Set here rather than as a prop, so a browser without popovers (or jsdom)
 * keeps drawing it as a plain fixed element.
 */
function showOnTop(element: HTMLDivElement | null): void {
  if (!element || typeof element.showPopover !== 'function') return;
  try {
    element.popover = 'manual';
    if (!element.matches(':popover-open')) element.showPopover();
  } catch {
    // Not connected: the fixed position still draws it.
  }
}

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.open && dialog.matches(':modal');
  } catch {
    return dialog.open; // no :modal support
  }
}

/**
 * The modal <dialog> opened last (the one on top), or null when none is open. Watches the `open`
 * attribute of every dialog, and the removal of an open one.
 */
function useTopmostModal(): HTMLDialogElement | null {
  const [top, setTop] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const openedAt = new WeakMap<HTMLDialogElement, number>();
    let sequence = 0;
    let current: HTMLDialogElement | null = null;
    const update = () => {
      let found: HTMLDialogElement | null = null;
      let latest = -1;
      for (const dialog of document.querySelectorAll('dialog')) {
        if (!isModal(dialog)) {
          openedAt.delete(dialog);
          continue;
        }
        let at = openedAt.get(dialog);
        if (at === undefined) openedAt.set(dialog, (at = ++sequence));
        if (at > latest) [found, latest] = [dialog, at];
      }
      current = found;
      setTop(found);
    };
    const observer = new MutationObserver((records) => {
      // Re-check when a dialog opens or closes, or when the one hosting the toasts leaves the page.
      if (records.some((r) => r.type === 'attributes') || (current && !current.isConnected)) update();
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['open'],
    });
    update();
    return () => observer.disconnect();
  }, []);
  return top;
}

/** `useToast().show('Password changed')` from any screen. */
export function useToast(): ToastApi {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}
