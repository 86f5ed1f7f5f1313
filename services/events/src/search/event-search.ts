import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Brackets, DataSource, type SelectQueryBuilder } from 'typeorm';
import { LIMITS, type TEventListQuery } from '@flohmarkt/contracts';
import { EventEntity } from '../events/event.entity.js';
import { berlinDayBounds, startOfBerlinToday } from './berlin-time.js';
import { radiusBounds } from './radius-bounds.js';

const R = LIMITS.earthRadiusKm;

/**
 * Great-circle distance in km from (:lat, :lng) to the row, the same haversine as `haversineKm` in
 * contracts (earth radius 6371 km), so server filter and client display agree.
 */
const HAVERSINE_KM = `2 * ${R} * asin(least(1, sqrt(
  power(sin(radians(e.latitude - CAST(:lat AS numeric)) / 2), 2)
  + cos(radians(CAST(:lat AS double precision))) * cos(radians(e.latitude))
  * power(sin(radians(e.longitude - CAST(:lng AS numeric)) / 2), 2))))`;

/**
 * GET /events in SQL. The radius search first narrows to the bounding box of the circle on the
 * (latitude, longitude) btree index, then keeps the rows within the exact haversine distance.
 * Rationale and measurements: docs/adr/0004-geo-search.md.
 */
@Injectable()
export class EventSearch {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  find(query: TEventListQuery, now: Date = new Date()): Promise<EventEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      // Parallel plans cost more to start than these index lookups take (toolchain.md: ~9 ms).
      await manager.query('SET LOCAL max_parallel_workers_per_gather = 0');
      const filtered = () => withFilters(manager.getRepository(EventEntity).createQueryBuilder('e'), query);
      if (!query.upcoming) return page(filtered(), query.offset, query.limit).getMany();
      return upcoming(filtered, startOfBerlinToday(now), query.offset ?? 0, query.limit);
    });
  }
}

/**
 * "Ends today or later" as two reads: events running now (started before today), then events
 * starting today or later. Every event of the first part starts before every event of the second,
 * so the concatenation is in start order. The running ones are few (a market lasts hours or days)
 * and are read whole through the (end, start) index; a LIMIT there, or one query with
 * `end_date_time >= today` ordered by start, lets PostgreSQL walk the start index through all past
 * events to fill a short page (35-150 ms at 100,000 events; docs/adr/0004-geo-search.md).
 */
async function upcoming(
  filtered: () => SelectQueryBuilder<EventEntity>,
  today: Date,
  offset: number,
  limit: number | undefined,
): Promise<EventEntity[]> {
  const end = limit === undefined ? undefined : offset + limit;
  const running = await page(filtered().andWhere('e.end_date_time >= :today AND e.start_date_time < :today', { today }), 0, undefined).getMany();
  if (end !== undefined && running.length >= end) return running.slice(offset, end);
  const later = await page(
    filtered().andWhere('e.start_date_time >= :today', { today }),
    Math.max(0, offset - running.length),
    end === undefined ? undefined : end - Math.max(offset, running.length),
  ).getMany();
  return [...running.slice(offset), ...later];
}

/** Date, radius and map-section filters on a query builder over `events e`. */
export function withFilters(qb: SelectQueryBuilder<EventEntity>, query: TEventListQuery): SelectQueryBuilder<EventEntity> {
  if (query.date) {
    const day = berlinDayBounds(query.date);
    qb.andWhere('e.start_date_time >= :dayStart AND e.start_date_time < :dayEnd', { dayStart: day.start, dayEnd: day.end });
  }
  if (query.lat !== undefined && query.lng !== undefined) {
    const radiusKm = query.radiusKm ?? LIMITS.landingSearchRadiusKm;
    const box = radiusBounds({ lat: query.lat, lng: query.lng }, radiusKm);
    qb.andWhere('e.latitude BETWEEN :boxMinLat AND :boxMaxLat', { boxMinLat: box.minLat, boxMaxLat: box.maxLat });
    qb.andWhere(
      new Brackets((or) => {
        box.lngRanges.forEach(([from, to], i) => {
          or.orWhere(`e.longitude BETWEEN :boxMinLng${i} AND :boxMaxLng${i}`, { [`boxMinLng${i}`]: from, [`boxMaxLng${i}`]: to });
        });
      }),
    );
    qb.andWhere(`${HAVERSINE_KM} <= :radiusKm`, { lat: query.lat, lng: query.lng, radiusKm });
  }
  if (query.ids) qb.andWhere('e.id IN (:...ids)', { ids: query.ids });
  if (query.bbox) {
    const { minLat, maxLat, minLng, maxLng } = query.bbox;
    qb.andWhere('e.latitude BETWEEN :minLat AND :maxLat AND e.longitude BETWEEN :minLng AND :maxLng', { minLat, maxLat, minLng, maxLng });
  }
  return qb;
}

/** Start order (the id breaks ties, so pages never overlap), then the page. */
function page(qb: SelectQueryBuilder<EventEntity>, offset: number | undefined, limit: number | undefined): SelectQueryBuilder<EventEntity> {
  qb.orderBy('e.startDateTime', 'ASC').addOrderBy('e.id', 'ASC');
  if (limit !== undefined) qb.limit(limit);
  if (offset) qb.offset(offset);
  return qb;
}
