import { useCallback, useState } from 'react';
import { validate, type Schema } from './field-errors';

/**
 * The optional reason a confirmation dialog asks for (a cancellation, a rejection): its text, its
 * message, and the check against the contracts' schema of `{ reason }` before it is sent.
 */
export function useReason(schema: Schema<unknown>) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  // A changed reason loses its message; it is checked again on the next confirmation.
  const onValueChange = (next: string) => {
    setValue(next);
    setError(undefined);
  };

  /** The trimmed reason to send, or null once the schema's message is shown. */
  const checked = (): string | null => {
    const result = validate(schema, { reason: value });
    if (result.ok) return value.trim();
    setError(result.errors.reason);
    return null;
  };

  const reset = useCallback(() => {
    setValue('');
    setError(undefined);
  }, []);

  return { value, error, onValueChange, checked, reset };
}

export type Reason = ReturnType<typeof useReason>;
