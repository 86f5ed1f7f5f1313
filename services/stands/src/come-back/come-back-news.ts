import type { EntityManager } from 'typeorm';
import type { EventFactsChange } from '../read-models/event-facts.js';

/**
 * A market the read model hears of for the first time is news for the organiser's followers and for
 * every alert whose circle holds it (issue 34), recorded in the transaction that applied the facts,
 * so a restart between the two loses nothing. Only an upcoming market that is not cancelled, with a
 * point for the alerts. Newly approved stands with an alert's categories are matched by a trigger
 * (migration FollowsAndAlerts). A wish alert (with `query`, issue 35) tells of items, never of markets:
 * its news comes from the triggers of migration WishAlerts.
 */
export async function recordNewMarket(m: EntityManager, change: EventFactsChange, now = new Date()): Promise<void> {
  const event = change.current;
  if (change.previous !== null || event.status === 'cancelled' || new Date(event.startDateTime) <= now) return;
  await m.query(
    `INSERT INTO "come_back_news" ("subscription_id", "user_id", "event_id", "reason")
     SELECT "id", "user_id", $1, 'followed-organizer' FROM "follows" WHERE "organizer_id" = $2
     ON CONFLICT DO NOTHING`,
    [event.id, event.organizerId],
  );
  if (event.latitude === null || event.longitude === null) return;
  await m.query(
    `INSERT INTO "come_back_news" ("subscription_id", "user_id", "event_id", "reason")
     SELECT "id", "user_id", $1, 'near' FROM "alerts"
      WHERE "query_tsquery" IS NULL AND "user_id" <> $4 AND "km_between"("latitude", "longitude", $2::float8, $3::float8) <= "radius_km"
     ON CONFLICT DO NOTHING`,
    [event.id, event.latitude, event.longitude, event.organizerId],
  );
}
