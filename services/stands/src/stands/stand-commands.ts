import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { API_ERRORS, type TStandStatus } from '@flohmarkt/contracts';
import { fail, publish } from '@flohmarkt/server-kit';
// A value import: Nest injects by the constructor's parameter types.
import { StandNotices } from '../notifications/stand-notices.js';
import { requestPhotoEdit } from '../read-models/photo-lists.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { isUniqueViolation } from '../shared/input.js';
import { announceApprovedCounts } from './approved-counts.js';
import { announceExhibitorStats } from './exhibitor-stats.js';
import { newManageToken } from './guest-manage-token.js';
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
  Pick<StandEntity, 'standNumber' | 'description' | 'categories' | 'foodCategories' | 'activityCategories' | 'photos' | 'latitude' | 'longitude' | 'acceptsPayPal'>
>;

/** A status change and what goes with it (the rejection's reason: set on reject, cleared on approve, kept on withdrawal). */
type Transition = { status: TStandStatus; rejectionReason: string | null };

/**
 * The stands service's writes. Deleting a stand always announces StandDeleted in the same
 * transaction; a status change, or deleting an approved stand, the event's approved count and the
 * exhibitor's figures. (A new stand is pending: it changes no count.)
 *
 * Each step of a stand's life (register, register as a guest, approve, reject, withdraw) is one
 * method running one transaction with its EntityManager `m`: whatever must happen if and only if
 * the step commits (a message, a mail through the outbox) is written with that `m`, at the place
 * marked "in this transaction".
 */
@Injectable()
export class StandCommands {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    /** The mails a step sends (left out by specs that look at the data alone). */
    private readonly notices?: StandNotices,
  ) {}

  /**
   * A signed-in user's registration (POST /api/stands): starts pending
   * (docs/product.md#review-and-stand-states). A lost race against the same user's active stand is a 409.
   */
  registerStand(row: NewStand): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      const stand = await insertStand(m, row);
      // In this transaction: what a new registration tells (the organiser's digest).
      await this.notices?.registered(m, stand, null);
      return stand;
    });
  }

  /**
   * A guest's registration: starts pending, with a new manage token whose hash is stored. The
   * token is answered here once and never again (only the guest's link and mail carry it).
   */
  registerGuestStand(row: NewStand, guestEmail: string | null): Promise<{ stand: StandEntity; manageToken: string }> {
    const { token, hash } = newManageToken();
    return this.dataSource.transaction(async (m) => {
      const stand = await insertStand(m, { ...row, guestEmail, manageTokenHash: hash });
      // In this transaction: the guest's confirmation with the manage link, the organiser's digest.
      await this.notices?.registered(m, stand, token);
      return { stand, manageToken: token };
    });
  }

  /** The organiser (or an admin) approves: also a rejected stand (they may change their mind); the reason goes. */
  approve(id: string): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      const before = await lockedStand(m, id);
      const stand = await transition(m, id, { status: 'approved', rejectionReason: null });
      // In this transaction: the owner's or guest's "approved" notice (once: not for a stand approved already).
      if (before.status !== 'approved') await this.notices?.decided(m, stand);
      return stand;
    });
  }

  /** The organiser (or an admin) rejects, with an optional reason shown to the owner; a guest stand is kept too. */
  reject(id: string, reason: string | null): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      const before = await lockedStand(m, id);
      const stand = await transition(m, id, { status: 'rejected', rejectionReason: reason });
      // In this transaction: the owner's or guest's "rejected" notice with the reason (again only when the reason changed).
      if (before.status !== 'rejected' || before.rejectionReason !== reason) await this.notices?.decided(m, stand);
      return stand;
    });
  }

  /**
   * The owner takes their stand back (DELETE on their own stand): it leaves every list but their
   * own. Twice is harmless: the second finds it withdrawn already and changes nothing.
   */
  withdraw(id: string): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      const stand = await m.getRepository(StandEntity).findOneBy({ id });
      if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
      if (stand.status === 'withdrawn') return stand;
      const withdrawn = await transition(m, id, { status: 'withdrawn', rejectionReason: stand.rejectionReason });
      // In this transaction: what a withdrawal tells.
      return withdrawn;
    });
  }

  /**
   * A guest withdraws through the manage link. Answers the stand, or null when no stand that is
   * still registered has the token (unknown, deleted, or withdrawn before: the link is spent).
   * The row is locked first, so two clicks at once withdraw (and tell) once.
   */
  withdrawGuestStand(tokenHash: string): Promise<StandEntity | null> {
    return this.dataSource.transaction(async (m) => {
      const stand = await m
        .getRepository(StandEntity)
        .createQueryBuilder('s')
        .setLock('pessimistic_write')
        .where('s.manageTokenHash = :tokenHash AND s.status <> :withdrawn', { tokenHash, withdrawn: 'withdrawn' })
        .getOne();
      if (!stand) return null;
      const withdrawn = await transition(m, stand.id, { status: 'withdrawn', rejectionReason: stand.rejectionReason });
      // In this transaction: what a withdrawal tells.
      return withdrawn;
    });
  }

  /** A status change without a notice: for specs and tools that set a stand's state directly. */
  setStatus(id: string, status: TStandStatus): Promise<StandEntity> {
    return this.dataSource.transaction((m) => transition(m, id, { status, rejectionReason: null }));
  }

  /** The edit form: content only, the status stays as it is. */
  async update(id: string, changes: StandChanges): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      const repository = m.getRepository(StandEntity);
      // save() (not update()) so that updated_at moves with the change.
      const stand = await repository.findOneBy({ id });
      if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
      const storedPhotos = stand.photos;
      Object.assign(stand, changes);
      await repository.save(stand);
      // A new order or removed photos show at once; media, which owns the list, follows (outbox).
      if (changes.photos) await requestPhotoEdit(m, id, storedPhotos, changes.photos);
      return repository.findOneByOrFail({ id });
    });
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

/** Inserts a new stand, always pending. The one-active-stand rule lost to a racing registration is a 409. */
async function insertStand(m: EntityManager, row: NewStand & Partial<Pick<StandEntity, 'guestEmail' | 'manageTokenHash'>>): Promise<StandEntity> {
  const repository = m.getRepository(StandEntity);
  try {
    const { identifiers } = await repository.insert({ ...row, status: 'pending' });
    return await repository.findOneByOrFail({ id: identifiers[0].id as string });
  } catch (err) {
    throw asConflict(err);
  }
}

/**
 * Sets a stand's status inside the caller's transaction and announces the counts. Every status
 * write announces, even one that looks like no change: the status read before may be stale by now
 * (a racing moderation), the count taken under the event's lock is not. Bringing back a rejected
 * stand while its owner has registered anew at the event is a 409 (one active stand per user).
 */
async function transition(m: EntityManager, id: string, to: Transition): Promise<StandEntity> {
  const repository = m.getRepository(StandEntity);
  const stand = await repository.findOneBy({ id });
  if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
  Object.assign(stand, to);
  try {
    // save() (not update()) so that updated_at moves with the change.
    await repository.save(stand);
  } catch (err) {
    throw asConflict(err);
  }
  await announceApprovedCounts(m, [stand.eventId]);
  await announceExhibitorStats(m, [stand.exhibitorId]);
  return repository.findOneByOrFail({ id });
}

function asConflict(err: unknown): unknown {
  return isUniqueViolation(err, 'UQ_stands_event_id_exhibitor_id') ? fail.conflict(API_ERRORS.standAlreadyRegistered) : err;
}

/** The stand as it is before a step changes it, locked until the step commits (404 when it is gone). */
async function lockedStand(m: EntityManager, id: string): Promise<StandEntity> {
  const stand = await m.getRepository(StandEntity).createQueryBuilder('s').setLock('pessimistic_write').where('s.id = :id', { id }).getOne();
  if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
  return stand;
}
