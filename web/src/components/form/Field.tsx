import { useState, type ChangeEvent, type ClipboardEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

/** ids of the hint and error texts of a field, for aria-describedby. */
export function describedBy(id: string, parts: { hint?: ReactNode; error?: string }): string | undefined {
  const ids = [parts.error ? `${id}-error` : null, parts.hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** The aria wiring of a field's control: required, invalid, and the ids of its hint and message. */
export function fieldAria(id: string, parts: { required?: boolean; hint?: ReactNode; error?: string }) {
  return {
    'aria-required': parts.required || undefined,
    'aria-invalid': parts.error ? true : undefined,
    'aria-describedby': describedBy(id, parts),
  } as const;
}

/** A hint or the message under a field, tied to it by its id (aria-describedby, see describedBy). */
export function FieldText({ id, kind, text }: { id: string; kind: 'hint' | 'error'; text?: ReactNode }) {
  if (!text) return null;
  return (
    <p id={`${id}-${kind}`} className={`field-${kind}`}>
      {text}
    </p>
  );
}

/** The asterisk of a required field or group; screen readers hear aria-required instead. */
export function RequiredMark({ required }: { required?: boolean }) {
  if (!required) return null;
  return (
    <span className="field-required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

interface FieldFrameProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  /** Classes beside `field`. */
  className?: string;
  /** Said between the hint and the message (e.g. a search's progress). */
  notes?: ReactNode;
  /** The control, wired with fieldAria. */
  children: ReactNode;
}

/** One field as every form shows it: label, control, hint, message. */
export function FieldFrame({ id, label, required, hint, error, className, notes, children }: FieldFrameProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      {children}
      <FieldText id={id} kind="hint" text={hint} />
      {notes}
      <FieldText id={id} kind="error" text={error} />
    </div>
  );
}

/** What a text field takes besides its control's own attributes. */
interface TextValueProps {
  id: string;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
}

type TextFieldProps = TextValueProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'>;

/**
 * A paste longer than the field's `maxLength` is cut by the browser without a word: the field says so
 * while it is full (a title that ends mid-word should not be a surprise on the page). Typing up to the
 * limit, e.g. a five-digit postcode, says nothing.
 */
function useCutPaste(value: string, maxLength: number | undefined) {
  const [cut, setCut] = useState(false);
  const onPaste = (event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (maxLength === undefined) return;
    const { value: before, selectionStart, selectionEnd } = event.currentTarget;
    const room = maxLength - before.length + ((selectionEnd ?? 0) - (selectionStart ?? 0));
    setCut(event.clipboardData.getData('text').length > room);
  };
  const note =
    cut && maxLength !== undefined && value.length >= maxLength ? (
      <p className="field-hint" role="status">
        Nicht alles eingefügt: Hier passen höchstens {maxLength} Zeichen.
      </p>
    ) : null;
  return { onPaste, note };
}

export function TextField({ id, label, value, onValueChange, error, hint, required, className, ...rest }: TextFieldProps) {
  const cut = useCutPaste(value, rest.maxLength);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} className={className} notes={cut.note}>
      <input
        {...rest}
        id={id}
        name={id}
        className="input"
        value={value}
        {...fieldAria(id, { required, hint, error })}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value)}
        onPaste={cut.onPaste}
      />
    </FieldFrame>
  );
}

type TextAreaFieldProps = TextValueProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'>;

export function TextAreaField({ id, label, value, onValueChange, error, hint, required, ...rest }: TextAreaFieldProps) {
  const cut = useCutPaste(value, rest.maxLength);
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error} notes={cut.note}>
      <textarea
        rows={4}
        {...rest}
        id={id}
        name={id}
        className="input textarea"
        value={value}
        {...fieldAria(id, { required, hint, error })}
        onChange={(event) => onValueChange(event.target.value)}
        onPaste={cut.onPaste}
      />
    </FieldFrame>
  );
}

interface CheckboxFieldProps {
  id: string;
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
  /**
   * An on/off setting that takes effect as a preference (e.g. mails about new registrations): a checkbox
   * announced as a switch, drawn as one.
   */
  asSwitch?: boolean;
}

export function CheckboxField({ id, label, checked, onCheckedChange, hint, asSwitch }: CheckboxFieldProps) {
  return (
    <div className="field">
      <label className={asSwitch ? 'switch' : 'checkbox'} htmlFor={id}>
        <input
          id={id}
          name={id}
          type="checkbox"
          role={asSwitch ? 'switch' : undefined}
          className={asSwitch ? 'switch__input' : undefined}
          checked={checked}
          aria-describedby={describedBy(id, { hint })}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        {asSwitch ? <span className="switch__track" aria-hidden="true" /> : null}
        {label}
      </label>
      <FieldText id={id} kind="hint" text={hint} />
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
