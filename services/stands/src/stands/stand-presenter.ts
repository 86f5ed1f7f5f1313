import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { TStand } from '@flohmarkt/contracts';
import { LiveStates, NO_LIVE_STATE } from '../live/live-states.js';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { PUBLIC_READER, forReader, type PrivacyEvent, type StandReader } from '../privacy/stand-privacy.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { itemCountsOf } from '../items/item-counts.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { waitlistPositions } from './capacity.js';
import type { StandEntity } from './stand.entity.js';
import { toStand } from './stand-view.js';

/**
 * Turns stored stands into read shapes, with the exhibitors' names and the photos' states from the
 * read models, the waitlisted ones' places and every stand's item count (one query each per list, only when needed).
 *
 * Every read shape leaves through `forReader` (privacy/stand-privacy.ts): without a reader it is the
 * public's view (approximate positions snapped before the event day, number-only names), so a new
 * route that forgets to say who reads errs towards privacy.
 */
@Injectable()
export class StandPresenter {
  constructor(
    private readonly users: UserNamesReadModel,
    private readonly photos: PhotoStatesReadModel,
    /** For the waitlist's places (left out by specs that read no waitlisted stand). */
    @InjectDataSource() private readonly dataSource?: DataSource,
    /** The events' organisers and first days (left out by specs that read only exact, named stands). */
    @Optional() private readonly events?: EventFactsReadModel,
    @Optional() private readonly clock: PrivacyClock = new PrivacyClock(),
    /** The live status on the event day (issue 19; left out by specs that read none). */
    @Optional() private readonly live?: LiveStates,
  ) {}

  async many(stands: StandEntity[], reader: StandReader = PUBLIC_READER): Promise<TStand[]> {
    const ids = stands.map((s) => s.exhibitorId).filter((id): id is string => id !== null);
    const withPhotos = stands.filter((s) => s.photos.length > 0).map((s) => s.id);
    const waiting = stands.filter((s) => s.status === 'waitlisted').map((s) => s.id);
    const [exhibitors, photoStates, positions, events] = await Promise.all([
      ids.length ? this.users.exhibitors(ids) : new Map(),
      this.photos.of(withPhotos),
      waiting.length && this.dataSource ? waitlistPositions(this.dataSource.manager, waiting) : new Map<string, number>(),
      this.privacyEvents(stands, reader),
    ]);
    return this.protect(
      stands.map((s) => toStand(s, exhibitors, photoStates, positions)),
      reader,
      events,
    );
  }

  /**
   * The reads of the event's organiser or an admin (review list, their stand list, the CSV), each with
   * `contactEmail`: the seller's account address from the read model, or the guest's given one. The
   * caller has decided that the reader manages the event; no public read comes through here.
   */
  async forManager(stands: StandEntity[], reader: StandReader): Promise<TStand[]> {
    const exhibitorIds = stands.map((s) => s.exhibitorId).filter((id): id is string => id !== null);
    const [reads, emails] = await Promise.all([this.many(stands, reader), this.users.emails(exhibitorIds)]);
    const byId = new Map(stands.map((s) => [s.id, s]));
    return reads.map((read) => {
      const stand = byId.get(read.id);
      const contactEmail = stand?.exhibitorId ? (emails.get(stand.exhibitorId) ?? null) : (stand?.guestEmail ?? null);
      // The reconfirmation too: forReader decided by the privacy events alone, which a manager's list may not have loaded.
      return { ...read, contactEmail, confirmation: stand?.confirmation };
    });
  }

  async one(stand: StandEntity, reader: StandReader = PUBLIC_READER): Promise<TStand> {
    const [read] = await this.many([stand], reader);
    return read;
  }

  /** Read shapes built elsewhere (a user's stand list), as this reader may see them. */
  async forReader(reads: TStand[], reader: StandReader): Promise<TStand[]> {
    return this.protect(reads, reader, await this.privacyEvents(reads, reader));
  }

  private async protect(reads: TStand[], reader: StandReader, events: ReadonlyMap<string, PrivacyEvent>): Promise<TStand[]> {
    const now = this.clock.now();
    const [live, itemCounts] = await Promise.all([
      this.live ? this.live.of(reads) : new Map(),
      // One grouped count for the whole list (issue 35); the items themselves tell no more than their stand.
      this.dataSource
        ? itemCountsOf(
            this.dataSource.manager,
            reads.map((r) => r.id),
          )
        : null,
    ]);
    return reads.map((read) =>
      forReader(
        { ...read, ...(live.get(read.id) ?? NO_LIVE_STATE), ...(itemCounts ? { itemCount: itemCounts.get(read.id) ?? 0 } : {}) },
        reader,
        events.get(read.eventId) ?? null,
        now,
      ),
    );
  }

  /**
   * The events a reader's view depends on: who organises them (and their team) and when they start
   * (one read of the read model for all). The public's view needs them only for the stands with a
   * privacy choice; a signed-in reader's also for whether they see the reconfirmation (issue 36).
   */
  private async privacyEvents(
    stands: { eventId: string; locationPrecision?: string; nameDisplay?: string }[],
    reader: StandReader,
  ): Promise<Map<string, PrivacyEvent>> {
    const signedIn = 'caller' in reader && reader.caller !== null;
    const needed = signedIn ? stands : stands.filter((s) => s.locationPrecision === 'approximate' || s.nameDisplay === 'number');
    if (!this.events || needed.length === 0) return new Map();
    // While the events service is down an event the copy has not heard of stays unknown: hidden, never a failed read.
    return this.events.findMany(needed.map((s) => s.eventId)).catch(() => new Map<string, PrivacyEvent>());
  }
}
