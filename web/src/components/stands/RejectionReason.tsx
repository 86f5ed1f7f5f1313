import type { TStandStatus } from '@flohmarkt/contracts';

interface RejectionReasonProps {
  stand: { status: TStandStatus; rejectionReason?: string | null };
  /** Whose words: the organiser's, or on the organiser's own pages 'Deine Begründung'. */
  label?: string;
}

/** The organiser's reason under a rejected stand; nothing for any other stand or an empty reason. */
export function RejectionReason({ stand, label = 'Begründung des Organisators' }: RejectionReasonProps) {
  const reason = stand.status === 'rejected' ? stand.rejectionReason?.trim() : '';
  if (!reason) return null;
  return (
    <div className="rejection-reason">
      <p className="rejection-reason__label">{label}</p>
      <p className="rejection-reason__text">{reason}</p>
    </div>
  );
}
