import type { EntityManager } from 'typeorm';
import { EventFactsEntity } from '../read-models/event-facts.entity.js';
import { toKnownEvent, type KnownEvent } from '../read-models/event-facts.js';

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

/**
 * The event as the read model last heard of it; null when it is deleted or its facts are incomplete:
 * a notice is then skipped, never sent with a guessed name.
 */
export async function loadNoticeEvent(m: EntityManager, eventId: string): Promise<NoticeEvent | null> {
  const row = await m.getRepository(EventFactsEntity).findOneBy({ eventId, deleted: false });
  const known = row && toKnownEvent(row);
  return known ? noticeEventOfKnown(known) : null;
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
