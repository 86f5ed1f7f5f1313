import type { ChangeEvent, InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

/** ids of the hint and error texts of a field, for aria-describedby. */
export function describedBy(id: string, parts: { hint?: ReactNode; error?: string }): string | undefined {
  const ids = [parts.error ? `${id}-error` : null, parts.hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The message under a field; its id ties it to the field (aria-describedby). */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  );
}

export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  );
}

export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label className="field-label" htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="field-required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

export function TextField({ id, label, value, onValueChange, error, hint, required, className, ...rest }: TextFieldProps) {
  return (
    <div className={`field ${className ?? ''}`}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        {...rest}
        id={id}
        name={id}
        className="input"
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} message={error} />
    </div>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

export function TextAreaField({ id, label, value, onValueChange, error, hint, required, ...rest }: TextAreaFieldProps) {
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} required={required} />
      <textarea
        rows={4}
        {...rest}
        id={id}
        name={id}
        className="input textarea"
        value={value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
        onChange={(event) => onValueChange(event.target.value)}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} message={error} />
    </div>
  );
}

interface CheckboxFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
}

export function CheckboxField({ id, label, checked, onCheckedChange, hint }: CheckboxFieldProps) {
  return (
    <div className="field">
      <label className="checkbox" htmlFor={id}>
        <input
          id={id}
          name={id}
          type="checkbox"
          checked={checked}
          aria-describedby={describedBy(id, { hint })}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
    </div>
  );
}

/**
 * An on/off setting that takes effect as a preference (e.g. mails about new registrations): a checkbox
 * announced as a switch, drawn as one.
 */
export function SwitchField({ id, label, checked, onCheckedChange, hint }: CheckboxFieldProps) {
  return (
    <div className="field">
      <label className="switch" htmlFor={id}>
        <input
          id={id}
          name={id}
          type="checkbox"
          role="switch"
          className="switch__input"
          checked={checked}
          aria-describedby={describedBy(id, { hint })}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
        {label}
      </label>
      <FieldHint id={id} hint={hint} />
    </div>
  );
}

/** A form-wide message (e.g. the server's answer) announced to screen readers. */
export function FormMessage({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="notice notice--error" role="alert">
      {message}
    </p>
  );
}
