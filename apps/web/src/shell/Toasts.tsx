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
import { CloseIcon } from '../ui/icons';

/** How long a toast stays up (SPEC §8). */
export const TOAST_MS = 4_000;

interface Toast {
  id: number;
  message: string;
}

interface ToastApi {
  /** Queues a message; toasts show one at a time, bottom right, for 4 s each. */
  show: (message: string) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Provides `useToast()` and draws the current toast. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const current = queue[0];

  const show = useCallback((message: string) => {
    const id = nextId.current++;
    setQueue((q) => [...q, { id, message }]);
  }, []);
  const dismiss = useCallback((id: number) => setQueue((q) => q.filter((t) => t.id !== id)), []);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => dismiss(current.id), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [current, dismiss]);

  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The live region stays in the page so screen readers announce each new message. */}
      <div className="toast-region" role="status" aria-live="polite">
        {current && (
          <div className="toast" key={current.id}>
            <span>{current.message}</span>
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
    </ToastContext.Provider>
  );
}

/** `useToast().show('Password changed')` from any screen. */
export function useToast(): ToastApi {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error('useToast must be used inside <ToastProvider>');
  return toast;
}
