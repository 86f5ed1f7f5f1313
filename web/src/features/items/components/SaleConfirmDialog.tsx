import type { THold, TItem } from '@flohmarkt/contracts';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';

/** An item about to be marked sold, with its open hold as the seller's list shows it (null: only its „reserviert“ is known). */
export interface SaleAsk {
  item: TItem;
  hold: THold | null;
}

/** The item's open hold (requested or accepted) in the seller's list, if any. */
export function openHoldOf(item: TItem, holds: THold[] | undefined): THold | null {
  return holds?.find((hold) => hold.itemId === item.id && (hold.status === 'requested' || hold.status === 'accepted')) ?? null;
}

/** Whether marking the item sold ends someone's hold: the seller is asked first (the server ends it and mails the holder). */
export function saleEndsHold(item: TItem, hold: THold | null): boolean {
  return item.status !== 'sold' && (hold !== null || item.status === 'held');
}

/** That the holder is mailed unless they opted out of hold mails (the seller is not told which), in the unsubscribe page's words for that switch. */
const HOLDER_MAILED = 'bekommt dazu eine E-Mail, sofern die E-Mails zu Reservierungen nicht abbestellt sind.';

/** What ends, and that the holder is mailed: by the display name the seller's list shows, else without a name (an organiser, who sees no holds). */
export function saleText({ item, hold }: SaleAsk): string {
  const name = hold?.holderName ?? null;
  const title = `„${item.title}“`;
  if (name && hold?.status === 'requested') {
    return `${name} möchte ${title} reservieren. Markierst du es als verkauft, endet die Anfrage, und ${name} ${HOLDER_MAILED}`;
  }
  if (name) {
    return `${title} ist für ${name} reserviert. Markierst du es als verkauft, endet die Reservierung, und ${name} ${HOLDER_MAILED}`;
  }
  return `${title} ist reserviert. Markierst du es als verkauft, endet die Reservierung, und wer reserviert hat, ${HOLDER_MAILED}`;
}

interface SaleConfirmDialogProps {
  subject: SaleAsk | null;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a sale ends a visitor's hold (a review: it ended silently, and the seller never knew). */
export function SaleConfirmDialog({ subject, ...dialog }: SaleConfirmDialogProps) {
  return (
    <ConfirmDialog title="Als verkauft markieren?" confirmLabel="Als verkauft markieren" tone="primary" {...dialog}>
      <p>{subject ? saleText(subject) : null}</p>
    </ConfirmDialog>
  );
}
