// The stand states and their labels without zod: the web app's event page reads them without loading the
// schemas (issue 21); stand.ts builds ZStandStatus and the review query from them.

// One stand state, `status` (docs/product.md#review-and-stand-states); the flags are derived from it
// (isDraft = pending, isApproved = approved) and both appear in reads. `withdrawn`: the owner (or
// the guest, by the manage link) took the stand back; only the owner still sees it. `waitlisted`: the
// event was full (maxStands) when it came in; it moves up to pending by itself when a place comes free.
// `released` (issue 36): the seller said "nein" to the reconfirmation or did not answer by its deadline; the place
// is free as after a withdrawal, and the stand is seen by its owner, the organiser and the team only.
export const STAND_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'waitlisted', 'released'] as const;
export type TStandStatus = (typeof STAND_STATUSES)[number];

export const STAND_STATUS_LABELS: Record<TStandStatus, string> = {
  pending: 'Wartend',
  approved: 'Genehmigt',
  rejected: 'Abgelehnt',
  withdrawn: 'Zurückgezogen',
  waitlisted: 'Warteliste',
  released: 'Platz abgegeben',
};

/**
 * The statuses that hold a user's one place at an event: a rejected or withdrawn stand does not
 * block a new registration (docs/product.md#review-and-stand-states); a waitlisted one does.
 */
export const ACTIVE_STAND_STATUSES = ['pending', 'approved', 'waitlisted'] as const satisfies readonly TStandStatus[];

/** The statuses that take one of an event's `maxStands` places; beyond them a registration waits. */
export const CAPACITY_STAND_STATUSES = ['pending', 'approved'] as const satisfies readonly TStandStatus[];

/** The longest reason an organiser may give for a rejection. */
export const REJECTION_REASON_MAX_LENGTH = 500;

/** The derived flags, so every service computes them the same way. */
export function standFlags(status: TStandStatus): { isDraft: boolean; isApproved: boolean } {
  return { isDraft: status === 'pending', isApproved: status === 'approved' };
}

/** The statuses the organiser's review list can show (`?status=`); withdrawn stands have left it. */
export const DRAFT_LIST_STATUSES = ['pending', 'waitlisted', 'approved', 'rejected'] as const satisfies readonly TStandStatus[];
