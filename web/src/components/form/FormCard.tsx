import type { FormEvent, ReactNode, RefObject } from 'react';
import { busyButton } from '@/components/ui/busy-button';

interface FormCardProps {
  /** useFormState's ref: it moves the focus to the first invalid field. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The form's accessible name, where no heading names it. */
  label?: string;
  onSubmit: () => void;
  onReset?: () => void;
  children: ReactNode;
}

/** Submit and reset stay on the page. */
function staying(action: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    action();
  };
}

/** A form in a card; the contracts' schemas check it, not the browser (noValidate). */
export function FormCard({ formRef, label, onSubmit, onReset, children }: FormCardProps) {
  return (
    <form ref={formRef} className="form card" noValidate aria-label={label} onSubmit={staying(onSubmit)} onReset={onReset && staying(onReset)}>
      {children}
    </form>
  );
}

interface FormActionsProps {
  label: string;
  /** While the form is sent: the button refuses presses and says so, and keeps the focus. */
  busy: boolean;
  busyLabel: string;
  /** The way out beside it (cancel, reset). */
  children?: ReactNode;
}

/** The buttons under a form: its submit button first. */
export function FormActions({ label, busy, busyLabel, children }: FormActionsProps) {
  return (
    <div className="form-actions">
      {/* Not `disabled`, which drops the focus to the page; a press while busy (or Enter in a field) sends nothing twice. */}
      <button type="submit" className="button button--primary" {...busyButton(busy)} onClick={busy ? (event) => event.preventDefault() : undefined}>
        {busy ? busyLabel : label}
      </button>
      {children}
    </div>
  );
}
