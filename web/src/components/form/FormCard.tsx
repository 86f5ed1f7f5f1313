import type { ReactNode, RefObject } from 'react';

interface FormCardProps {
  /** useFormState's ref: it moves the focus to the first invalid field. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The form's accessible name, where no heading names it. */
  label?: string;
  onSubmit: () => void;
  onReset?: () => void;
}

/**
 * A form in a card. The contracts' schemas check it, not the browser (noValidate), and submit and
 * reset stay on the page.
 */
export function FormCard({ formRef, label, onSubmit, onReset, children }: FormCardProps & { children: ReactNode }) {
  return (
    <form
      ref={formRef}
      className="form card"
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      onReset={
        onReset &&
        ((event) => {
          event.preventDefault();
          onReset();
        })
      }
    >
      {children}
    </form>
  );
}
