import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { toLatLng, type TLatLng, type TStandNumberOrder } from '@flohmarkt/contracts';
import { StandEntity } from '../stands/stand.entity.js';
import { knownStreets } from '../streets/stand-streets.js';
import { addressOf } from '../stands/stand-view.js';
import { addressOrder, type TAddressedStand } from './address-order.js';
import { namedStreetOrder, type TNamedStand } from './named-street-order.js';
import { walkOrder } from './walk-order.js';

/** The unique index on (event, normalised number) of approved stands (migration StandNumbers). */
export const STAND_NUMBER_INDEX = 'UQ_stands_event_id_stand_number';

/**
 * Numbers an event's approved stands that have none, in one transaction. Numbers already given stay
 * as they are (typed by hand or given by an earlier click); new ones continue after the highest plain
 * number the event's approved stands ever had (`stand_number_marks`, kept by a trigger on every
 * write of a stand), so a number of a withdrawn or deleted stand is never given again.
 *
 * Locks: the stands first, then the event's mark, the order in which an approval or an edit takes
 * them (its stand row, then the mark through the trigger), so they never deadlock. Two clicks at once
 * number each stand once: the second waits and finds nothing left to number.
 */
@Injectable()
export class StandNumbering {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The stands that got a number, in number order. */
  number(eventId: string, order: TStandNumberOrder, start: TLatLng | null): Promise<StandEntity[]> {
    return this.dataSource.transaction(async (m) => {
      const unnumbered = await m
        .getRepository(StandEntity)
        .createQueryBuilder('s')
        .setLock('pessimistic_write')
        .where(`s.eventId = :eventId AND s.status = 'approved' AND (s.standNumber IS NULL OR btrim(s.standNumber) = '')`, { eventId })
        .orderBy('s.createdAt', 'ASC')
        .addOrderBy('s.id', 'ASC')
        .getMany();
      if (unnumbered.length === 0) return [];
      const next = (await highestNumber(m, eventId)) + 1;
      // Street by street follows the streets' names where the background lookup found them.
      const streets =
        order === 'street'
          ? await knownStreets(
              m,
              unnumbered.map((s) => s.id),
            )
          : new Map<string, string>();
      const ids = numberingOrder(unnumbered, order, start, streets);
      // One statement; the trigger moves the event's mark to the last number given.
      await m.query(
        `UPDATE "stands" s SET "stand_number" = v.number, "updated_at" = now()
         FROM unnest($1::uuid[], $2::text[]) AS v(id, number) WHERE s."id" = v.id`,
        [ids, ids.map((_, i) => String(next + i))],
      );
      const stands = await m.getRepository(StandEntity).find({ where: { id: In(ids) } });
      const place = new Map(ids.map((id, i) => [id, i]));
      return stands.sort((a, b) => place.get(a.id)! - place.get(b.id)!);
    });
  }
}

/**
 * The stands' ids in the order their numbers go. Street by street: first the stands with an address,
 * by street name and house number (address-order.ts), then those with a position only, by the
 * names in `streets` (stand id → street) where the lookup found them. Along the shortest walk: every
 * stand with a position. Last, those with neither in registration order (they are numbered too; the
 * organiser may renumber them).
 */
export function numberingOrder(
  stands: readonly StandEntity[],
  order: TStandNumberOrder,
  start: TLatLng | null,
  streets: ReadonlyMap<string, string> = new Map(),
): string[] {
  const addressed: TAddressedStand[] = [];
  const placed: TNamedStand[] = [];
  const unplaced: string[] = [];
  for (const s of stands) {
    const point = toLatLng(s.latitude, s.longitude);
    const address = addressOf(s);
    if (order === 'street' && address) addressed.push({ id: s.id, address });
    else if (point) placed.push({ id: s.id, ...point, street: streets.get(s.id) ?? null });
    else unplaced.push(s.id);
  }
  const ordered = order === 'walk' ? walkOrder(placed, start) : [...addressOrder(addressed), ...namedStreetOrder(placed, start)];
  return [...ordered, ...unplaced];
}

/** The event's highest plain number so far, 0 before any; the mark's row stays locked until commit. */
async function highestNumber(m: EntityManager, eventId: string): Promise<number> {
  await m.query(`INSERT INTO "stand_number_marks" ("event_id", "highest") VALUES ($1, 0) ON CONFLICT ("event_id") DO NOTHING`, [eventId]);
  const [row] = (await m.query(`SELECT "highest" FROM "stand_number_marks" WHERE "event_id" = $1 FOR UPDATE`, [eventId])) as { highest: string }[];
  return Number(row!.highest);
}
