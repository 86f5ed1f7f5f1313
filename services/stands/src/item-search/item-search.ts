import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource } from 'typeorm';
import { LIMITS, berlinDayBounds, haversineKm, type TItemSearchHit, type TItemSearchQuery, type TLatLng } from '@flohmarkt/contracts';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandEntity } from '../stands/stand.entity.js';
import { ITEM_COLUMNS, toItem, type ItemRow } from '../items/item-rows.js';
import { publicPoint } from './public-point.js';
import { searchTsquery } from './search-terms.js';

export interface ItemSearchPage {
  hits: TItemSearchHit[];
  /** Every match, for X-Total-Count. */
  total: number;
}

/** The farthest a cell's centre lies from a point in it (~141 m for 200 m cells), with room to spare. */
const CELL_MARGIN_KM = 0.2;

interface Candidate {
  item_id: string | null;
  stand_id: string;
  event_id: string;
  rank: number;
  latitude: string | null;
  longitude: string | null;
  location_precision: string;
  start_date_time: Date;
  event_latitude: string | null;
  event_longitude: string | null;
}

interface Match {
  itemId: string | null;
  standId: string;
  eventId: string;
  rank: number;
  distanceKm: number;
}

/**
 * GET /api/items/search (issue 35): items (not sold) of approved stands at upcoming markets, and
 * stands whose description matches, near a place. Two steps:
 *
 * 1. PostgreSQL finds the matches through the GIN indexes of migration Items1764900700000 (the
 *    expressions below must stay exactly theirs), keeps approved stands at planned markets that have
 *    not ended (and touch the from/to days), and keeps what lies in a box around the place and within
 *    the radius plus a cell's margin. It answers ids, rank and points only.
 * 2. Here each match is measured from the stand's public point (public-point.ts: the cell's centre of
 *    an approximate stand before the day, the same rule as the stand's read), filtered to the radius,
 *    ordered by rank, distance, id, and counted; only the page is read in full, its stands through the
 *    StandPresenter, so a hit never shows more of a stand than its public read.
 *
 * The privacy rule stays in one place (TypeScript), at the cost of carrying every match's ids to
 * step 2: a few hundred bytes each, fine for the thousands a 50 km radius holds.
 */
@Injectable()
export class ItemSearch {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly presenter: StandPresenter,
    @Optional() private readonly clock: PrivacyClock = new PrivacyClock(),
  ) {}

  async find(query: TItemSearchQuery): Promise<ItemSearchPage> {
    const tsquery = await searchTsquery(this.dataSource.manager, query.q);
    if (!tsquery) return { hits: [], total: 0 };
    const now = this.clock.now();
    const centre = { lat: query.lat, lng: query.lng };
    const matches = (await this.candidates(tsquery, centre, query, now))
      .flatMap((row): Match[] => {
        const point = publicPoint(
          { latitude: row.latitude, longitude: row.longitude, locationPrecision: row.location_precision },
          { startDateTime: row.start_date_time.toISOString(), latitude: row.event_latitude, longitude: row.event_longitude },
          now,
        );
        if (!point) return [];
        const distanceKm = haversineKm(centre, point);
        if (distanceKm > query.radiusKm) return [];
        return [{ itemId: row.item_id, standId: row.stand_id, eventId: row.event_id, rank: row.rank, distanceKm }];
      })
      .sort((a, b) => b.rank - a.rank || a.distanceKm - b.distanceKm || (a.itemId ?? a.standId).localeCompare(b.itemId ?? b.standId));
    const page = matches.slice(query.offset, query.offset + query.limit);
    return { hits: await this.hitsOf(page), total: matches.length };
  }

  private async candidates(tsquery: string, centre: TLatLng, query: TItemSearchQuery, now: Date): Promise<Candidate[]> {
    const reach = query.radiusKm + CELL_MARGIN_KM;
    const latDegrees = (reach / LIMITS.earthRadiusKm) * (180 / Math.PI);
    // Germany lies far from the poles and the antimeridian: a plain box holds the circle.
    const lngDegrees = latDegrees / Math.cos((centre.lat * Math.PI) / 180);
    const from = query.from ? berlinDayBounds(query.from).start : null;
    const to = query.to ? berlinDayBounds(query.to).end : null;
    const rows = (await this.dataSource.query(
      `SELECT h."item_id", s."id" AS "stand_id", s."event_id", h."rank", s."latitude", s."longitude", s."location_precision",
              e."start_date_time", e."latitude" AS "event_latitude", e."longitude" AS "event_longitude"
       FROM (
         SELECT i."id" AS "item_id", i."stand_id", ts_rank(to_tsvector('german', i."title" || ' ' || i."category"), $1::tsquery) AS "rank"
         FROM "items" i
         WHERE to_tsvector('german', i."title" || ' ' || i."category") @@ $1::tsquery AND i."status" <> 'sold'
         UNION ALL
         SELECT NULL, d."id", ts_rank(to_tsvector('german', coalesce(d."description", '')), $1::tsquery)
         FROM "stands" d
         WHERE to_tsvector('german', coalesce(d."description", '')) @@ $1::tsquery
       ) h
       JOIN "stands" s ON s."id" = h."stand_id"
       JOIN "event_facts" e ON e."event_id" = s."event_id"
       CROSS JOIN LATERAL (
         SELECT CASE WHEN s."latitude" IS NULL OR s."longitude" IS NULL THEN NULLIF(e."latitude", '')::float8 ELSE s."latitude"::float8 END AS "lat",
                CASE WHEN s."latitude" IS NULL OR s."longitude" IS NULL THEN NULLIF(e."longitude", '')::float8 ELSE s."longitude"::float8 END AS "lng"
       ) p
       WHERE s."status" = 'approved'
         AND NOT e."deleted" AND e."status" = 'planned' AND e."end_date_time" >= $2
         AND ($3::timestamptz IS NULL OR e."end_date_time" >= $3) AND ($4::timestamptz IS NULL OR e."start_date_time" < $4)
         AND p."lat" BETWEEN $5 AND $6 AND p."lng" BETWEEN $7 AND $8
         AND "km_between"($9, $10, p."lat", p."lng") <= $11`,
      [
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
        reach,
      ],
    )) as Candidate[];
    return rows;
  }

  /** The page's hits in full: items, stands as the public reads them, markets. */
  private async hitsOf(page: Match[]): Promise<TItemSearchHit[]> {
    if (page.length === 0) return [];
    const itemIds = page.flatMap((m) => (m.itemId ? [m.itemId] : []));
    const [items, stands, events] = await Promise.all([
      itemIds.length ? (this.dataSource.query(`SELECT ${ITEM_COLUMNS} FROM "items" WHERE "id" = ANY($1::uuid[])`, [itemIds]) as Promise<ItemRow[]>) : [],
      this.dataSource.getRepository(StandEntity).findBy({ id: In([...new Set(page.map((m) => m.standId))]) }),
      this.dataSource.query(`SELECT "event_id", "name", "start_date_time", "end_date_time", "location" FROM "event_facts" WHERE "event_id" = ANY($1::uuid[])`, [
        [...new Set(page.map((m) => m.eventId))],
      ]) as Promise<{ event_id: string; name: string; start_date_time: Date; end_date_time: Date; location: string }[]>,
    ]);
    const itemById = new Map(items.map((row) => [row.id, toItem(row)]));
    const standById = new Map((await this.presenter.many(stands)).map((read) => [read.id, read]));
    const eventById = new Map(events.map((e) => [e.event_id, e]));
    return page.flatMap((match): TItemSearchHit[] => {
      const stand = standById.get(match.standId);
      const event = eventById.get(match.eventId);
      const item = match.itemId ? itemById.get(match.itemId) : null;
      // Gone between the two reads (deleted a moment ago): left out rather than half shown.
      if (!stand || !event || item === undefined) return [];
      return [
        {
          item,
          stand: {
            id: stand.id,
            label: stand.label,
            latitude: stand.latitude === null ? null : Number(stand.latitude),
            longitude: stand.longitude === null ? null : Number(stand.longitude),
            locationApproximate: stand.locationApproximate === true,
          },
          event: {
            id: event.event_id,
            name: event.name,
            startDateTime: event.start_date_time.toISOString(),
            endDateTime: event.end_date_time.toISOString(),
            location: event.location,
          },
          distanceKm: Math.round(match.distanceKm * 1000) / 1000,
        },
      ];
    });
  }
}
