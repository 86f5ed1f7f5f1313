import type { EntityManager } from 'typeorm';
import { publish } from '@flohmarkt/server-kit';
import { teamFactsOf } from '../team/team-facts.js';
import { EventEntity } from './event.entity.js';
import { reconfirmationOf } from './event-view.js';

/**
 * Announces what the stands service's rules and reads need of an event (EventFactsChanged, its
 * read model), inside the caller's transaction and after the caller's write to the event row.
 *
 * Version: the next value of the event_facts_version sequence, drawn after that write. The write
 * holds the row's lock until commit, so a second transaction changing the same event draws its
 * value only after the first has committed: versions follow commit order per event, and the
 * facts are read back under the same lock, so the highest version carries the row as committed.
 * A sequence rather than a counter column: no change to the events table, which other code owns.
 * A change of the team (issue 36) locks the event row first and announces too, so the team in the
 * facts follows the same order; the stands service decides its permissions from it.
 */
export async function announceEventFacts(m: EntityManager, eventId: string): Promise<void> {
  const event = await m.getRepository(EventEntity).findOneByOrFail({ id: eventId });
  const [{ version }] = (await m.query(`SELECT nextval('"event_facts_version"') AS "version"`)) as { version: string }[];
  await publish(m, 'EventFactsChanged', {
    eventId: event.id,
    organizerId: event.organizerId,
    latitude: event.latitude,
    longitude: event.longitude,
    startDateTime: event.startDateTime.toISOString(),
    endDateTime: event.endDateTime.toISOString(),
    allowStandRegistration: event.allowStandRegistration,
    name: event.name,
    location: event.location,
    status: event.status,
    cancelReason: event.cancelReason,
    registrationDeadline: event.registrationDeadline?.toISOString() ?? null,
    notifyOnRegistration: event.notifyOnRegistration,
    maxStands: event.maxStands,
    seriesId: event.seriesId,
    copiedFromId: event.copiedFromId,
    team: await teamFactsOf(m, event.id),
    reconfirmation: reconfirmationOf(event),
    version: Number(version),
  });
}
