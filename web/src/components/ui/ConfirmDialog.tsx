import { useState, type ReactNode } from 'react';
import { busyButton } from './busy-button';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  /** The confirm button's look: danger for what cannot be undone (the default). */
  tone?: 'danger' | 'primary' | 'accent';
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

/** Asks before an action: a destructive one (deleting a stand), or one that asks or mails others (a hold, an invitation). */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, busy = false, tone = 'danger' }: ConfirmDialogProps) {
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
          {/* Not `disabled` while busy: the focus would drop to the page behind the modal dialog. */}
          <button type="button" className={`button button--${tone}`} onClick={busy ? undefined : onConfirm} {...busyButton(busy)}>
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
