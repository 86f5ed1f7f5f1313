import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createIdempotentRequestsTableSql, createOutboxTableSql, outboxChannel } from '@flohmarkt/server-kit';

/**
 * The stands schema as it stands before the first release (docs/adr/0017-one-baseline-per-service.md).
 * Later changes are migrations of their own, after this one. Names are plain: the migration's
 * connection has the service's schema as its search_path, and every function here pins it
 * (SET search_path FROM CURRENT), so a trigger finds its tables whoever fires it.
 */
export class Baseline1764800200000 implements MigrationInterface {
  name = 'Baseline1764800200000';

  async up(q: QueryRunner): Promise<void> {
    await createStandsAndReviews(q);
    await createStandNumbers(q);
    await createPeerReadModels(q);
    await createAnnouncementVersions(q);
    await createMailTables(q);
    await createStandStreets(q, outboxChannel(q.connection));
    // The transactional outbox and the record of safe retries (Idempotency-Key, docs/adr/0016-idempotent-writes.md).
    for (const sql of createOutboxTableSql()) await q.query(sql);
    for (const sql of createIdempotentRequestsTableSql()) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "idempotent_requests", "outbox", "street_announcements", "stand_streets", "event_changes_told",
      "decisions_told", "settling_notices", "held_guest_receipts", "mail_confirmation_tokens", "mail_addresses", "digests_sent",
      "digest_entries", "mail_opt_outs", "exhibitor_stats_versions", "approved_count_versions", "photo_lists", "photo_states",
      "user_names", "event_facts", "stand_number_marks", "stand_live_states", "reviews", "stands"`);
    await q.query(`DROP FUNCTION "stand_streets_announce_street"(), "stands_announce_street"(), "announce_stand_street"(uuid),
      "stand_streets_forget"(), "stand_number_mark"()`);
  }
}

async function createStandsAndReviews(q: QueryRunner): Promise<void> {
  // `photos`: the stand's copy of media's photo list (versions in photo_lists); `photo_error`: why media
  // dropped the last upload. A guest's manage token is stored as its SHA-256 only. `waitlisted_at` is a
  // waiting stand's place (first come, first served, drawn under the event's capacity lock). Privacy
  // (issue 20): how exactly the public sees the position before the event day, whether it sees the
  // person's name, and when the retention job anonymised the stand.
  await q.query(`CREATE TABLE "stands" (
    "id" uuid NOT NULL DEFAULT gen_random_uuid(),
    "event_id" uuid NOT NULL,
    "exhibitor_id" uuid,
    "stand_number" text,
    "description" text,
    "categories" text array NOT NULL DEFAULT '{}',
    "food_categories" text array NOT NULL DEFAULT '{}',
    "activity_categories" text array NOT NULL DEFAULT '{}',
    "photos" text array NOT NULL DEFAULT '{}',
    "latitude" numeric(10,8),
    "longitude" numeric(11,8),
    "status" text NOT NULL DEFAULT 'pending',
    "accepts_paypal" boolean NOT NULL DEFAULT false,
    "guest_first_name" text,
    "guest_last_name" text,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    "photo_error" text,
    "rejection_reason" text,
    "guest_email" text,
    "manage_token_hash" text,
    "waitlisted_at" TIMESTAMP WITH TIME ZONE,
    "location_precision" text NOT NULL DEFAULT 'exact',
    "name_display" text NOT NULL DEFAULT 'name',
    "anonymised_at" TIMESTAMP WITH TIME ZONE,
    CONSTRAINT "PK_stands" PRIMARY KEY ("id"))`);
  await q.query(`CREATE INDEX "IDX_stands_event_id" ON "stands" ("event_id")`);
  await q.query(`CREATE INDEX "IDX_stands_exhibitor_id" ON "stands" ("exhibitor_id")`);
  await q.query(`CREATE UNIQUE INDEX "UQ_stands_manage_token_hash" ON "stands" ("manage_token_hash")`);
  // One active registration per user and event: a rejected or withdrawn stand does not block a new one,
  // and a user waits with one registration, not several.
  await q.query(`CREATE UNIQUE INDEX "UQ_stands_event_id_exhibitor_id" ON "stands" ("event_id", "exhibitor_id")
    WHERE "exhibitor_id" IS NOT NULL AND "status" IN ('pending', 'approved', 'waitlisted')`);

  // One review per user and stand (a second one is a 409, also when two requests race), and the
  // reviewer index that the UserDeleted cascade deletes by.
  await q.query(`CREATE TABLE "reviews" (
    "id" uuid NOT NULL DEFAULT gen_random_uuid(),
    "stand_id" uuid NOT NULL,
    "reviewer_id" uuid NOT NULL,
    "rating" integer NOT NULL,
    "comment" text,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    CONSTRAINT "PK_reviews" PRIMARY KEY ("id"))`);
  await q.query(`CREATE INDEX "IDX_reviews_stand_id" ON "reviews" ("stand_id")`);
  await q.query(`CREATE UNIQUE INDEX "UQ_reviews_stand_id_reviewer_id" ON "reviews" ("stand_id", "reviewer_id")`);
  await q.query(`CREATE INDEX "IDX_reviews_reviewer_id" ON "reviews" ("reviewer_id")`);

  // Live status on the event day (issue 19): one row per stand that ever had one. No foreign key: a
  // stand's deletion leaves its row behind unread (stand ids are never reused).
  await q.query(`CREATE TABLE "stand_live_states" (
    "stand_id" uuid NOT NULL,
    "state" text NOT NULL,
    "updated_at" timestamptz NOT NULL,
    CONSTRAINT "PK_stand_live_states" PRIMARY KEY ("stand_id"),
    CONSTRAINT "CHK_stand_live_states_state" CHECK ("state" IN ('open', 'closing', 'closed', 'absent')))`);
}

/**
 * Stand numbers (numbering/stand-numbering.ts):
 * 1. Unique per event: no two approved stands of one event carry the same number, compared after
 *    trimming, folding case and runs of spaces, and dropping leading zeros ('07' is '7'). A pending
 *    registration's "Standnummer oder Name" is the registrant's wish, checked when it is approved.
 * 2. Never reused: `stand_number_marks` keeps, per event, the highest plain number an approved stand
 *    ever had. A trigger keeps it on every write of a stand (numbering, the edit form, an approval),
 *    so a number stays used after its stand is withdrawn or deleted, whichever code path wrote it.
 */
async function createStandNumbers(q: QueryRunner): Promise<void> {
  const normalised = `regexp_replace(lower(regexp_replace(btrim("stand_number"), '\\s+', ' ', 'g')), '^0+([0-9])', '\\1')`;
  await q.query(`CREATE UNIQUE INDEX "UQ_stands_event_id_stand_number" ON "stands" ("event_id", (${normalised}))
    WHERE "status" = 'approved' AND "stand_number" IS NOT NULL AND btrim("stand_number") <> ''`);
  await q.query(`CREATE TABLE "stand_number_marks" (
    "event_id" uuid NOT NULL,
    "highest" bigint NOT NULL,
    CONSTRAINT "PK_stand_number_marks" PRIMARY KEY ("event_id"))`);
  await q.query(`CREATE FUNCTION "stand_number_mark"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF NEW."status" = 'approved' AND btrim(NEW."stand_number") ~ '^[0-9]{1,9}$' THEN
          INSERT INTO "stand_number_marks" AS m ("event_id", "highest") VALUES (NEW."event_id", btrim(NEW."stand_number")::bigint)
          ON CONFLICT ("event_id") DO UPDATE SET "highest" = EXCLUDED."highest" WHERE m."highest" < EXCLUDED."highest";
        END IF;
        RETURN NULL;
      END $$`);
  await q.query(`CREATE TRIGGER "TR_stands_stand_number_mark" AFTER INSERT OR UPDATE OF "stand_number", "status" ON "stands"
    FOR EACH ROW EXECUTE FUNCTION "stand_number_mark"()`);
}

/**
 * The read models of other services that stand reads, rules and mails use instead of a call: the facts
 * of events (EventFactsChanged), users' names, e-mail addresses and profile visibility
 * (UserProfileChanged), photo states (PhotoStateChanged: `photoStates` of a stand read; a listed photo
 * without a row reads as processing) and the versions of media's photo lists (StandPhotosChanged).
 */
async function createPeerReadModels(q: QueryRunner): Promise<void> {
  await q.query(`CREATE TABLE "event_facts" (
    "event_id" uuid NOT NULL,
    "organizer_id" uuid,
    "latitude" text,
    "longitude" text,
    "start_date_time" TIMESTAMP WITH TIME ZONE,
    "end_date_time" TIMESTAMP WITH TIME ZONE,
    "allow_stand_registration" boolean,
    "deleted" boolean NOT NULL DEFAULT false,
    "version" bigint NOT NULL,
    "name" text,
    "location" text,
    "status" text NOT NULL DEFAULT 'planned',
    "cancel_reason" text,
    "registration_deadline" TIMESTAMP WITH TIME ZONE,
    "notify_on_registration" boolean NOT NULL DEFAULT true,
    "max_stands" integer,
    CONSTRAINT "PK_event_facts" PRIMARY KEY ("event_id"))`);
  await q.query(`CREATE TABLE "user_names" (
    "user_id" uuid NOT NULL,
    "first_name" text,
    "last_name" text,
    "deleted" boolean NOT NULL DEFAULT false,
    "version" bigint NOT NULL,
    "email" text,
    "profile_public" boolean NOT NULL DEFAULT true,
    CONSTRAINT "PK_user_names" PRIMARY KEY ("user_id"))`);
  await q.query(`CREATE TABLE "photo_states" (
    "photo_id" uuid NOT NULL,
    "stand_id" uuid NOT NULL,
    "path" text NOT NULL,
    "state" text NOT NULL,
    "reason" text,
    "version" bigint NOT NULL,
    CONSTRAINT "PK_photo_states" PRIMARY KEY ("photo_id"))`);
  await q.query(`CREATE INDEX "IDX_photo_states_stand_id" ON "photo_states" ("stand_id")`);
  // Media owns each stand's photo list; the stand row keeps a copy whose versions live here
  // (read-models/photo-lists.ts): `version` of media's last list, `edit_version` of this service's last edit.
  await q.query(`CREATE TABLE "photo_lists" (
    "stand_id" uuid NOT NULL,
    "version" bigint NOT NULL DEFAULT 0,
    "edit_version" bigint NOT NULL DEFAULT 0,
    CONSTRAINT "PK_photo_lists" PRIMARY KEY ("stand_id"))`);
}

/** The version counters of what this service announces: EventStandCountChanged (stands/approved-counts.ts) and ExhibitorStatsChanged (stands/exhibitor-stats.ts). */
async function createAnnouncementVersions(q: QueryRunner): Promise<void> {
  await q.query(`CREATE TABLE "approved_count_versions" (
    "event_id" uuid NOT NULL,
    "version" bigint NOT NULL,
    CONSTRAINT "PK_approved_count_versions" PRIMARY KEY ("event_id"))`);
  await q.query(`CREATE TABLE "exhibitor_stats_versions" (
    "user_id" uuid NOT NULL,
    "version" bigint NOT NULL,
    CONSTRAINT "PK_exhibitor_stats_versions" PRIMARY KEY ("user_id"))`);
}

/**
 * What the service tells people about their stands (notifications/). Mail only those who asked (issue
 * 29): which guest addresses were confirmed and when the last request to confirm one left, the tokens of
 * those requests (hashed), the guest's receipt with the manage link held back until the address is
 * confirmed, the decision and change notices that wait out the settle time, and what each stand's owner
 * and each market's people were told last. Opt-outs of notification mails, and the organiser's digest of
 * new registrations. No foreign keys to stands: a row of a deleted stand is never read again, and a held
 * receipt goes after RETENTION_DAYS at the latest (settled-notices.ts).
 */
async function createMailTables(q: QueryRunner): Promise<void> {
  await q.query(`CREATE TABLE "mail_opt_outs" (
    "token" text NOT NULL,
    "address" text NOT NULL,
    "scope" text NOT NULL,
    "event_id" uuid,
    "opted_out_at" TIMESTAMP WITH TIME ZONE,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    CONSTRAINT "PK_mail_opt_outs" PRIMARY KEY ("token"))`);
  // One token per address, scope and event: every mail of that kind carries the same link.
  await q.query(
    `CREATE UNIQUE INDEX "UQ_mail_opt_outs_subject" ON "mail_opt_outs" ("address", "scope", COALESCE("event_id", '00000000-0000-0000-0000-000000000000'))`,
  );
  await q.query(`CREATE TABLE "digest_entries" (
    "stand_id" uuid NOT NULL,
    "event_id" uuid NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    CONSTRAINT "PK_digest_entries" PRIMARY KEY ("stand_id"))`);
  await q.query(`CREATE INDEX "IDX_digest_entries_event_id" ON "digest_entries" ("event_id")`);
  await q.query(`CREATE TABLE "digests_sent" (
    "event_id" uuid NOT NULL,
    "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT "PK_digests_sent" PRIMARY KEY ("event_id"))`);
  // Addresses in lower case, as the guest form stores them.
  await q.query(`CREATE TABLE "mail_addresses" (
    "address" text NOT NULL,
    "confirmed_at" TIMESTAMP WITH TIME ZONE,
    "confirmation_requested_at" TIMESTAMP WITH TIME ZONE,
    CONSTRAINT "PK_mail_addresses" PRIMARY KEY ("address"))`);
  // Every request's link keeps working (a later request does not void an earlier one still in the mail).
  await q.query(`CREATE TABLE "mail_confirmation_tokens" (
    "token_hash" text NOT NULL,
    "address" text NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    CONSTRAINT "PK_mail_confirmation_tokens" PRIMARY KEY ("token_hash"))`);
  await q.query(`CREATE INDEX "IDX_mail_confirmation_tokens_address" ON "mail_confirmation_tokens" ("address")`);
  await q.query(`CREATE TABLE "held_guest_receipts" (
    "stand_id" uuid NOT NULL,
    "manage_token" text NOT NULL,
    "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
    CONSTRAINT "PK_held_guest_receipts" PRIMARY KEY ("stand_id"))`);
  await q.query(`CREATE TABLE "settling_notices" (
    "key" text NOT NULL,
    "kind" text NOT NULL,
    "subject_id" uuid NOT NULL,
    "due_at" TIMESTAMP WITH TIME ZONE NOT NULL,
    CONSTRAINT "PK_settling_notices" PRIMARY KEY ("key"))`);
  await q.query(`CREATE INDEX "IDX_settling_notices_due_at" ON "settling_notices" ("due_at")`);
  await q.query(`CREATE TABLE "decisions_told" (
    "stand_id" uuid NOT NULL,
    "status" text NOT NULL,
    "reason" text,
    CONSTRAINT "PK_decisions_told" PRIMARY KEY ("stand_id"))`);
  await q.query(`CREATE TABLE "event_changes_told" (
    "event_id" uuid NOT NULL,
    "start_date_time" TIMESTAMP WITH TIME ZONE NOT NULL,
    "end_date_time" TIMESTAMP WITH TIME ZONE NOT NULL,
    "location" text NOT NULL,
    "latitude" text,
    "longitude" text,
    "status" text NOT NULL,
    "told_at" TIMESTAMP WITH TIME ZONE,
    CONSTRAINT "PK_event_changes_told" PRIMARY KEY ("event_id"))`);
}

/**
 * The street of each placed stand (the organiser's stands per street, and the events service's address
 * search), as the events service's geocoder named it for the position in the row
 * (streets/street-lookups.ts); `street` null: looked up, no street there. A row counts only while the
 * stand still stands at that position. It holds an exact position, which may be someone's home:
 * triggers delete it with the stand and whenever the stand's position changes, so retention's coarsened
 * position (privacy/retention.ts) leaves no exact copy behind, and a moved stand is looked up again.
 * (Triggers rather than a foreign key: no table of this schema references stands.)
 *
 * A stand shows its street to the events service's address search (docs/adr/0014-address-search-street-index.md,
 * StandStreetChanged) while it is approved, its precision is 'exact' (an approximate stand never counts,
 * not even on the event day: its street is the seller's home) and stand_streets knows a named street for
 * the position it stands at now. Triggers announce every change of that in the writer's transaction: a
 * status change, the switch to approximate, a move, retention's coarsened position, the street found by
 * the lookup, and a deletion however it comes. `street_announcements` holds what was announced last and
 * its version; a change that leaves the shown street as it was announces nothing, a stand that never
 * showed one has no row. The row is locked while the version is raised, so versions follow commit order
 * per stand. Every path takes the stand's locks in one order (stands, stand_streets,
 * street_announcements) and the lookup's path only the last two, so none deadlocks.
 */
async function createStandStreets(q: QueryRunner, channel: string): Promise<void> {
  // The place the geocoder named with the street (postcode, town): the search finds a street by them too.
  await q.query(`CREATE TABLE "stand_streets" (
    "stand_id" uuid NOT NULL,
    "latitude" decimal(10,8) NOT NULL,
    "longitude" decimal(11,8) NOT NULL,
    "street" text,
    "looked_up_at" timestamptz NOT NULL DEFAULT now(),
    "postcode" text,
    "town" text,
    CONSTRAINT "PK_stand_streets" PRIMARY KEY ("stand_id"))`);
  await q.query(`CREATE FUNCTION "stand_streets_forget"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        DELETE FROM "stand_streets" WHERE "stand_id" = OLD."id";
        RETURN NULL;
      END $$`);
  await q.query(`CREATE TRIGGER "TRG_stands_position_forgets_street" AFTER UPDATE OF "latitude", "longitude" ON "stands"
    FOR EACH ROW WHEN (OLD."latitude" IS DISTINCT FROM NEW."latitude" OR OLD."longitude" IS DISTINCT FROM NEW."longitude")
    EXECUTE FUNCTION "stand_streets_forget"()`);
  await q.query(`CREATE TRIGGER "TRG_stands_deletion_forgets_street" AFTER DELETE ON "stands"
    FOR EACH ROW EXECUTE FUNCTION "stand_streets_forget"()`);

  await q.query(`CREATE TABLE "street_announcements" (
    "stand_id" uuid NOT NULL,
    "event_id" uuid NOT NULL,
    "street" text,
    "postcode" text,
    "town" text,
    "latitude" decimal(10,8),
    "longitude" decimal(11,8),
    "version" bigint NOT NULL,
    CONSTRAINT "PK_street_announcements" PRIMARY KEY ("stand_id"))`);
  await q.query(announceStandStreetFunction(channel, LOOKED_UP_STREET));
  await q.query(`CREATE FUNCTION "stands_announce_street"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        PERFORM "announce_stand_street"(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
        RETURN NULL;
      END
    $fn$`);
  await q.query(`CREATE FUNCTION "stand_streets_announce_street"() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        PERFORM "announce_stand_street"(CASE WHEN TG_OP = 'DELETE' THEN OLD.stand_id ELSE NEW.stand_id END);
        RETURN NULL;
      END
    $fn$`);
  // No trigger on a new stand: it has no street yet (the lookup finds it later, and that announces).
  await q.query(`CREATE TRIGGER "TRG_stands_change_announces_street" AFTER UPDATE ON "stands" FOR EACH ROW
    WHEN (${STREET_SHOWING_CHANGES}) EXECUTE FUNCTION "stands_announce_street"()`);
  await q.query(`CREATE TRIGGER "TRG_stands_deletion_announces_street" AFTER DELETE ON "stands"
    FOR EACH ROW EXECUTE FUNCTION "stands_announce_street"()`);
  await q.query(`CREATE TRIGGER "TRG_stand_streets_announce_street" AFTER INSERT OR UPDATE OR DELETE ON "stand_streets"
    FOR EACH ROW EXECUTE FUNCTION "stand_streets_announce_street"()`);
}

/** The changes of a stand row that may change the street it shows (the trigger's condition). */
export const STREET_SHOWING_CHANGES = `OLD.status IS DISTINCT FROM NEW.status OR OLD.location_precision IS DISTINCT FROM NEW.location_precision
          OR OLD.latitude IS DISTINCT FROM NEW.latitude OR OLD.longitude IS DISTINCT FROM NEW.longitude`;

/**
 * The street a stand shows the address search now, as one row (event, street, postcode, town, point)
 * or none: the baseline's rule, the street the lookup found at the stand's present exact position.
 */
export const LOOKED_UP_STREET = `SELECT st.event_id, t.street, t.postcode, t.town, st.latitude, st.longitude
          FROM "stands" st JOIN "stand_streets" t
            ON t.stand_id = st.id AND t.latitude = st.latitude AND t.longitude = st.longitude
         WHERE st.id = p_stand AND st.status = 'approved' AND st.location_precision = 'exact' AND t.street IS NOT NULL`;

/**
 * `announce_stand_street(stand)`: announces the stand's shown street (`shownStreet`, a query of one row
 * or none for p_stand) when it differs from the last announcement. Declared once; later migrations
 * replace the rule of what is shown (StandAddressStreets), never the announcing.
 */
export function announceStandStreetFunction(channel: string, shownStreet: string): string {
  return `CREATE OR REPLACE FUNCTION "announce_stand_street"(p_stand uuid) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      DECLARE
        last "street_announcements";
        shown record;
        next_version bigint;
      BEGIN
        SELECT * INTO last FROM "street_announcements" WHERE stand_id = p_stand FOR UPDATE;
        IF NOT FOUND THEN
          -- Never shown a street: nothing to take back, and most stands stay so without a row.
          PERFORM 1 FROM (${shownStreet}) AS shown_now;
          IF NOT FOUND THEN RETURN; END IF;
          INSERT INTO "street_announcements" (stand_id, event_id, version)
            SELECT id, event_id, 0 FROM "stands" WHERE id = p_stand ON CONFLICT (stand_id) DO NOTHING;
          SELECT * INTO last FROM "street_announcements" WHERE stand_id = p_stand FOR UPDATE;
          IF NOT FOUND THEN RETURN; END IF;
        END IF;
        -- Read after the lock: a transaction that held it has committed, and this statement sees its change.
        SELECT * INTO shown FROM (${shownStreet}) AS shown_now;
        IF FOUND THEN
          IF (last.street, last.postcode, last.town, last.latitude, last.longitude)
             IS NOT DISTINCT FROM (shown.street, shown.postcode, shown.town, shown.latitude, shown.longitude) THEN
            RETURN;
          END IF;
          UPDATE "street_announcements" SET event_id = shown.event_id, street = shown.street, postcode = shown.postcode,
              town = shown.town, latitude = shown.latitude, longitude = shown.longitude, version = version + 1
            WHERE stand_id = p_stand RETURNING version INTO next_version;
          INSERT INTO "outbox" ("queue", "name", "payload") VALUES ('events-events', 'StandStreetChanged', jsonb_build_object(
            'standId', p_stand, 'eventId', shown.event_id, 'version', next_version,
            'address', jsonb_build_object('street', shown.street, 'postcode', shown.postcode, 'town', shown.town,
                                          'latitude', shown.latitude, 'longitude', shown.longitude)));
        ELSE
          IF last.street IS NOT NULL THEN
            UPDATE "street_announcements" SET street = NULL, postcode = NULL, town = NULL, latitude = NULL, longitude = NULL,
                version = version + 1
              WHERE stand_id = p_stand RETURNING version INTO next_version;
            INSERT INTO "outbox" ("queue", "name", "payload") VALUES ('events-events', 'StandStreetChanged', jsonb_build_object(
              'standId', p_stand, 'eventId', last.event_id, 'version', next_version, 'address', NULL));
          END IF;
          -- A deleted stand never comes back (ids are not reused): its row has done its work.
          IF NOT EXISTS (SELECT 1 FROM "stands" WHERE id = p_stand) THEN
            DELETE FROM "street_announcements" WHERE stand_id = p_stand;
          END IF;
          IF next_version IS NULL THEN RETURN; END IF;
        END IF;
        -- The outbox relay's doorbell (libs/server-kit outbox-listener.ts), delivered at the commit.
        PERFORM pg_notify('${channel}', '');
      END
    $fn$`;
}
