import { DRAFT_LIST_STATUSES, STAND_STATUS_LABELS } from '@flohmarkt/contracts';
import type { TDraftListStatus } from '@/features/stands/api/get-draft-stands';

interface ReviewStatusFilterProps {
  value: readonly TDraftListStatus[];
  onChange: (statuses: TDraftListStatus[]) => void;
}

/**
 * Which registrations the review list shows: 'Wartend', 'Warteliste', 'Genehmigt', 'Abgelehnt', any
 * together. Withdrawn stands have left the list (the server's filter does not take them).
 */
export function ReviewStatusFilter({ value, onChange }: ReviewStatusFilterProps) {
  const toggle = (status: TDraftListStatus, on: boolean) => onChange(DRAFT_LIST_STATUSES.filter((s) => (s === status ? on : value.includes(s))));
  return (
    <fieldset className="review-filter">
      <legend className="review-filter__legend">Status anzeigen</legend>
      {DRAFT_LIST_STATUSES.map((status) => (
        <label key={status} className={`review-filter__chip status-badge--${status}`}>
          <input type="checkbox" checked={value.includes(status)} onChange={(e) => toggle(status, e.target.checked)} />
          {STAND_STATUS_LABELS[status]}
        </label>
      ))}
    </fieldset>
  );
}
