import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { eventDayWindow, type TLiveState } from '@flohmarkt/contracts';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';

export type LiveFields = { liveState: TLiveState | null; liveUpdatedAt: string | null };

export const NO_LIVE_STATE: LiveFields = { liveState: null, liveUpdatedAt: null };

/**
 * The live states of stands (issue 19). Stored per stand with the time it was set; a read shows it
 * only on the event day and only when it was set on this event day (a state from a first market day
 * or from before the event moved is no news today).
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

  /** The fields of each stand as reads show them now (one query, plus the events of the stands that have a row). */
  async of(stands: readonly { id: string; eventId: string }[]): Promise<Map<string, LiveFields>> {
    const found = new Map<string, LiveFields>();
    if (!stands.length) return found;
    const rows = (await this.dataSource.query(`SELECT "stand_id", "state", "updated_at" FROM "stand_live_states" WHERE "stand_id" = ANY($1::uuid[])`, [
      stands.map((s) => s.id),
    ])) as { stand_id: string; state: TLiveState; updated_at: Date }[];
    if (!rows.length) return found;
    const eventOf = new Map(stands.map((s) => [s.id, s.eventId]));
    const windows = new Map<string, { from: Date; until: Date } | null>();
    await Promise.all(
      [...new Set(rows.map((r) => eventOf.get(r.stand_id)!))].map(async (eventId) => {
        // While the events service is down an event the copy has not heard of shows no live state, never a failed read.
        const event = await this.events.find(eventId).catch(() => null);
        windows.set(eventId, event && event.status !== 'cancelled' ? eventDayWindow(event) : null);
      }),
    );
    const now = this.clock.now();
    for (const row of rows) {
      const window = windows.get(eventOf.get(row.stand_id)!);
      const updatedAt = new Date(row.updated_at);
      if (!window || now < window.from || now >= window.until || updatedAt < window.from) continue;
      found.set(row.stand_id, { liveState: row.state, liveUpdatedAt: updatedAt.toISOString() });
    }
    return found;
  }
}
