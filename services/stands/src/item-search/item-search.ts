import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  LIMITS,
  berlinDayBounds,
  standLabel,
  type TItem,
  type TItemSearchHit,
  type TItemSearchQuery,
  type TLocationPrecision,
  type TNameDisplay,
} from '@flohmarkt/contracts';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { publicView, type PublicStandFields } from '../privacy/stand-privacy.js';
import { ITEM_COLUMNS, toItem, type ItemRow } from '../items/item-rows.js';
import { KeptAnswers } from './kept-answers.js';
import { searchTerms, type SearchTerms } from './search-terms.js';

export interface ItemSearchPage {
  hits: TItemSearchHit[];
  /** Every match, for X-Total-Count. */
  total: number;
}

/** The farthest a cell's centre lies from a point in it (~141 m for 200 m cells), with room to spare. */
const CELL_MARGIN_KM = 0.2;

/** One statement and its parameters, as node-postgres takes them. */
export interface SqlStatement {
  sql: string;
  parameters: unknown[];
}

/** A row of the page: a hit with its item's columns (null for a description's hit) and its market's. */
interface PageRow {
  total: string;
  item_id: string | null;
  stand_id: string | null;
  event_id: string | null;
  distance_km: number | null;
  item_title: string | null;
  item_price_kind: ItemRow['price_kind'] | null;
  item_price_cents: number | null;
  item_category: string | null;
  item_photo: string | null;
  item_status: ItemRow['status'] | null;
  item_created_at: Date | null;
  item_updated_at: Date | null;
  event_name: string | null;
  event_start: Date | null;
  event_end: Date | null;
  event_location: string | null;
  // What the public's read of the hit's stand is made of (its label and point): privacy/stand-privacy.ts publicView.
  stand_number: string | null;
  exhibitor_id: string | null;
  guest_first_name: string | null;
  guest_last_name: string | null;
  name_display: TNameDisplay | null;
  location_precision: TLocationPrecision | null;
  stand_latitude: string | null;
  stand_longitude: string | null;
  address_street: string | null;
  address_house_number: string | null;
  address_postcode: string | null;
  address_town: string | null;
  exhibitor_first_name: string | null;
  exhibitor_last_name: string | null;
}

/**
 * A word the planner expects to match at most this many items and descriptions in all Germany per
 * 100 km² of the circle is searched from the text (the GIN indexes), a commoner one from the stands
 * in the box. The text way costs about 10 µs per match (its stand, market and point), the box way
 * about as much per stand in the box, some hundreds in a 10 km circle around a city (ADR 0020).
 */
const TEXT_FIRST_MATCHES_PER_100_KM2 = 700;

/**
 * A lexeme no text ever gives (the parser never makes one with a space): its estimate is the floor
 * the planner puts every word at that is not among the statistics' frequent lexemes (half the
 * least frequent one's share). Any word estimated near that floor is rare and goes the text way,
 * whatever the radius: a frequent lexeme is estimated at twice the floor or more.
 */
export const UNHEARD_OF_TSQUERY = "'nie gehört'";
/** Up to this multiple of the floor a word counts as not among the frequent lexemes. */
const FLOOR_MARGIN = 1.5;

/** How PostgreSQL starts: from the matches of the text, or from the stands in the box. */
export type SearchWay = 'text' | 'box';

/**
 * The planner's estimate of the matches of `tsquery` in all Germany, from the statistics of the GIN
 * expression indexes (ANALYZE keeps the frequent lexemes and their share): a statement only planned,
 * never run. Its one row's `QUERY PLAN` is read by `searchWayOf`.
 */
export function matchEstimateStatement(tsquery: string): SqlStatement {
  return {
    sql: `EXPLAIN (FORMAT JSON)
      SELECT 1 FROM "items" i WHERE to_tsvector('german', i."title" || ' ' || i."category") @@ $1::tsquery AND i."status" <> 'sold'
      UNION ALL
      SELECT 1 FROM "stands" d WHERE d."description_search" @@ $1::tsquery`,
    parameters: [tsquery],
  };
}

/** The rows of matchEstimateStatement: its plan as JSON. */
export type MatchEstimate = { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[];

/** The way for a word's estimate, the floor's (the estimate of UNHEARD_OF_TSQUERY) and the radius. */
export function searchWayOf(estimate: MatchEstimate, floor: MatchEstimate, radiusKm: number): SearchWay {
  const rows = (e: MatchEstimate) => e[0]['QUERY PLAN'][0].Plan['Plan Rows'];
  const matches = rows(estimate);
  const fewEnough = TEXT_FIRST_MATCHES_PER_100_KM2 * ((Math.PI * radiusKm * radiusKm) / 100);
  return matches <= Math.max(fewEnough, FLOOR_MARGIN * rows(floor)) ? 'text' : 'box';
}

/**
 * The search's statement: the page of matches of `tsquery` near the query's place, ordered by
 * relevance, then distance from the stand's public point, then id, with the number of all matches.
 * Always one row at least (the total; a page past the end has no match in it). Only the page's rows
 * leave PostgreSQL, each with its item's columns (ITEM_COLUMNS, as every read of an item) and its
 * market's name, times and place.
 *
 * The public point is `stand_public_point` (migration ItemSearchOrder1764900950000: the cell's centre
 * of an approximate stand before the day, the rule of the stand's public read); the conditions are an
 * approved stand at a planned market that has not ended and touches the from/to days. Two ways in
 * (ADR 0020 has the plans and timings at 1,000,000 items over 100,000 markets):
 *
 * - `box`, for a common word: the stands whose point lies in a box around the place
 *   (IDX_stands_search_point; a stand without a point by its market's point, IDX_event_facts_point),
 *   each one's public point once, kept within the radius; then their unsold items whose text matches
 *   (IDX_items_stand_search, an index-only scan that reads the stored text vector) and the stands
 *   whose description matches.
 * - `text`, for a rare word: the matches from the GIN indexes of migration Items1764900700000 (the
 *   expressions below are exactly theirs), then their stands and markets.
 */
export function itemSearchStatement(tsquery: string, query: TItemSearchQuery, now: Date, way: SearchWay): SqlStatement {
  const centre = { lat: query.lat, lng: query.lng };
  const reach = query.radiusKm + CELL_MARGIN_KM;
  const latDegrees = (reach / LIMITS.earthRadiusKm) * (180 / Math.PI);
  // Germany lies far from the poles and the antimeridian: a plain box holds the circle.
  const lngDegrees = latDegrees / Math.cos((centre.lat * Math.PI) / 180);
  const from = query.from ? berlinDayBounds(query.from).start : null;
  const to = query.to ? berlinDayBounds(query.to).end : null;
  const upcoming = `s."status" = 'approved' AND e."status" = 'planned' AND NOT e."deleted" AND e."end_date_time" >= $2
        AND ($3::timestamptz IS NULL OR e."end_date_time" >= $3) AND ($4::timestamptz IS NULL OR e."start_date_time" < $4)`;
  const publicPoint = `CROSS JOIN LATERAL "stand_public_point"(s."latitude", s."longitude", s."location_precision",
        e."start_date_time", e."latitude", e."longitude", $2) p`;
  const itemText = `to_tsvector('german', i."title" || ' ' || i."category")`;
  // Each step materialised: a public point is worked out once per stand, its distance once, and each
  // stand's items are matched once.
  const hits =
    way === 'box'
      ? `"boxed" AS MATERIALIZED (
      SELECT s."id" AS "stand_id", s."event_id", s."description_search", p."lat", p."lng"
      FROM "stands" s JOIN "event_facts" e ON e."event_id" = s."event_id"
      ${publicPoint}
      WHERE ${upcoming}
        AND s."latitude"::float8 BETWEEN $5 AND $6 AND s."longitude"::float8 BETWEEN $7 AND $8
      UNION ALL
      SELECT s."id", s."event_id", s."description_search", p."lat", p."lng"
      FROM "event_facts" e JOIN "stands" s ON s."event_id" = e."event_id"
      ${publicPoint}
      WHERE ${upcoming} AND (s."latitude" IS NULL OR s."longitude" IS NULL)
        AND NULLIF(e."latitude", '')::float8 BETWEEN $5 AND $6 AND NULLIF(e."longitude", '')::float8 BETWEEN $7 AND $8
    ),
    "near" AS MATERIALIZED (
      SELECT b."stand_id", b."event_id", b."description_search", "km_between"($9, $10, b."lat", b."lng") AS "distance_km"
      FROM "boxed" b
      WHERE "km_between"($9, $10, b."lat", b."lng") <= $11
    ),
    "hits" AS MATERIALIZED (
      SELECT i."id" AS "item_id", n."stand_id", n."event_id", n."distance_km", ts_rank(${itemText}, $1::tsquery) AS "rank"
      FROM "near" n JOIN "items" i ON i."stand_id" = n."stand_id"
      WHERE ${itemText} @@ $1::tsquery AND i."status" <> 'sold'
      UNION ALL
      SELECT NULL, n."stand_id", n."event_id", n."distance_km", ts_rank(n."description_search", $1::tsquery)
      FROM "near" n
      WHERE n."description_search" @@ $1::tsquery
    )`
      : `"matched" AS MATERIALIZED (
      SELECT i."id" AS "item_id", i."stand_id", ts_rank(${itemText}, $1::tsquery) AS "rank"
      FROM "items" i
      WHERE ${itemText} @@ $1::tsquery AND i."status" <> 'sold'
      UNION ALL
      SELECT NULL, d."id", ts_rank(d."description_search", $1::tsquery)
      FROM "stands" d
      WHERE d."description_search" @@ $1::tsquery
    ),
    "pointed" AS MATERIALIZED (
      SELECT m."item_id", s."id" AS "stand_id", s."event_id", m."rank", p."lat", p."lng"
      FROM "matched" m JOIN "stands" s ON s."id" = m."stand_id" JOIN "event_facts" e ON e."event_id" = s."event_id"
      ${publicPoint}
      WHERE ${upcoming}
    ),
    "hits" AS MATERIALIZED (
      SELECT t."item_id", t."stand_id", t."event_id", "km_between"($9, $10, t."lat", t."lng") AS "distance_km", t."rank"
      FROM "pointed" t
      WHERE t."lat" BETWEEN $5 AND $6 AND t."lng" BETWEEN $7 AND $8 AND "km_between"($9, $10, t."lat", t."lng") <= $11
    )`;
  const sql = `
    WITH ${hits}
    SELECT t."total", h."item_id", h."stand_id", h."event_id", h."distance_km",
           i."title" AS "item_title", i."price_kind" AS "item_price_kind", i."price_cents" AS "item_price_cents",
           i."category" AS "item_category", i."photo" AS "item_photo", i."status" AS "item_status",
           i."created_at" AS "item_created_at", i."updated_at" AS "item_updated_at",
           e."name" AS "event_name", e."start_date_time" AS "event_start", e."end_date_time" AS "event_end", e."location" AS "event_location",
           st."stand_number", st."exhibitor_id", st."guest_first_name", st."guest_last_name", st."name_display", st."location_precision",
           st."latitude" AS "stand_latitude", st."longitude" AS "stand_longitude", st."address_street", st."address_house_number",
           st."address_postcode", st."address_town", u."first_name" AS "exhibitor_first_name", u."last_name" AS "exhibitor_last_name"
    FROM (SELECT count(*) AS "total" FROM "hits") t
    LEFT JOIN LATERAL (
      SELECT * FROM "hits" ORDER BY "rank" DESC, "distance_km", coalesce("item_id", "stand_id") LIMIT $12 OFFSET $13
    ) h ON true
    LEFT JOIN LATERAL (SELECT ${ITEM_COLUMNS} FROM "items" WHERE "items"."id" = h."item_id") i ON true
    LEFT JOIN "event_facts" e ON e."event_id" = h."event_id"
    LEFT JOIN "stands" st ON st."id" = h."stand_id"
    LEFT JOIN "user_names" u ON u."user_id" = st."exhibitor_id" AND NOT u."deleted"
    ORDER BY h."rank" DESC, h."distance_km", coalesce(h."item_id", h."stand_id")`;
  return {
    sql,
    parameters: [
      tsquery,
      now,
      from,
      to,
      centre.lat - latDegrees,
      centre.lat + latDegrees,
      centre.lng - lngDegrees,
      centre.lng + lngDegrees,
      centre.lat,
      centre.lng,
      query.radiusKm,
      query.limit,
      query.offset,
    ],
  };
}

/** How long an estimate is kept: it changes only when ANALYZE renews the statistics. A text's lasting tsquery as long. */
const KEPT_MS = 5 * 60_000;
/** The most estimates and tsqueries kept (the oldest go first): a few hundred bytes each. */
const KEPT_MAX = 2000;

/**
 * GET /api/items/search (issue 35): items (not sold) of approved stands at upcoming markets, and
 * stands whose description matches, near a place, ranked by relevance then distance. PostgreSQL
 * finds, orders, counts and pages them with their items, markets and the columns of their stands'
 * labels and points in one statement (itemSearchStatement); each hit's stand goes through the very
 * rule of the stand's public read (stand-privacy.ts publicView), so a hit never shows more of a stand
 * than its page, and its distance is measured from the same public point the read shows.
 */
@Injectable()
export class ItemSearch {
  /** The planner's estimate per tsquery, kept a while: a round trip less for the words asked often. */
  private readonly estimates = new KeptAnswers<MatchEstimate>(KEPT_MS, KEPT_MAX);
  /**
   * A search text's tsquery, kept when none of its words was taken for a typo (search-terms.ts): another
   * round trip less. A compound listed meanwhile joins it when the five minutes end.
   */
  private readonly terms = new KeptAnswers<SearchTerms>(KEPT_MS, KEPT_MAX);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() private readonly clock: PrivacyClock = new PrivacyClock(),
  ) {}

  async find(query: TItemSearchQuery): Promise<ItemSearchPage> {
    const { tsquery } = await this.terms.get(
      query.q,
      () => searchTerms(this.dataSource.manager, query.q),
      (terms) => terms.lasting,
    );
    if (!tsquery) return { hits: [], total: 0 };
    const [estimate, floor] = await Promise.all([this.estimateOf(tsquery), this.estimateOf(UNHEARD_OF_TSQUERY)]);
    const way = searchWayOf(estimate, floor, query.radiusKm);
    const now = this.clock.now();
    const rows = (await this.prepared(`item-search-${way}`, itemSearchStatement(tsquery, query, now, way))) as PageRow[];
    return { hits: rows.flatMap((row) => hitOf(row, now)), total: Number(rows[0]?.total ?? 0) };
  }

  private estimateOf(tsquery: string): Promise<MatchEstimate> {
    const { sql, parameters } = matchEstimateStatement(tsquery);
    return this.estimates.get(tsquery, async () => (await this.dataSource.query(sql, parameters)) as MatchEstimate);
  }

  /**
   * A statement whose text depends only on its name, run as that named prepared statement of the
   * pooled connection: PostgreSQL parses it once per connection, and the search's planning (some
   * milliseconds for its CTEs and inlined functions) is not paid anew for each request once the
   * plan cache keeps a generic plan.
   */
  private async prepared(name: string, { sql, parameters }: SqlStatement): Promise<unknown[]> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const client = (await runner.connect()) as { query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }> };
      return (await client.query({ name, text: sql, values: parameters })).rows;
    } finally {
      await runner.release();
    }
  }
}

/** A page row as its hit: the stand as the public reads it (label, point), the item and the market; none for the total's row. */
function hitOf(row: PageRow, now: Date): TItemSearchHit[] {
  if (!row.stand_id || !row.event_id || row.distance_km === null || !row.event_start || !row.event_end || !row.name_display || !row.location_precision)
    return [];
  const stand = publicView(standFieldsOf(row, row.name_display, row.location_precision), { startDateTime: row.event_start.toISOString() }, now);
  return [
    {
      item: itemOf(row),
      stand: {
        id: row.stand_id,
        label: standLabel(stand),
        latitude: stand.latitude === null ? null : Number(stand.latitude),
        longitude: stand.longitude === null ? null : Number(stand.longitude),
        locationApproximate: stand.locationApproximate === true,
      },
      event: {
        id: row.event_id,
        name: row.event_name ?? '',
        startDateTime: row.event_start.toISOString(),
        endDateTime: row.event_end.toISOString(),
        location: row.event_location ?? '',
      },
      distanceKm: Math.round(row.distance_km * 1000) / 1000,
    },
  ];
}

/** The stand's own view of the fields publicView and standLabel read, as stand-view.ts toStand builds them. */
function standFieldsOf(row: PageRow, nameDisplay: TNameDisplay, locationPrecision: TLocationPrecision): PublicStandFields {
  const hasAddress = row.address_street && row.address_postcode && row.address_town;
  return {
    standNumber: row.stand_number,
    latitude: row.stand_latitude,
    longitude: row.stand_longitude,
    locationPrecision,
    nameDisplay,
    address: hasAddress
      ? { street: row.address_street!, houseNumber: row.address_house_number, postcode: row.address_postcode!, town: row.address_town! }
      : null,
    exhibitorId: row.exhibitor_id,
    // A seller the read model has not heard of (or forgot) keeps an entry without names, as in the stand's read.
    exhibitor: row.exhibitor_id === null ? null : { id: row.exhibitor_id, firstName: row.exhibitor_first_name, lastName: row.exhibitor_last_name },
    guestFirstName: row.guest_first_name,
    guestLastName: row.guest_last_name,
  };
}

/** The item of a page row, as every read of an item shows it (items/item-rows.ts); null: a description's hit. */
function itemOf(row: PageRow): TItem | null {
  if (!row.item_id || !row.item_title || !row.item_price_kind || !row.item_category || !row.item_status || !row.item_created_at || !row.item_updated_at)
    return null;
  return toItem({
    id: row.item_id,
    stand_id: row.stand_id ?? '',
    title: row.item_title,
    price_kind: row.item_price_kind,
    price_cents: row.item_price_cents,
    category: row.item_category,
    photo: row.item_photo,
    status: row.item_status,
    created_at: row.item_created_at,
    updated_at: row.item_updated_at,
  });
}
