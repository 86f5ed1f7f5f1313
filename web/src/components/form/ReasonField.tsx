import { TextAreaField } from './Field';
import type { Reason } from './use-reason';

interface ReasonFieldProps {
  id: string;
  label: string;
  reason: Reason;
  /** The schema's longest reason, counted down below the field. */
  limit: number;
  /** Said before the count (e.g. where the reason is shown). */
  note?: string;
}

/** The reason's text area in a confirmation dialog, with the count of its characters. */
export function ReasonField({ id, label, reason, limit, note }: ReasonFieldProps) {
  const count = `${reason.value.length} von ${limit} Zeichen`;
  return (
    <TextAreaField
      id={id}
      label={label}
      rows={3}
      value={reason.value}
      onValueChange={reason.onValueChange}
      error={reason.error}
      hint={note ? `${note} ${count}` : count}
    />
  );
}
