import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  checkInWindow,
  hasBegun,
  shortPersonName,
  standLabel,
  type TCheckInState,
  type TConfirmationState,
  type TLiveState,
  type TMarketDay,
  type TMarketDayStand,
  type TNameDisplay,
  type TStandAddress,
} from '@flohmarkt/contracts';
import type { CallerContext } from '@flohmarkt/server-kit';
import { liveFieldsOf } from '../live/live-states.js';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { positionHidden, readsPrivately } from '../privacy/stand-privacy.js';
import type { KnownEvent } from '../read-models/event-facts.js';
import { type MarketDayRole } from './market-day-access.js';
import { dayCounts, inWalkOrder } from './day-list.js';

interface DayRow {
  id: string;
  status: 'approved' | 'released';
  stand_number: string | null;
  exhibitor_id: string | null;
  guest_first_name: string | null;
  guest_last_name: string | null;
  name_display: TNameDisplay;
  location_precision: string;
  address_street: string | null;
  address_house_number: string | null;
  address_postcode: string | null;
  address_town: string | null;
  walk_up: boolean;
  confirmation: TConfirmationState;
  looked_up_street: string | null;
  check_in: TCheckInState | null;
  check_in_at: Date | null;
  ticker_first_name: string | null;
  ticker_last_name: string | null;
  live_state: TLiveState | null;
  live_updated_at: Date | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * GET /api/events/{id}/market-day: the approved and released stands of a market in walk order, with
 * their reconfirmation, check-in and live state, and the day's counters. One statement for the
 * stands (their looked-up streets, check-ins with who ticked, live states and the sellers' names joined), one for the
 * reminder, one counting the pending stands: not on the list (docs/product.md#the-market-day-issue-36) but
 * holding their places, so the free places are the overview's; the caller has decided that the reader runs the day.
 *
 * Each stand is shown as this reader may see it (privacy/stand-privacy.ts): helpers see what the public
 * sees of a name ("nur Nummer" shows none) and of an approximate stand's house number before the
 * day; the organiser, co-organisers and admins see everything. Never an e-mail address.
 */
@Injectable()
export class MarketDayList {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() private readonly clock: PrivacyClock = new PrivacyClock(),
  ) {}

  async of(event: KnownEvent, caller: CallerContext, role: MarketDayRole): Promise<TMarketDay> {
    const now = this.clock.now();
    const window = checkInWindow(event);
    const [rows, reminders, [pending]] = await Promise.all([
      this.dataSource.query(
        `SELECT s."id", s."status", s."stand_number", s."exhibitor_id", s."guest_first_name", s."guest_last_name", s."name_display",
                s."location_precision", s."address_street", s."address_house_number", s."address_postcode", s."address_town",
                s."walk_up", s."confirmation", t."street" AS "looked_up_street", c."state" AS "check_in", c."at" AS "check_in_at",
                k."first_name" AS "ticker_first_name", k."last_name" AS "ticker_last_name",
                l."state" AS "live_state", l."updated_at" AS "live_updated_at", u."first_name", u."last_name"
           FROM "stands" s
           LEFT JOIN "stand_streets" t ON t."stand_id" = s."id" AND t."latitude" = s."latitude" AND t."longitude" = s."longitude"
           -- A tick from before this date's window (the market moved) counts nowhere.
           LEFT JOIN "stand_check_ins" c ON c."stand_id" = s."id" AND c."at" >= $2
           LEFT JOIN "user_names" k ON k."user_id" = c."by_user_id" AND NOT k."deleted"
           LEFT JOIN "stand_live_states" l ON l."stand_id" = s."id"
           LEFT JOIN "user_names" u ON u."user_id" = s."exhibitor_id" AND NOT u."deleted"
          WHERE s."event_id" = $1 AND s."status" IN ('approved', 'released')`,
        [event.id, window.from],
      ) as Promise<DayRow[]>,
      this.dataSource.query(`SELECT "sent_at" FROM "reconfirmation_reminders" WHERE "event_id" = $1`, [event.id]) as Promise<{ sent_at: Date }[]>,
      // Not on the list, but holding their places: the pending stands, waiting for the organiser's approval.
      this.dataSource.query(`SELECT count(*)::int AS "waiting" FROM "stands" WHERE "event_id" = $1 AND "status" = 'pending'`, [event.id]) as Promise<
        { waiting: number }[]
      >,
    ]);
    const reader = { caller };
    const hidden = positionHidden(event, now);
    const stands = inWalkOrder(
      rows.map((row) => {
        const privately = readsPrivately(reader, { exhibitorId: row.exhibitor_id }, event);
        return dayStandOf(
          row,
          { names: privately || row.name_display !== 'number', houseNumber: privately || row.location_precision !== 'approximate' || !hidden },
          event,
          now,
        );
      }),
    );
    return {
      eventId: event.id,
      role,
      reconfirmation: event.reconfirmation,
      remindedAt: reminders[0] ? new Date(reminders[0].sent_at).toISOString() : null,
      counts: dayCounts(stands, event.maxStands ?? null, hasBegun(event, now), pending?.waiting ?? 0),
      stands,
      serverTime: now.toISOString(),
    };
  }
}

/** One row as the reader sees it: names and the house number only where `shows` says so. */
function dayStandOf(row: DayRow, shows: { names: boolean; houseNumber: boolean }, event: KnownEvent, now: Date): TMarketDayStand {
  const houseNumber = shows.houseNumber ? row.address_house_number : null;
  const address: TStandAddress | null =
    row.address_street && row.address_postcode && row.address_town
      ? { street: row.address_street, houseNumber, postcode: row.address_postcode, town: row.address_town }
      : null;
  const holder = row.exhibitor_id ? { firstName: row.first_name, lastName: row.last_name } : { firstName: row.guest_first_name, lastName: row.guest_last_name };
  const seen = shows.names ? holder : { firstName: null, lastName: null };
  const checkInAt = row.check_in_at ? new Date(row.check_in_at) : null;
  const live = liveFieldsOf(event, { state: row.live_state, updatedAt: row.live_updated_at, absentAt: row.check_in === 'absent' ? checkInAt : null }, now);
  return {
    id: row.id,
    label: standLabel({ standNumber: row.stand_number, address, exhibitor: null, guestFirstName: seen.firstName, guestLastName: seen.lastName }),
    standNumber: row.stand_number,
    street: address?.street ?? row.looked_up_street,
    houseNumber: address ? houseNumber : null,
    name: shortPersonName(seen),
    status: row.status,
    walkUp: row.walk_up,
    confirmation: row.confirmation,
    checkIn: row.check_in ?? 'unknown',
    checkInAt: checkInAt?.toISOString() ?? null,
    checkInBy: row.check_in && row.check_in !== 'unknown' ? shortPersonName({ firstName: row.ticker_first_name, lastName: row.ticker_last_name }) : null,
    liveState: live.liveState,
  };
}
