import { standFlags, standLabel, type TStand, type TStandAddress, type TStandExhibitor } from '@flohmarkt/contracts';
import { photoStatesOf, type PhotoStates } from '../read-models/photo-states.js';
import type { StandEntity } from './stand.entity.js';

/**
 * The read shape of a stand: every stored field, the derived flags, the exhibitor's names (null
 * for guests) and each photo's state. A registered exhibitor auth no longer knows keeps an entry
 * without names, so the stand never reads like a guest stand.
 */
export function toStand(
  s: StandEntity,
  exhibitors: ReadonlyMap<string, TStandExhibitor>,
  photoStates: PhotoStates,
  /** Places on the waitlist (capacity.ts waitlistPositions) of the waitlisted stands among those read. */
  waitlistPositions: ReadonlyMap<string, number> = new Map(),
): TStand {
  const read: Omit<TStand, 'label'> = {
    id: s.id,
    eventId: s.eventId,
    exhibitorId: s.exhibitorId,
    standNumber: s.standNumber,
    description: s.description,
    categories: s.categories,
    foodCategories: s.foodCategories,
    activityCategories: s.activityCategories,
    photos: s.photos,
    photoStates: photoStatesOf(s.photos, photoStates),
    photoError: s.photoError,
    latitude: s.latitude,
    longitude: s.longitude,
    status: s.status,
    ...standFlags(s.status),
    acceptsPayPal: s.acceptsPayPal,
    guestFirstName: s.guestFirstName,
    guestLastName: s.guestLastName,
    // Only while rejected; rejected stands are read by their owner, the organiser and admins alone (stand-access.ts).
    rejectionReason: s.status === 'rejected' ? s.rejectionReason : null,
    // Only while waitlisted; waitlisted stands are read by their owner, the organiser and admins alone, like pending ones.
    waitlistPosition: s.status === 'waitlisted' ? (waitlistPositions.get(s.id) ?? null) : null,
    locationPrecision: s.locationPrecision,
    nameDisplay: s.nameDisplay,
    // The seller's own setting (issue 35): StandPresenter leaves it out of the public's read.
    holdMinutes: s.holdMinutes,
    // The owner's and the market's people's (issue 36): stand-privacy.ts leaves it out of the public's read.
    confirmation: s.confirmation,
    exhibitor: s.exhibitorId === null ? null : (exhibitors.get(s.exhibitorId) ?? { id: s.exhibitorId, firstName: null, lastName: null }),
    address: addressOf(s),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
  // The owner's view; forReader names it again as each reader sees it.
  return { ...read, label: standLabel(read) };
}

/** The stored address, or null when the stand has none. */
export function addressOf(s: StandEntity): TStandAddress | null {
  if (!s.addressStreet || !s.addressPostcode || !s.addressTown) return null;
  return { street: s.addressStreet, houseNumber: s.addressHouseNumber ?? null, postcode: s.addressPostcode, town: s.addressTown };
}
