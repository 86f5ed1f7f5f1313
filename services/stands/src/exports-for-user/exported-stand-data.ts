import type { TExportedReview, TExportedStand } from '@flohmarkt/contracts';
import type { ReviewEntity } from '../reviews/review.entity.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { addressOf } from '../stands/stand-view.js';

/**
 * A stand as its owner's export shows it: what they entered, its state and the organiser's reason,
 * and the photo links. Internal bookkeeping (photo errors, guest fields, token hashes) stays out:
 * a registered user's stand has no guest data, and the rest is not the user's.
 */
export function toExportedStand(s: StandEntity, eventName: string | null): TExportedStand {
  return {
    id: s.id,
    eventId: s.eventId,
    eventName,
    standNumber: s.standNumber,
    description: s.description,
    categories: s.categories,
    foodCategories: s.foodCategories,
    activityCategories: s.activityCategories,
    latitude: s.latitude,
    longitude: s.longitude,
    status: s.status,
    rejectionReason: s.rejectionReason,
    acceptsPayPal: s.acceptsPayPal,
    locationPrecision: s.locationPrecision,
    nameDisplay: s.nameDisplay,
    address: addressOf(s),
    photos: s.photos,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function toExportedReview(r: ReviewEntity): TExportedReview {
  return { id: r.id, standId: r.standId, rating: r.rating, comment: r.comment, createdAt: r.createdAt.toISOString() };
}
