import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { isId, type TJobPayload } from '@flohmarkt/contracts';

/**
 * Each event's stand counts (approved, the places taken, and the organiser's pending, waitlisted and
 * rejected ones), kept from the stands service's EventStandCountChanged
 * messages, so no event read waits for stands (one service down must not take the public site
 * with it).
 *
 * A message may come twice or after a newer one (retries, several relays): it is applied only
 * when its version is newer than the one stored, in one conditional UPDATE, so any order of
 * delivery ends in the state of the newest message. The count lives on the event row (an UPDATE,
 * not an upsert into a table of its own): reads need no join, and a message about a deleted
 * event (stands' cascade announces its 0) finds no row and leaves nothing behind. Raw SQL: an
 * update through TypeORM would move the event's updated_at, which tells of the organiser's edits.
 */
@Injectable()
export class StandCountReadModel {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Answers whether the message changed the read model (false: older, repeated, or no such event). */
  async apply({
    eventId,
    approvedStands,
    takenPlaces,
    pendingStands,
    waitlistedStands,
    rejectedStands,
    version,
  }: TJobPayload<'EventStandCountChanged'>): Promise<boolean> {
    // A malformed id matches nothing; skipping it keeps a bad message from retrying forever on a uuid cast error.
    if (!isId(eventId)) return false;
    const [, affected] = (await this.dataSource.query(
      `UPDATE "events" SET "approved_stands" = $2, "taken_places" = $4, "approved_stands_version" = $3,
         "pending_stands" = $5, "waitlisted_stands" = $6, "rejected_stands" = $7
       WHERE "id" = $1 AND "approved_stands_version" < $3`,
      [eventId, approvedStands, version, takenPlaces, pendingStands, waitlistedStands, rejectedStands],
    )) as [unknown, number];
    return affected > 0;
  }
}
