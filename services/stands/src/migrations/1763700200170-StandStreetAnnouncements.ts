import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The street of each stand that the public sees at its exact position goes to the events service's
 * address search (issue 22, docs/adr/0014-address-search-street-index.md) as StandStreetChanged. A
 * stand shows its street while it is approved, its precision is 'exact' (an approximate stand never
 * counts, not even on the event day: its street is the seller's home) and stand_streets knows a named
 * street for the position it stands at now.
 *
 * Triggers announce every change of that, in the writer's transaction: a status change, the switch
 * to approximate, a move, retention's coarsened position, the street found by the lookup, and a
 * deletion however it comes (one stand, an event's, a user's). `street_announcements` holds what was
 * announced last and its version; a change that leaves the shown street as it was announces nothing,
 * a stand that never showed one has no row. The row is locked while the version is raised, so
 * versions follow commit order per stand. Every path takes the stand's locks in one order (stands,
 * stand_streets, street_announcements) and the lookup's path only the last two, so no deadlock is new.
 *
 * Existing stands are announced once at the end. Names of queue, job and notification channel are
 * spelled out: a migration must mean the same forever (they are those of libs/contracts/src/jobs.ts and
 * libs/server-kit's outbox today).
 */
export class StandStreetAnnouncements1763700200170 implements MigrationInterface {
  name = 'StandStreetAnnouncements1763700200170';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    const channel = `outbox_${s}`.slice(0, 63);
    // The place the geocoder named with the street: the search finds a street by its town and postcode too.
    await q.query(`ALTER TABLE "${s}"."stand_streets" ADD "postcode" text, ADD "town" text`);
    await q.query(`CREATE TABLE "${s}"."street_announcements" (
      "stand_id" uuid NOT NULL,
      "event_id" uuid NOT NULL,
      "street" text,
      "postcode" text,
      "town" text,
      "latitude" decimal(10,8),
      "longitude" decimal(11,8),
      "version" bigint NOT NULL,
      CONSTRAINT "PK_street_announcements" PRIMARY KEY ("stand_id"))`);
    await q.query(`CREATE FUNCTION "${s}"."announce_stand_street"(p_stand uuid) RETURNS void LANGUAGE plpgsql AS $fn$
      DECLARE
        last "${s}"."street_announcements";
        shown record;
        next_version bigint;
      BEGIN
        SELECT * INTO last FROM "${s}"."street_announcements" WHERE stand_id = p_stand FOR UPDATE;
        IF NOT FOUND THEN
          -- Never shown a street: nothing to take back, and most stands stay so without a row.
          PERFORM 1 FROM "${s}"."stands" st JOIN "${s}"."stand_streets" t
              ON t.stand_id = st.id AND t.latitude = st.latitude AND t.longitude = st.longitude
           WHERE st.id = p_stand AND st.status = 'approved' AND st.location_precision = 'exact' AND t.street IS NOT NULL;
          IF NOT FOUND THEN RETURN; END IF;
          INSERT INTO "${s}"."street_announcements" (stand_id, event_id, version)
            SELECT id, event_id, 0 FROM "${s}"."stands" WHERE id = p_stand ON CONFLICT (stand_id) DO NOTHING;
          SELECT * INTO last FROM "${s}"."street_announcements" WHERE stand_id = p_stand FOR UPDATE;
          IF NOT FOUND THEN RETURN; END IF;
        END IF;
        -- Read after the lock: a transaction that held it has committed, and this statement sees its change.
        SELECT st.event_id, t.street, t.postcode, t.town, st.latitude, st.longitude INTO shown
          FROM "${s}"."stands" st JOIN "${s}"."stand_streets" t
            ON t.stand_id = st.id AND t.latitude = st.latitude AND t.longitude = st.longitude
         WHERE st.id = p_stand AND st.status = 'approved' AND st.location_precision = 'exact' AND t.street IS NOT NULL;
        IF FOUND THEN
          IF (last.street, last.postcode, last.town, last.latitude, last.longitude)
             IS NOT DISTINCT FROM (shown.street, shown.postcode, shown.town, shown.latitude, shown.longitude) THEN
            RETURN;
          END IF;
          UPDATE "${s}"."street_announcements" SET event_id = shown.event_id, street = shown.street, postcode = shown.postcode,
              town = shown.town, latitude = shown.latitude, longitude = shown.longitude, version = version + 1
            WHERE stand_id = p_stand RETURNING version INTO next_version;
          INSERT INTO "${s}"."outbox" ("queue", "name", "payload") VALUES ('events-events', 'StandStreetChanged', jsonb_build_object(
            'standId', p_stand, 'eventId', shown.event_id, 'version', next_version,
            'address', jsonb_build_object('street', shown.street, 'postcode', shown.postcode, 'town', shown.town,
                                          'latitude', shown.latitude, 'longitude', shown.longitude)));
        ELSE
          IF last.street IS NOT NULL THEN
            UPDATE "${s}"."street_announcements" SET street = NULL, postcode = NULL, town = NULL, latitude = NULL, longitude = NULL,
                version = version + 1
              WHERE stand_id = p_stand RETURNING version INTO next_version;
            INSERT INTO "${s}"."outbox" ("queue", "name", "payload") VALUES ('events-events', 'StandStreetChanged', jsonb_build_object(
              'standId', p_stand, 'eventId', last.event_id, 'version', next_version, 'address', NULL));
          END IF;
          -- A deleted stand never comes back (ids are not reused): its row has done its work.
          IF NOT EXISTS (SELECT 1 FROM "${s}"."stands" WHERE id = p_stand) THEN
            DELETE FROM "${s}"."street_announcements" WHERE stand_id = p_stand;
          END IF;
          IF next_version IS NULL THEN RETURN; END IF;
        END IF;
        -- The outbox relay's doorbell (libs/server-kit outbox-listener.ts), delivered at the commit.
        PERFORM pg_notify('${channel}', '');
      END
    $fn$`);
    await q.query(`CREATE FUNCTION "${s}"."stands_announce_street"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        PERFORM "${s}"."announce_stand_street"(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
        RETURN NULL;
      END
    $fn$`);
    await q.query(`CREATE FUNCTION "${s}"."stand_streets_announce_street"() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        PERFORM "${s}"."announce_stand_street"(CASE WHEN TG_OP = 'DELETE' THEN OLD.stand_id ELSE NEW.stand_id END);
        RETURN NULL;
      END
    $fn$`);
    // No trigger on a new stand: it has no street yet (the lookup finds it later, and that announces).
    await q.query(`CREATE TRIGGER "TRG_stands_change_announces_street" AFTER UPDATE ON "${s}"."stands" FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.location_precision IS DISTINCT FROM NEW.location_precision
            OR OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude)
      EXECUTE FUNCTION "${s}"."stands_announce_street"()`);
    await q.query(`CREATE TRIGGER "TRG_stands_deletion_announces_street" AFTER DELETE ON "${s}"."stands"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."stands_announce_street"()`);
    await q.query(`CREATE TRIGGER "TRG_stand_streets_announce_street" AFTER INSERT OR UPDATE OR DELETE ON "${s}"."stand_streets"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."stand_streets_announce_street"()`);
    // The streets of the stands shown at their exact position today, announced once.
    await q.query(`SELECT "${s}"."announce_stand_street"(st.id) FROM "${s}"."stands" st
      JOIN "${s}"."stand_streets" t ON t.stand_id = st.id AND t.latitude = st.latitude AND t.longitude = st.longitude
      WHERE st.status = 'approved' AND st.location_precision = 'exact' AND t.street IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TRIGGER "TRG_stand_streets_announce_street" ON "${s}"."stand_streets"`);
    await q.query(`DROP TRIGGER "TRG_stands_deletion_announces_street" ON "${s}"."stands"`);
    await q.query(`DROP TRIGGER "TRG_stands_change_announces_street" ON "${s}"."stands"`);
    await q.query(`DROP FUNCTION "${s}"."stand_streets_announce_street"()`);
    await q.query(`DROP FUNCTION "${s}"."stands_announce_street"()`);
    await q.query(`DROP FUNCTION "${s}"."announce_stand_street"(uuid)`);
    await q.query(`DROP TABLE "${s}"."street_announcements"`);
    // Undelivered messages the older code would have no handler for.
    await q.query(`DELETE FROM "${s}"."outbox" WHERE "name" = 'StandStreetChanged'`);
    await q.query(`ALTER TABLE "${s}"."stand_streets" DROP COLUMN "postcode", DROP COLUMN "town"`);
  }
}
