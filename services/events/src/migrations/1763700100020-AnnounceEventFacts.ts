import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stands service keeps the facts of each event its rules and reads need as a read model
 * (EventFactsChanged). This creates the sequence their versions come from (events/event-facts.ts)
 * and fills the read model of an existing database: one message per event, written into the
 * outbox, which the relay delivers after start. Dates are written the way toISOString writes
 * them, coordinates as the decimal column's text. Names of queue and job are spelled out: a
 * migration must mean the same forever (they are those of libs/contracts/src/jobs.ts today).
 */
export class AnnounceEventFacts1763700100020 implements MigrationInterface {
  name = 'AnnounceEventFacts1763700100020';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`CREATE SEQUENCE "${s}"."event_facts_version" AS bigint`);
    const iso = (column: string) => `to_char("${column}" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await q.query(
      `INSERT INTO "${s}"."outbox" ("queue", "name", "payload")
       SELECT 'stands-events', 'EventFactsChanged',
              jsonb_build_object('eventId', "id", 'organizerId', "organizer_id",
                                 'latitude', "latitude"::text, 'longitude', "longitude"::text,
                                 'startDateTime', ${iso('start_date_time')}, 'endDateTime', ${iso('end_date_time')},
                                 'allowStandRegistration', "allow_stand_registration",
                                 'version', nextval('"${s}"."event_facts_version"'))
       FROM "${s}"."events"`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    // Undelivered messages the older code would have no handler for.
    await q.query(`DELETE FROM "${s}"."outbox" WHERE "name" = 'EventFactsChanged'`);
    await q.query(`DROP SEQUENCE "${s}"."event_facts_version"`);
  }
}
