import { REJECTION_REASON_MAX_LENGTH, ZStandReject, type TStand } from '@flohmarkt/contracts';
import { useEffect } from 'react';
import { ReasonField, useReason } from '@/components/form/ReasonField';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';

interface RejectStandDialogProps {
  /** The stand, or the stands chosen in the list, to reject; null keeps the dialog closed. */
  stands: TStand[] | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * 'Ablehnen' asks for an optional reason (≤ 500 characters), which the exhibitor or guest is shown (issue 17);
 * 'Ausgewählte ablehnen' asks once for all the chosen stands, each is told the same reason (issue 18).
 */
export function RejectStandDialog({ stands, busy, onConfirm, onCancel }: RejectStandDialogProps) {
  const reason = useReason(ZStandReject);
  const { onValueChange: setReason } = reason;
  const key = stands?.map((s) => s.id).join(',');

  // Every choice of stands starts with an empty reason.
  useEffect(() => setReason(''), [key, setReason]);

  const confirm = () => {
    const text = reason.checked();
    if (text !== null) onConfirm(text);
  };

  const many = (stands?.length ?? 0) > 1;
  const who = many
    ? 'Aussteller sehen ihre Stände als „Abgelehnt“, Gäste die Ablehnung unter ihrem Anmeldungslink, jeweils mit deiner Begründung.'
    : stands?.[0]?.exhibitorId
      ? 'Der Aussteller sieht den Stand in seinen Ständen als „Abgelehnt“, mit deiner Begründung.'
      : 'Der Gast sieht die Ablehnung unter seinem Anmeldungslink, mit deiner Begründung.';

  return (
    <ConfirmDialog
      open={stands !== null && stands.length > 0}
      title={many ? `${stands?.length ?? 0} Anmeldungen ablehnen?` : 'Anmeldung ablehnen?'}
      confirmLabel="Ablehnen"
      busy={busy}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>{who} Ist eine E-Mail-Adresse hinterlegt, kommt die Nachricht auch per E-Mail.</p>
      <ReasonField id="rejectionReason" label="Begründung (optional)" reason={reason} limit={REJECTION_REASON_MAX_LENGTH} />
    </ConfirmDialog>
  );
}
