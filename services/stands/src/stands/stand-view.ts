import { standFlags, type TStand, type TStandExhibitor } from '@flohmarkt/contracts';
import type { StandEntity } from './stand.entity.js';

/**
 * The read shape of a stand: every stored field, the derived flags, and the exhibitor's names
 * (null for guests). A registered exhibitor auth no longer knows keeps an entry without names, so
 * the stand never reads like a guest stand.
 */
export function toStand(s: StandEntity, exhibitors: ReadonlyMap<string, TStandExhibitor>): TStand {
  return {
    id: s.id,
    eventId: s.eventId,
    exhibitorId: s.exhibitorId,
    standNumber: s.standNumber,
    description: s.description,
    categories: s.categories,
    foodCategories: s.foodCategories,
    activityCategories: s.activityCategories,
    photos: s.photos,
    photoError: s.photoError,
    latitude: s.latitude,
    longitude: s.longitude,
    status: s.status,
    ...standFlags(s.status),
    acceptsPayPal: s.acceptsPayPal,
    guestFirstName: s.guestFirstName,
    guestLastName: s.guestLastName,
    exhibitor: s.exhibitorId === null ? null : (exhibitors.get(s.exhibitorId) ?? { id: s.exhibitorId, firstName: null, lastName: null }),
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
