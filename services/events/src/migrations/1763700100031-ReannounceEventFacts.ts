import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * EventFactsChanged now also carries name, location, status, cancel reason, registration deadline
 * and the organiser's notification switch (the stands service's mails and registration rule need
 * them). Its read model of an existing database learnt the older facts only, so every event is
 * announced once more, with a fresh version above every earlier one, written into the outbox and
 * delivered by the relay after start. Written out like AnnounceEventFacts1763700100020: a migration
 * must mean the same forever.
 */
export class ReannounceEventFacts1763700100031 implements MigrationInterface {
  name = 'ReannounceEventFacts1763700100031';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    const iso = (column: string) => `to_char("${column}" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await q.query(
      `INSERT INTO "${s}"."outbox" ("queue", "name", "payload")
       SELECT 'stands-events', 'EventFactsChanged',
              jsonb_build_object('eventId', "id", 'organizerId', "organizer_id",
                                 'latitude', "latitude"::text, 'longitude', "longitude"::text,
                                 'startDateTime', ${iso('start_date_time')}, 'endDateTime', ${iso('end_date_time')},
                                 'allowStandRegistration', "allow_stand_registration",
                                 'name', "name", 'location', "location", 'status', "status",
                                 'cancelReason', "cancel_reason",
                                 'registrationDeadline', ${iso('registration_deadline')},
                                 'notifyOnRegistration', "notify_on_registration",
                                 'version', nextval('"${s}"."event_facts_version"'))
       FROM "${s}"."events"`,
    );
  }

  async down(): Promise<void> {
    // Nothing to undo: the messages carry facts the older code reads past (zod strips unknown fields).
  }
}
