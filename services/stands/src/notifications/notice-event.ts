import type { EntityManager } from 'typeorm';
import type { KnownEvent } from '../read-models/event-facts.js';

/** What a notice says about an event, from the read model of event facts (read-models/event-facts.ts). */
export interface NoticeEvent {
  id: string;
  name: string;
  location: string;
  latitude: string | null;
  longitude: string | null;
  startDateTime: Date;
  endDateTime: Date;
  organizerId: string;
  status: string;
  cancelReason: string | null;
  /** Until when sellers may register; null: until the market ends. */
  registrationDeadline: Date | null;
  notifyOnRegistration: boolean;
}

interface FactsRow {
  event_id: string;
  name: string | null;
  location: string | null;
  latitude: string | null;
  longitude: string | null;
  start_date_time: Date | null;
  end_date_time: Date | null;
  organizer_id: string | null;
  status: string | null;
  cancel_reason: string | null;
  registration_deadline: Date | null;
  notify_on_registration: boolean | null;
}

/**
 * The event as the read model last heard of it; null when it is deleted or its facts are incomplete:
 * a notice is then skipped, never sent with a guessed name.
 */
export async function loadNoticeEvent(m: EntityManager, eventId: string): Promise<NoticeEvent | null> {
  const [row] = (await m.query(
    `SELECT "event_id", "name", "location", "latitude", "longitude", "start_date_time", "end_date_time", "organizer_id", "status", "cancel_reason", "registration_deadline", "notify_on_registration"
     FROM "event_facts" WHERE "event_id" = $1 AND NOT "deleted"`,
    [eventId],
  )) as FactsRow[];
  return row ? noticeEventOf(row) : null;
}

export function noticeEventOf(row: FactsRow): NoticeEvent | null {
  if (!row.name || !row.start_date_time || !row.end_date_time || !row.organizer_id) return null;
  return {
    id: row.event_id,
    name: row.name,
    location: row.location ?? '',
    latitude: row.latitude,
    longitude: row.longitude,
    startDateTime: new Date(row.start_date_time),
    endDateTime: new Date(row.end_date_time),
    organizerId: row.organizer_id,
    status: row.status ?? 'planned',
    cancelReason: row.cancel_reason,
    registrationDeadline: row.registration_deadline ? new Date(row.registration_deadline) : null,
    notifyOnRegistration: row.notify_on_registration ?? true,
  };
}

/** The same from the read model's own shape; null for facts without a name. */
export function noticeEventOfKnown(event: KnownEvent): NoticeEvent | null {
  if (!event.name) return null;
  return {
    ...event,
    startDateTime: new Date(event.startDateTime),
    endDateTime: new Date(event.endDateTime),
    registrationDeadline: event.registrationDeadline ? new Date(event.registrationDeadline) : null,
  };
}
