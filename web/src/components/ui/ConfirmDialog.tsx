import { useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
}

/**
 * What a confirmation asks about (null: the dialog is closed). `ask` opens it for one; `dialog` wires
 * ConfirmDialog, whose confirm runs `act` on it, and `act` calls `done` once the action has settled.
 */
export function useConfirmation<T>(act: (subject: T, done: () => void) => void) {
  const [subject, setSubject] = useState<T | null>(null);
  const close = () => setSubject(null);
  const onConfirm = () => {
    if (subject !== null) act(subject, close);
  };
  return { subject, ask: setSubject, dialog: { open: subject !== null, onConfirm, onCancel: close } };
}

/** Asks before a destructive action (deleting a stand). */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Abbrechen
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
