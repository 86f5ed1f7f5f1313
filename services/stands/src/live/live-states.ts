import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { eventDayWindow, type TEventTimeFacts, type TLiveState } from '@flohmarkt/contracts';
import { absenceShows } from '../market-day/market-day-access.js';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';

export type LiveFields = { liveState: TLiveState | null; liveUpdatedAt: string | null };

export const NO_LIVE_STATE: LiveFields = { liveState: null, liveUpdatedAt: null };

/**
 * The live states of stands (issue 19). Stored per stand with the time it was set; a read shows it
 * only on the event day and only when it was set on this event day (a state from a first market day
 * or from before the event moved is no news today). From the market's start, a stand the team
 * checked in "nicht da" reads `absent` (issue 36, liveFieldsOf).
 */
@Injectable()
export class LiveStates {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventFactsReadModel,
    @Optional() private readonly clock: PrivacyClock = new PrivacyClock(),
  ) {}

  async set(standId: string, state: TLiveState, at: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "stand_live_states" ("stand_id", "state", "updated_at") VALUES ($1, $2, $3)
       ON CONFLICT ("stand_id") DO UPDATE SET "state" = excluded."state", "updated_at" = excluded."updated_at"`,
      [standId, state, at],
    );
  }

  /**
   * The fields of each stand as reads show them now (one query over the stands' own live states and
   * their `absent` check-ins, plus the events of the stands that have either).
   */
  async of(stands: readonly { id: string; eventId: string }[]): Promise<Map<string, LiveFields>> {
    const found = new Map<string, LiveFields>();
    if (!stands.length) return found;
    const rows = (await this.dataSource.query(
      `SELECT s."id" AS "stand_id", l."state", l."updated_at", c."at" AS "absent_at"
         FROM unnest($1::uuid[]) AS s ("id")
         LEFT JOIN "stand_live_states" l ON l."stand_id" = s."id"
         LEFT JOIN "stand_check_ins" c ON c."stand_id" = s."id" AND c."state" = 'absent'
        WHERE l."stand_id" IS NOT NULL OR c."stand_id" IS NOT NULL`,
      [stands.map((s) => s.id)],
    )) as { stand_id: string; state: TLiveState | null; updated_at: Date | null; absent_at: Date | null }[];
    if (!rows.length) return found;
    const eventOf = new Map(stands.map((s) => [s.id, s.eventId]));
    const events = new Map<string, TEventTimeFacts | null>();
    await Promise.all(
      [...new Set(rows.map((r) => eventOf.get(r.stand_id)!))].map(async (eventId) => {
        // While the events service is down an event the copy has not heard of shows no live state, never a failed read.
        events.set(eventId, await this.events.find(eventId).catch(() => null));
      }),
    );
    const now = this.clock.now();
    for (const row of rows) {
      const shown = liveFieldsOf(events.get(eventOf.get(row.stand_id)!) ?? null, { state: row.state, updatedAt: row.updated_at, absentAt: row.absent_at }, now);
      if (shown.liveState !== null) found.set(row.stand_id, shown);
    }
    return found;
  }
}

/** A stand's stored live state (null: none set) and the time of its `absent` check-in (null: not ticked absent). */
export interface StoredLiveFacts {
  state: TLiveState | null;
  updatedAt: Date | null;
  absentAt: Date | null;
}

/**
 * What a read shows of a stand's live state at `now` (the one rule, also of the market day's list):
 * a stand the team ticked "nicht da" is `absent` from the market's start to the end of its day,
 * whatever its seller set (issue 36: the map and the list grey it, the route skips it); otherwise
 * the seller's own state, only on the event day and only when set that day. A cancelled market, or
 * one not known, shows none.
 */
export function liveFieldsOf(event: TEventTimeFacts | null, stored: StoredLiveFacts, now: Date): LiveFields {
  if (!event || event.status === 'cancelled') return NO_LIVE_STATE;
  if (stored.absentAt && absenceShows(event, new Date(stored.absentAt), now)) {
    return { liveState: 'absent', liveUpdatedAt: new Date(stored.absentAt).toISOString() };
  }
  if (stored.state === null || stored.updatedAt === null) return NO_LIVE_STATE;
  const window = eventDayWindow(event);
  const updatedAt = new Date(stored.updatedAt);
  if (now < window.from || now >= window.until || updatedAt < window.from) return NO_LIVE_STATE;
  return { liveState: stored.state, liveUpdatedAt: updatedAt.toISOString() };
}
