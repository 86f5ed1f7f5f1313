import { useCallback, useState } from 'react';
import { TextAreaField } from './Field';
import { validate, type Schema } from './field-errors';

/** The optional reason a confirmation dialog asks for (a cancellation, a rejection), checked with the contracts' schema of `{ reason }`. */
export function useReason(schema: Schema<unknown>) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  // A changed reason loses its message; it is checked again on the next confirmation.
  const onValueChange = useCallback((next: string) => {
    setValue(next);
    setError(undefined);
  }, []);
  /** The trimmed reason to send, or null once the schema's message is shown. */
  const checked = (): string | null => {
    const result = validate(schema, { reason: value });
    if (!result.ok) setError(result.errors.reason);
    return result.ok ? value.trim() : null;
  };
  return { value, error, onValueChange, checked };
}

interface ReasonFieldProps {
  id: string;
  label: string;
  reason: ReturnType<typeof useReason>;
  /** The schema's longest reason; the field counts against it. */
  limit: number;
  /** Said before the count (e.g. where the reason is shown). */
  note?: string;
}

export function ReasonField({ id, label, reason, limit, note }: ReasonFieldProps) {
  const count = `${reason.value.length} von ${limit} Zeichen`;
  const { value, onValueChange, error } = reason;
  return <TextAreaField id={id} label={label} rows={3} value={value} onValueChange={onValueChange} error={error} hint={note ? `${note} ${count}` : count} />;
}
