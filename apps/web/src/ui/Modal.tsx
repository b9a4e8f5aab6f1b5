import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useModalOpen } from './ShellContext';
import { CloseIcon } from './icons';

/**
 * A modal dialog on the native <dialog> element: focus moves in and is kept there, Escape
 * closes it, and the page behind is inert. While it is open the bottom navigation and footer
 * hide (docs/BEHAVIOUR.md §2).
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  className,
  dismissible = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** False for a question that must be answered: no close button, Escape and the backdrop do nothing. */
  dismissible?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useModalOpen(open);

  // Focus goes back to what opened the modal when it closes, if that is still in the page.
  // Declared before the effect that opens the dialog, so it sees the focus before showModal moves it.
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // React passes a nested dialog's cancel up to this one: Escape closes only the top dialog.
        if (event.target !== ref.current) return;
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (dismissible && event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="modal-body">
          <header className="modal-header">
            <h2 id={titleId}>{title}</h2>
            {dismissible && (
              <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
                <CloseIcon />
              </button>
            )}
          </header>
          <div className="modal-content">{children}</div>
          {footer && <footer className="modal-footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
