/**
 * A yes-or-cancel question in the app's modal, for what cannot be undone with a tap: emptying the
 * list, deleting a store, signing out with changes not yet saved.
 */
import type { ReactNode } from 'react';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Draws the confirm button red (deleting). */
  danger?: boolean;
}

/** Asks before doing something that cannot be taken back. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  danger,
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <button type="button" className="button ghost" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className={`button primary${danger ? ' danger' : ''}`}
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div className="modal-intro">{children}</div>
    </Modal>
  );
}
