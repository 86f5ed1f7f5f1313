import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** An approved or pending stand of the overview, with its street: its address's, else one known for its position. */
export interface PlacedStand {
  status: 'approved' | 'pending';
  latitude: number | null;
  longitude: number | null;
  street: string | null;
}

/** A stand whose street is not known for its position (decimals as stored, compared exactly). */
export interface StandToLookUp {
  id: string;
  latitude: string;
  longitude: string;
}

/** Where a street lies, as the geocoder named it with the street; null where it named none. */
export interface StreetPlace {
  postcode: string | null;
  town: string | null;
}

const NO_PLACE: StreetPlace = { postcode: null, town: null };

/**
 * The streets of the stands (table stand_streets, migration StandStreets1763700200150): a row counts
 * only for the position it was looked up for, and triggers drop it when the stand moves or goes.
 */
@Injectable()
export class StandStreets {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The event's approved and pending stands with their streets: the stand's own address where it has
   * one (a Hofflohmarkt's stands, as the market day walks them), else the street looked up for its
   * position (null: not known, or none there).
   */
  async placedStands(eventId: string): Promise<PlacedStand[]> {
    const rows = (await this.dataSource.query(
      `SELECT s."status", s."latitude", s."longitude", COALESCE(NULLIF(s."address_street", ''), t."street") AS "street"
         FROM "stands" s
         LEFT JOIN "stand_streets" t ON t."stand_id" = s."id" AND t."latitude" = s."latitude" AND t."longitude" = s."longitude"
        WHERE s."event_id" = $1 AND s."status" IN ('approved', 'pending')`,
      [eventId],
    )) as { status: 'approved' | 'pending'; latitude: string | null; longitude: string | null; street: string | null }[];
    return rows.map((r) => ({
      status: r.status,
      latitude: r.latitude === null ? null : Number(r.latitude),
      longitude: r.longitude === null ? null : Number(r.longitude),
      street: r.street,
    }));
  }

  /**
   * Stands still to look up, the oldest first: placed, active (the waitlist too, so a stand moving up
   * has its street already), at an event that has not ended (the overview is for before the day; an
   * event the read model has not heard of yet counts as not ended), and no row for this position.
   */
  async due(limit: number): Promise<StandToLookUp[]> {
    return (await this.dataSource.query(
      `SELECT s."id", s."latitude"::text AS "latitude", s."longitude"::text AS "longitude"
         FROM "stands" s
         LEFT JOIN "event_facts" e ON e."event_id" = s."event_id"
        WHERE s."status" IN ('approved', 'pending', 'waitlisted')
          AND s."latitude" IS NOT NULL AND s."longitude" IS NOT NULL
          AND (e."event_id" IS NULL OR (NOT e."deleted" AND (e."end_date_time" IS NULL OR e."end_date_time" > now())))
          AND NOT EXISTS (SELECT 1 FROM "stand_streets" t
                           WHERE t."stand_id" = s."id" AND t."latitude" = s."latitude" AND t."longitude" = s."longitude")
        ORDER BY s."created_at", s."id"
        LIMIT $1`,
      [limit],
    )) as StandToLookUp[];
  }

  /**
   * Keeps the street found for a position (with the postcode and town the geocoder named there), only
   * while the stand still stands there (a stand moved during the lookup keeps no street of its old
   * place). Answers whether it was kept. A stand the public sees at this exact position announces its
   * street to the address search from here (a trigger of the baseline migration).
   */
  async record(stand: StandToLookUp, street: string | null, place: StreetPlace = NO_PLACE): Promise<boolean> {
    const rows = (await this.dataSource.query(
      `INSERT INTO "stand_streets" ("stand_id", "latitude", "longitude", "street", "postcode", "town")
       SELECT s."id", s."latitude", s."longitude", $4, $5, $6 FROM "stands" s
        WHERE s."id" = $1 AND s."latitude" = $2::numeric AND s."longitude" = $3::numeric
       ON CONFLICT ("stand_id") DO UPDATE SET "latitude" = EXCLUDED."latitude", "longitude" = EXCLUDED."longitude",
         "street" = EXCLUDED."street", "postcode" = EXCLUDED."postcode", "town" = EXCLUDED."town", "looked_up_at" = now()
       RETURNING "stand_id"`,
      [stand.id, stand.latitude, stand.longitude, street, street === null ? null : place.postcode, street === null ? null : place.town],
    )) as unknown[];
    return rows.length > 0;
  }
}

/**
 * The named streets of these stands, stand id → street, for the positions they stand at now (inside
 * the caller's transaction: the numbering's). Stands without a known street are left out.
 */
export async function knownStreets(m: EntityManager, standIds: readonly string[]): Promise<Map<string, string>> {
  if (standIds.length === 0) return new Map();
  const rows = (await m.query(
    `SELECT t."stand_id", t."street" FROM "stand_streets" t
       JOIN "stands" s ON s."id" = t."stand_id" AND s."latitude" = t."latitude" AND s."longitude" = t."longitude"
      WHERE t."stand_id" = ANY($1::uuid[]) AND t."street" IS NOT NULL`,
    [standIds],
  )) as { stand_id: string; street: string }[];
  return new Map(rows.map((r) => [r.stand_id, r.street]));
}
