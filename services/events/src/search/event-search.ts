import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, type Repository, type SelectQueryBuilder } from 'typeorm';
import { berlinDayBounds, LIMITS, startOfBerlinToday, type TEventListQuery, type TLatLng } from '@flohmarkt/contracts';
import { EventEntity } from '../events/event.entity.js';
import { InjectEventReads } from '../read-database.js';
import { GEO_CELL_SQL, cellsCovering } from './geo-cells.js';
import { radiusBounds, type TRadiusBounds } from './radius-bounds.js';

const R = LIMITS.earthRadiusKm;

/**
 * "Row `a` lies within :radius of (:lat, :lng)" by the haversine of `haversineKm` in contracts
 * (earth radius 6371 km), so server filter and client display agree. Distance 2R·asin(√h) ≤ r is
 * compared as h ≤ sin²(r / 2R) (both sides grow together for r up to half the globe), which spares
 * every row the square root and arcsine; the arithmetic is in double precision, as in the client.
 */
const haversine = (a: string) => `power(sin(radians(${a}.latitude::float8 - :lat) / 2), 2)
  + :cosLat * cos(radians(${a}.latitude::float8)) * power(sin(radians(${a}.longitude::float8 - :lng) / 2), 2)`;
const withinRadius = (a: string) => `${haversine(a)} <= :maxHaversine`;

function radiusParameters(lat: number, lng: number, radiusKm: number) {
  const halfAngle = Math.min(radiusKm / (2 * R), Math.PI / 2);
  return { lat, lng, cosLat: Math.cos((lat * Math.PI) / 180), maxHaversine: Math.sin(halfAngle) ** 2 };
}

/** A condition on the row alias `a` beyond the query's own filters, with its parameters. */
interface TCondition {
  sql: (a: string) => string;
  parameters: Record<string, unknown>;
}

/** One page of a list and how many events match its filters in all (X-Total-Count). */
export interface TEventPage {
  events: EventEntity[];
  total: number;
}

/**
 * GET /events in SQL. The radius search first narrows to the grid cells that cover the circle's
 * bounding box, or to the box itself near the poles, then keeps the rows within the exact haversine
 * distance. A page of a radius search is picked per cell, so it costs the same in the middle of a
 * city as in an empty landscape. Rationale and measurements: docs/adr/0004-geo-search.md.
 */
@Injectable()
export class EventSearch {
  /** On the standby when one is configured (read-database.ts). */
  constructor(@InjectEventReads() private readonly dataSource: DataSource) {}

  /**
   * One or two statements for the page, outside a transaction: every round trip counts at these
   * sizes, and a list read at two instants a few milliseconds apart is as good as one. A count
   * follows only when the page cannot tell the total itself (it is full, or empty past the end).
   * (Parallel plans are off for every connection of the services: dataSourceOptions.)
   */
  async find(query: TEventListQuery, now: Date = new Date()): Promise<TEventPage> {
    const reads = new EventReads(this.dataSource.getRepository(EventEntity), query);
    const { offset, limit } = query;
    const nearestFirst = query.sort === 'distance';
    if (query.upcoming && !nearestFirst) return upcoming(reads, startOfBerlinToday(now), offset, limit);
    // "Ends today or later" as one condition: the split of upcoming() exists for start order only.
    const condition: TCondition | null = query.upcoming ? { sql: (a) => `${a}.end_date_time >= :today`, parameters: { today: startOfBerlinToday(now) } } : null;
    const events = nearestFirst ? await reads.nearestFirst(condition, offset, limit) : await reads.page(condition, offset, limit);
    return { events, total: totalOnPage(events, offset, limit) ?? (await reads.count(condition)) };
  }
}

/** The total when a page shows it: a page shorter than asked for is the end of the list. */
function totalOnPage(events: EventEntity[], offset: number, limit: number): number | null {
  if (events.length === limit || (events.length === 0 && offset > 0)) return null;
  return offset + events.length;
}

/** The reads of one query: every event matching its filters (and a condition), whole or as a page in start order. */
class EventReads {
  /** The radius search, worked out once for all reads of the query (null without one). */
  private readonly circle: { center: TLatLng; radiusKm: number; box: TRadiusBounds } | null = null;
  private readonly cells: number[] | null = null;

  constructor(
    private readonly events: Repository<EventEntity>,
    private readonly query: TEventListQuery,
  ) {
    const { lat, lng } = query;
    if (lat === undefined || lng === undefined) return;
    const radiusKm = query.radiusKm ?? LIMITS.landingSearchRadiusKm;
    this.circle = { center: { lat, lng }, radiusKm, box: radiusBounds({ lat, lng }, radiusKm) };
    this.cells = cellsCovering(this.circle.center, radiusKm, this.circle.box);
  }

  /** Every matching event, in start order. */
  all(condition: TCondition | null): Promise<EventEntity[]> {
    return this.page(condition, 0, undefined);
  }

  /** Events `offset` to `offset + limit` in start order (the id breaks ties, so pages never overlap). */
  page(condition: TCondition | null, offset: number, limit: number | undefined): Promise<EventEntity[]> {
    let qb: SelectQueryBuilder<EventEntity>;
    if (limit !== undefined && this.cells) {
      // Per grid cell, the first offset + limit events by start from the (cell, start) index; the
      // page is then the first of those: at most cells x (offset + limit) rows are read.
      const take = offset + limit;
      const perCell = this.filtered(this.events.createQueryBuilder('i'), 'i', condition)
        .select('i.id', 'id')
        .addSelect('i.start_date_time', 'start_date_time')
        .andWhere(`${GEO_CELL_SQL('i')} = cell.n`)
        .orderBy('i.start_date_time', 'ASC')
        .addOrderBy('i.id', 'ASC')
        .limit(take);
      qb = this.events
        .createQueryBuilder('e')
        .where(
          `e.id IN (SELECT p.id FROM unnest(CAST(:geoCells AS int[])) AS cell(n) CROSS JOIN LATERAL (${perCell.getQuery()}) p
          ORDER BY p.start_date_time, p.id LIMIT ${take})`,
        )
        .setParameters({ ...perCell.getParameters(), geoCells: this.cells });
    } else {
      qb = this.matching(condition);
    }
    qb.orderBy('e.startDateTime', 'ASC').addOrderBy('e.id', 'ASC');
    if (limit !== undefined) qb.limit(limit);
    if (offset) qb.offset(offset);
    return qb.getMany();
  }

  /**
   * Events `offset` to `offset + limit` nearest the query's centre first; equal distances by start,
   * then id, so pages never overlap or leave gaps. Only with a centre (the query schema demands one).
   */
  nearestFirst(condition: TCondition | null, offset: number, limit: number): Promise<EventEntity[]> {
    const qb = this.matching(condition);
    // The haversine term grows with the distance: ordering by it spares the square root and arcsine.
    qb.addSelect(haversine('e'), 'distance_order').orderBy('distance_order', 'ASC').addOrderBy('e.startDateTime', 'ASC').addOrderBy('e.id', 'ASC');
    return qb.limit(limit).offset(offset).getMany();
  }

  /**
   * How many events match, in one statement. count(*) rather than TypeORM's getCount(), which
   * counts DISTINCT ids and so sorts or hashes them all; the filters are those of a whole list, so
   * the same indexes answer (index-only on the cell and (end, start) indexes).
   */
  async count(condition: TCondition | null): Promise<number> {
    const qb = this.matching(condition).select('count(*)::int', 'total');
    const row = await qb.getRawOne<{ total: number }>();
    return row?.total ?? 0;
  }

  /** Every matching row `e`: the query's filters, the condition, and a radius search's grid cells. */
  private matching(condition: TCondition | null): SelectQueryBuilder<EventEntity> {
    const qb = this.filtered(this.events.createQueryBuilder('e'), 'e', condition);
    if (this.cells) qb.andWhere(`${GEO_CELL_SQL('e')} = ANY(CAST(:geoCells AS int[]))`, { geoCells: this.cells });
    return qb;
  }

  /** The query's date, radius, id and map-section filters and the condition, on rows `a`. */
  private filtered(qb: SelectQueryBuilder<EventEntity>, a: string, condition: TCondition | null): SelectQueryBuilder<EventEntity> {
    const { query } = this;
    if (condition) qb.andWhere(condition.sql(a), condition.parameters);
    if (query.date) {
      const day = berlinDayBounds(query.date);
      qb.andWhere(`${a}.start_date_time >= :dayStart AND ${a}.start_date_time < :dayEnd`, { dayStart: day.start, dayEnd: day.end });
    }
    if (this.circle) {
      const { center, radiusKm, box } = this.circle;
      // The grid cells stand for the bounding box where there are any (the callers add them);
      // a box condition beside them only tempts the planner into the (latitude, longitude) index.
      if (!this.cells) {
        qb.andWhere(`${a}.latitude BETWEEN :boxMinLat AND :boxMaxLat`, { boxMinLat: box.minLat, boxMaxLat: box.maxLat });
        qb.andWhere(
          new Brackets((or) => {
            box.lngRanges.forEach(([from, to], i) => {
              or.orWhere(`${a}.longitude BETWEEN :boxMinLng${i} AND :boxMaxLng${i}`, { [`boxMinLng${i}`]: from, [`boxMaxLng${i}`]: to });
            });
          }),
        );
      }
      qb.andWhere(withinRadius(a), radiusParameters(center.lat, center.lng, radiusKm));
    }
    if (query.ids) qb.andWhere(`${a}.id IN (:...ids)`, { ids: query.ids });
    if (query.bbox) {
      const { minLat, maxLat, minLng, maxLng } = query.bbox;
      qb.andWhere(`${a}.latitude BETWEEN :minLat AND :maxLat AND ${a}.longitude BETWEEN :minLng AND :maxLng`, { minLat, maxLat, minLng, maxLng });
    }
    return qb;
  }
}

/**
 * "Ends today or later" as two reads: events running now (started before today), then events
 * starting today or later. Every event of the first part starts before every event of the second,
 * so the concatenation is in start order. The running ones are few (a market lasts hours or days)
 * and are read whole through an (end, start) index; a LIMIT there, or one query with
 * `end_date_time >= today` ordered by start, lets PostgreSQL walk the start index through all past
 * events to fill a short page (35-150 ms at 100,000 events; docs/adr/0004-geo-search.md).
 */
async function upcoming(reads: EventReads, today: Date, offset: number, limit: number): Promise<TEventPage> {
  const end = offset + limit;
  const running = await reads.all({ sql: (a) => `${a}.end_date_time >= :today AND ${a}.start_date_time < :today`, parameters: { today } });
  const startsLater: TCondition = { sql: (a) => `${a}.start_date_time >= :today`, parameters: { today } };
  // The running ones are counted already; the later ones are counted on the same start indexes
  // as their page (index-only), cheaper than `end >= today` on indexes without the coordinates.
  const total = async (events: EventEntity[]) => totalOnPage(events, offset, limit) ?? running.length + (await reads.count(startsLater));
  if (running.length >= end) {
    const events = running.slice(offset, end);
    return { events, total: await total(events) };
  }
  const later = await reads.page(startsLater, Math.max(0, offset - running.length), end - Math.max(offset, running.length));
  const events = [...running.slice(offset), ...later];
  return { events, total: await total(events) };
}
