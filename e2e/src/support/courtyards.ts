import { mustCall } from './api-call.js';
import type { HttpSession } from './browser-session.js';

/*
 * The stands of a Hofflohmarkt as the browser specs set them up: courtyards "Hof 1", "Hof 2", … that
 * the organiser registers for their guests (no account) at a position each and approves.
 */

export interface Point {
  lat: number;
  lng: number;
}

/** The guest-stand form of courtyard `number` at `at`; `extra` replaces or adds fields. */
export function courtyardForm(number: string, at: Point, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    standNumber: number,
    guestFirstName: `Hof ${number}`,
    description: 'Trödel aus dem Hof.',
    categories: ['Bücher'],
    foodCategories: [],
    activityCategories: [],
    latitude: at.lat,
    longitude: at.lng,
    ...extra,
  };
}

/** Registers courtyard `number` as the event's organiser and approves it; answers the stand's id. */
export async function approvedCourtyard(
  publicUrl: string,
  organiser: HttpSession,
  eventId: string,
  number: string,
  at: Point,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const stand = await mustCall<{ id: string }>(publicUrl, organiser, 'POST', `/api/events/${eventId}/guest-stands`, courtyardForm(number, at, extra));
  await mustCall(publicUrl, organiser, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
  return stand.id;
}
