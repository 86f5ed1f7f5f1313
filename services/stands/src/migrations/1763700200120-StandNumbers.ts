import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stand numbers (issue 18, item 4; numbering/stand-numbering.ts):
 *
 * 1. Unique per event: no two approved stands of one event carry the same number, compared after
 *    trimming, folding case and runs of spaces, and dropping leading zeros ('07' is '7'). Only
 *    approved stands are on the market's list, map and poster; a pending registration's
 *    "Standnummer oder Name" is the registrant's wish and is checked when the stand is approved.
 *    Approved stands that share a number already keep it on the earliest registration; the later
 *    ones lose it (the next numbering gives them a new one), since the index cannot exist otherwise.
 * 2. Never reused: `stand_number_marks` keeps, per event, the highest plain number an approved stand
 *    ever had. A trigger keeps it on every write of a stand (numbering, the edit form, an approval),
 *    so a number stays used after its stand is withdrawn or deleted, whichever code path wrote it.
 *    Stands from before start it at their highest plain number, withdrawn ones included (they may
 *    have been approved).
 *
 * Written out in full: a migration must mean the same forever.
 */
const NORMALISED = `regexp_replace(lower(regexp_replace(btrim("stand_number"), '\\s+', ' ', 'g')), '^0+([0-9])', '\\1')`;
const NUMBERED_APPROVED = `"status" = 'approved' AND "stand_number" IS NOT NULL AND btrim("stand_number") <> ''`;

export class StandNumbers1763700200120 implements MigrationInterface {
  name = 'StandNumbers1763700200120';

  async up(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`UPDATE "${s}"."stands" SET "stand_number" = NULL WHERE "id" IN (
      SELECT "id" FROM (
        SELECT "id", row_number() OVER (PARTITION BY "event_id", ${NORMALISED} ORDER BY "created_at", "id") AS "place"
        FROM "${s}"."stands" WHERE ${NUMBERED_APPROVED}) ranked
      WHERE "place" > 1)`);
    await q.query(`CREATE UNIQUE INDEX "UQ_stands_event_id_stand_number" ON "${s}"."stands" ("event_id", (${NORMALISED})) WHERE ${NUMBERED_APPROVED}`);

    await q.query(`CREATE TABLE "${s}"."stand_number_marks" (
      "event_id" uuid NOT NULL,
      "highest" bigint NOT NULL,
      CONSTRAINT "PK_stand_number_marks" PRIMARY KEY ("event_id"))`);
    await q.query(`INSERT INTO "${s}"."stand_number_marks" ("event_id", "highest")
      SELECT "event_id", max(btrim("stand_number")::bigint) FROM "${s}"."stands"
      WHERE "status" IN ('approved', 'withdrawn') AND btrim("stand_number") ~ '^[0-9]{1,9}$'
      GROUP BY "event_id"`);
    await q.query(`CREATE FUNCTION "${s}"."stand_number_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW."status" = 'approved' AND btrim(NEW."stand_number") ~ '^[0-9]{1,9}$' THEN
          INSERT INTO "${s}"."stand_number_marks" AS m ("event_id", "highest") VALUES (NEW."event_id", btrim(NEW."stand_number")::bigint)
          ON CONFLICT ("event_id") DO UPDATE SET "highest" = EXCLUDED."highest" WHERE m."highest" < EXCLUDED."highest";
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER "TR_stands_stand_number_mark" AFTER INSERT OR UPDATE OF "stand_number", "status" ON "${s}"."stands"
      FOR EACH ROW EXECUTE FUNCTION "${s}"."stand_number_mark"()`);
  }

  async down(q: QueryRunner): Promise<void> {
    const s = q.connection.driver.schema ?? 'public';
    await q.query(`DROP TRIGGER "TR_stands_stand_number_mark" ON "${s}"."stands"`);
    await q.query(`DROP FUNCTION "${s}"."stand_number_mark"()`);
    await q.query(`DROP TABLE "${s}"."stand_number_marks"`);
    await q.query(`DROP INDEX "${s}"."UQ_stands_event_id_stand_number"`);
  }
}
