import type { ReactNode } from 'react';

interface FormActionsProps {
  label: string;
  /** While the form is sent: the button is disabled and says so. */
  busy: boolean;
  busyLabel: string;
  /** The way out beside it (cancel, reset). */
  children?: ReactNode;
}

/** The buttons under a form: its submit button first. */
export function FormActions({ label, busy, busyLabel, children }: FormActionsProps) {
  return (
    <div className="form-actions">
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      {children}
    </div>
  );
}
