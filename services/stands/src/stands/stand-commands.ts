import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { API_ERRORS, type TStandStatus } from '@flohmarkt/contracts';
import { fail, publish } from '@flohmarkt/server-kit';
import { ReviewEntity } from '../reviews/review.entity.js';
import { isUniqueViolation } from '../shared/input.js';
import { announceApprovedCounts } from './approved-counts.js';
import { announceExhibitorStats } from './exhibitor-stats.js';
import { StandEntity } from './stand.entity.js';

export type NewStand = Pick<
  StandEntity,
  | 'eventId'
  | 'exhibitorId'
  | 'standNumber'
  | 'description'
  | 'categories'
  | 'foodCategories'
  | 'activityCategories'
  | 'latitude'
  | 'longitude'
  | 'acceptsPayPal'
  | 'guestFirstName'
  | 'guestLastName'
>;

export type StandChanges = Partial<
  Pick<StandEntity, 'standNumber' | 'description' | 'categories' | 'foodCategories' | 'activityCategories' | 'photos' | 'latitude' | 'longitude' | 'acceptsPayPal' | 'status'>
>;

/**
 * The stands service's writes. Deleting a stand always announces StandDeleted in the same
 * transaction; a status change, or deleting an approved stand, the event's approved count and the
 * exhibitor's figures. (A new stand is pending: it changes no count.)
 */
@Injectable()
export class StandCommands {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get stands() {
    return this.dataSource.getRepository(StandEntity);
  }

  /** Every new stand starts pending (docs/product.md#review-and-stand-states). A lost race against the same user's stand is a 409. */
  async create(row: NewStand): Promise<StandEntity> {
    try {
      const { identifiers } = await this.stands.insert({ ...row, status: 'pending' });
      return await this.stands.findOneByOrFail({ id: identifiers[0].id as string });
    } catch (err) {
      if (isUniqueViolation(err, 'UQ_stands_event_id_exhibitor_id')) throw fail.conflict(API_ERRORS.standAlreadyRegistered);
      throw err;
    }
  }

  async update(id: string, changes: StandChanges): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      const repository = m.getRepository(StandEntity);
      // save() (not update()) so that updated_at moves with the change.
      const stand = await repository.findOneBy({ id });
      if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
      const dropped = changes.photos ? stand.photos.filter((path) => !changes.photos?.includes(path)) : [];
      Object.assign(stand, changes);
      await repository.save(stand);
      // Photos an edit removed from the list: the media service deletes their objects.
      if (dropped.length) await publish(m, 'StandPhotosRemoved', { standId: id, photoPaths: dropped });
      // Every status write, even one that looks like no change: the status read above may be stale
      // by now (a racing moderation), the count taken under the event's lock is not.
      if (changes.status !== undefined) {
        await announceApprovedCounts(m, [stand.eventId]);
        await announceExhibitorStats(m, [stand.exhibitorId]);
      }
      return repository.findOneByOrFail({ id });
    });
  }

  async setStatus(id: string, status: TStandStatus): Promise<StandEntity> {
    return this.update(id, { status });
  }

  /** Deletes stands and their reviews; answers the ids that were still there. */
  remove(ids: string[]): Promise<string[]> {
    return this.dataSource.transaction((m) => removeStands(m, ids));
  }

  /** EventDeleted: every stand of the event. Idempotent: a second run finds nothing. */
  removeOfEvent(eventId: string): Promise<string[]> {
    return this.dataSource.transaction(async (m) => {
      const stands = await m.getRepository(StandEntity).find({ select: { id: true }, where: { eventId } });
      return removeStands(m, stands.map((s) => s.id));
    });
  }

  /**
   * UserDeleted: the reviews the user wrote and the user's stands (with every review on them).
   * Idempotent. The exhibitors the user reviewed have new figures: every one of them is announced,
   * whatever their stand's status now (a racing approval may count the review otherwise).
   */
  removeOfUser(userId: string): Promise<string[]> {
    return this.dataSource.transaction(async (m) => {
      const reviews = await m.createQueryBuilder().delete().from(ReviewEntity).where({ reviewerId: userId }).returning('"stand_id"').execute();
      const reviewedStands = (reviews.raw as { stand_id: string }[]).map((r) => r.stand_id);
      const reviewed = reviewedStands.length ? await m.getRepository(StandEntity).find({ select: { exhibitorId: true }, where: { id: In(reviewedStands) } }) : [];
      const stands = await m.getRepository(StandEntity).find({ select: { id: true }, where: { exhibitorId: userId } });
      return removeStands(m, stands.map((s) => s.id), reviewed.map((s) => s.exhibitorId));
    });
  }
}

/**
 * Deletes inside the caller's transaction. Only stands this transaction actually deleted
 * (RETURNING) are announced, so two deletes racing for one stand announce it once.
 * `otherExhibitors`: exhibitors whose figures the caller changed in the same transaction,
 * announced together with these (one round of locks, in order).
 */
async function removeStands(m: EntityManager, ids: string[], otherExhibitors: (string | null)[] = []): Promise<string[]> {
  const result = ids.length ? await m.createQueryBuilder().delete().from(StandEntity).where({ id: In(ids) }).returning('"id", "event_id", "exhibitor_id", "status"').execute() : { raw: [] };
  const rows = result.raw as { id: string; event_id: string; exhibitor_id: string | null; status: TStandStatus }[];
  const removed = rows.map((r) => r.id);
  if (removed.length) await m.getRepository(ReviewEntity).delete({ standId: In(removed) });
  for (const standId of removed) await publish(m, 'StandDeleted', { standId });
  // RETURNING gives each row as it was deleted (after any racing change committed), so an approved one is never missed.
  const approved = rows.filter((r) => r.status === 'approved');
  await announceApprovedCounts(m, approved.map((r) => r.event_id));
  await announceExhibitorStats(m, [...approved.map((r) => r.exhibitor_id), ...otherExhibitors]);
  return removed;
}
