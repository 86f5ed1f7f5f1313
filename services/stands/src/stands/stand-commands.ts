import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, type EntityManager } from 'typeorm';
import { API_ERRORS, type TStandStatus } from '@flohmarkt/contracts';
import { fail, forgetIdempotentRequestsOfUser, publish } from '@flohmarkt/server-kit';
// A value import: Nest injects by the constructor's parameter types.
import { keepTick } from '../market-day/check-ins.js';
import { StandNotices } from '../notifications/stand-notices.js';
import { requestPhotoEdit } from '../read-models/photo-lists.js';
import { ReconfirmationAsks } from '../reconfirmation/reconfirmation-asks.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { isUniqueViolation } from '../shared/input.js';
import { announceApprovedCounts } from './approved-counts.js';
import { admission, knownCap, lockCapacity, promoteFromWaitlist, waitlistPositions } from './capacity.js';
import { announceExhibitorStats } from './exhibitor-stats.js';
import { newManageToken } from './guest-manage-token.js';
import { KeyedQueue } from './keyed-queue.js';
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
> &
  // The address (issue 33); left out: none.
  Partial<Pick<StandEntity, 'addressStreet' | 'addressHouseNumber' | 'addressPostcode' | 'addressTown'>> &
  // The privacy choices (docs/product.md#privacy); left out (a walk-up stand): exact position, name shown.
  Partial<Pick<StandEntity, 'locationPrecision' | 'nameDisplay'>>;

export type StandChanges = Partial<
  Pick<
    StandEntity,
    | 'standNumber'
    | 'description'
    | 'categories'
    | 'foodCategories'
    | 'activityCategories'
    | 'photos'
    | 'latitude'
    | 'longitude'
    | 'acceptsPayPal'
    | 'locationPrecision'
    | 'nameDisplay'
    | 'holdMinutes'
    | 'addressStreet'
    | 'addressHouseNumber'
    | 'addressPostcode'
    | 'addressTown'
  >
>;

/**
 * A status change and what goes with it (the rejection's reason: set on reject, cleared on approve,
 * kept on withdrawal; the reconfirmation's state on release).
 */
type Transition = { status: TStandStatus; rejectionReason: string | null; waitlistedAt?: Date } & Partial<
  Pick<StandEntity, 'confirmation' | 'confirmationAnsweredAt'>
>;

/**
 * The stands service's writes. Deleting a stand always announces StandDeleted in the same
 * transaction; a status change, or deleting an approved stand, the event's approved count and the
 * exhibitor's figures. (A new stand is pending: it changes no count.)
 *
 * Each step of a stand's life (register, register as a guest, approve, reject, withdraw) is one
 * method running one transaction with its EntityManager `m`: whatever must happen if and only if
 * the step commits (a message, a mail through the outbox) is written with that `m`, at the place
 * marked "in this transaction".
 *
 * Capacity (capacity.ts): every step that takes or frees a place takes the event's capacity lock
 * first; a registration beyond the cap waits (`waitlisted`), and a step that frees a place moves
 * the first on the list up in the same transaction (fillWaitlist).
 */
@Injectable()
export class StandCommands {
  /** Registrations per event one after the other in this process (keyed-queue.ts). */
  private readonly registrations = new KeyedQueue();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    /** The mails a step sends (left out by specs that look at the data alone). */
    private readonly notices?: StandNotices,
    /** "Bist du dabei?" for a stand approved after its market's ask time (issue 36; left out where no mail is asked). */
    @Optional() private readonly asks?: ReconfirmationAsks,
  ) {}

  /**
   * A signed-in user's registration (POST /api/stands): starts pending, or waitlisted when the
   * event's cap (`maxStands`, as the events service has it now) is reached
   * (docs/product.md#review-and-stand-states). A lost race against the same user's active stand is a 409.
   */
  registerStand(row: NewStand, maxStands: number | null = null): Promise<StandEntity> {
    return this.registrations.run(row.eventId, () =>
      this.dataSource.transaction(async (m) => {
        const stand = await this.admit(m, row, maxStands);
        // In this transaction: what a new registration tells (the organiser's digest), and a waiting one its place.
        await this.notices?.registered(m, stand, null);
        if (stand.status === 'waitlisted') await this.notices?.waitlisted(m, stand, await positionOf(m, stand.id));
        return stand;
      }),
    );
  }

  /**
   * A guest's registration: starts pending (or waitlisted, as above), with a new manage token whose
   * hash is stored. The token is answered here once and never again (only the guest's link and mail carry it).
   */
  registerGuestStand(row: NewStand, guestEmail: string | null, maxStands: number | null = null): Promise<{ stand: StandEntity; manageToken: string }> {
    const { token, hash } = newManageToken();
    return this.registrations.run(row.eventId, () =>
      this.dataSource.transaction(async (m) => {
        const stand = await this.admit(m, { ...row, guestEmail, manageTokenHash: hash }, maxStands);
        // In this transaction: the guest's confirmation with the manage link (which shows the waitlist place), the organiser's digest.
        await this.notices?.registered(m, stand, token);
        return { stand, manageToken: token };
      }),
    );
  }

  /**
   * A stand the organiser (or an admin) enters for someone on site: approved at once. It takes a
   * place like every stand, but is never refused or put on the list: the organiser on site decides
   * (docs/product.md#capacity-and-waitlist). Nobody to tell: a walk-up stand has no owner or address.
   */
  registerWalkUpStand(row: NewStand, present?: { at: Date; byUserId: string }): Promise<StandEntity> {
    return this.registrations.run(row.eventId, () =>
      this.dataSource.transaction(async (m) => {
        await lockCapacity(m, [row.eventId]);
        const stand = await insertStand(m, { ...row, walkUp: true }, 'approved');
        // Entered on the market day: its seller is standing there ("Da"), as one commit with the stand.
        if (present) await keepTick(m, { standId: stand.id, eventId: row.eventId, state: 'present', ...present });
        await announceApprovedCounts(m, [row.eventId]);
        return stand;
      }),
    );
  }

  /**
   * Approves some stands and rejects others of one event in one transaction (the organiser's bulk
   * review). Every id must be a stand of this event (400 otherwise); one withdrawn meanwhile is a
   * 409 and nothing changes. Each stand whose decision changes gets its one mail; the places freed
   * by rejections go to the waitlist in the same transaction.
   */
  review(eventId: string, approve: string[], reject: string[], reason: string | null): Promise<StandEntity[]> {
    return this.dataSource.transaction(async (m) => {
      await lockCapacity(m, [eventId]);
      const ids = [...approve, ...reject];
      const repository = m.getRepository(StandEntity);
      const found = await repository.createQueryBuilder('s').setLock('pessimistic_write').whereInIds(ids).orderBy('s.id').getMany();
      if (found.length !== new Set(ids).size || found.some((s) => s.eventId !== eventId)) throw fail.invalid(API_ERRORS.reviewStandsNotOfEvent);
      if (found.some((s) => s.status === 'withdrawn')) throw fail.conflict(API_ERRORS.reviewStandWithdrawn);
      const before = new Map(found.map((s) => [s.id, s]));
      const decided: StandEntity[] = [];
      for (const id of ids) {
        const was = before.get(id)!;
        const to: Transition = approve.includes(id) ? { status: 'approved', rejectionReason: null } : { status: 'rejected', rejectionReason: reason };
        if (!decisionChanges(was, to)) {
          decided.push(was);
          continue;
        }
        try {
          await repository.save(Object.assign(was, to));
        } catch (err) {
          throw asConflict(err);
        }
        const stand = await repository.findOneByOrFail({ id });
        // In this transaction: one mail per stand whose decision changed.
        await this.notices?.decided(m, stand);
        decided.push(stand);
      }
      await announceApprovedCounts(m, [eventId]);
      await announceExhibitorStats(
        m,
        found.map((s) => s.exhibitorId),
      );
      await this.fillWaitlist(m, eventId);
      // In this transaction: an approval after the market's ask time asks at once (reconfirmation, issue 36).
      await this.asks?.afterApproval(m, approve, new Date());
      return decided;
    });
  }

  /**
   * Moves waiting stands up to pending while the event has free places (by the cap the read model
   * knows; nothing for an event it has no facts of), inside the caller's transaction, and tells
   * each one. Called by every step that frees a place, and when newer facts of the event arrive (a
   * raised or removed cap). Takes the capacity lock itself (again is harmless within a transaction).
   */
  async fillWaitlist(m: EntityManager, eventId: string, freshCap?: number | null): Promise<StandEntity[]> {
    await lockCapacity(m, [eventId]);
    const cap = freshCap !== undefined ? { known: true, maxStands: freshCap } : await knownCap(m, eventId);
    if (!cap.known) return [];
    const promoted = await promoteFromWaitlist(m, eventId, cap.maxStands);
    // The places taken again by those moved up (announced after the change that freed them).
    if (promoted.length) await announceApprovedCounts(m, [eventId]);
    // In this transaction: each one moved up hears it at once.
    for (const stand of promoted) await this.notices?.promoted(m, stand);
    return promoted;
  }

  /** A new registration under the event's capacity lock: the waitlist moves up first (a raised cap), then pending or waitlisted. */
  private async admit(
    m: EntityManager,
    row: NewStand & Partial<Pick<StandEntity, 'guestEmail' | 'manageTokenHash' | 'walkUp'>>,
    maxStands: number | null,
  ): Promise<StandEntity> {
    await this.fillWaitlist(m, row.eventId, maxStands);
    const stand = await insertStand(m, row, await admission(m, row.eventId, maxStands));
    // Free places count pending registrations too, and the organiser's counters every new one: the events service hears of each.
    await announceApprovedCounts(m, [row.eventId]);
    return stand;
  }

  /** The organiser (or an admin) approves: also a rejected stand (they may change their mind); the reason goes. */
  approve(id: string): Promise<StandEntity> {
    return this.decide(id, { status: 'approved', rejectionReason: null });
  }

  /** The organiser (or an admin) rejects, with an optional reason shown to the owner; a guest stand is kept too. */
  reject(id: string, reason: string | null): Promise<StandEntity> {
    return this.decide(id, { status: 'rejected', rejectionReason: reason });
  }

  private decide(id: string, to: Transition): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      await lockCapacityOfStands(m, [id]);
      const before = await foundStand(m, id, { lock: true });
      const stand = await transition(m, id, to);
      // In this transaction: the owner's or guest's notice (with a rejection's reason), once per decision (decisionChanges).
      if (decisionChanges(before, to)) await this.notices?.decided(m, stand);
      // In this transaction: the place a rejected stand held goes to the first on the waitlist.
      if (to.status === 'rejected') await this.fillWaitlist(m, stand.eventId);
      // In this transaction: an approval after the market's ask time asks at once (reconfirmation, issue 36).
      if (to.status === 'approved') await this.asks?.afterApproval(m, [id], new Date());
      return m.getRepository(StandEntity).findOneByOrFail({ id });
    });
  }

  /**
   * The owner takes their stand back (DELETE on their own stand): it leaves every list but their
   * own. Twice is harmless: the second finds it withdrawn already and changes nothing.
   */
  withdraw(id: string): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      await lockCapacityOfStands(m, [id]);
      const stand = await foundStand(m, id);
      return stand.status === 'withdrawn' ? stand : this.withdrawn(m, stand);
    });
  }

  /**
   * A guest withdraws through the manage link. Answers the stand, or null when no stand that is
   * still registered has the token (unknown, deleted, or withdrawn before: the link is spent).
   * The row is locked first, so two clicks at once withdraw (and tell) once.
   */
  withdrawGuestStand(tokenHash: string): Promise<StandEntity | null> {
    return this.dataSource.transaction(async (m) => {
      // The event first (its capacity lock comes before any row lock); a stand's event never changes.
      const known = await m.getRepository(StandEntity).findOne({ select: { eventId: true }, where: { manageTokenHash: tokenHash } });
      if (known) await lockCapacity(m, [known.eventId]);
      const stand = await m
        .getRepository(StandEntity)
        .createQueryBuilder('s')
        .setLock('pessimistic_write')
        .where('s.manageTokenHash = :tokenHash AND s.status <> :withdrawn', { tokenHash, withdrawn: 'withdrawn' })
        .getOne();
      return stand ? this.withdrawn(m, stand) : null;
    });
  }

  /** Withdraws a stand inside the caller's transaction (the event's capacity lock held): the rejection's reason stays. */
  private async withdrawn(m: EntityManager, stand: StandEntity): Promise<StandEntity> {
    const withdrawn = await transition(m, stand.id, { status: 'withdrawn', rejectionReason: stand.rejectionReason });
    // In this transaction: what a withdrawal tells, and the place it held goes to the first on the waitlist.
    await this.fillWaitlist(m, stand.eventId);
    return withdrawn;
  }

  /**
   * Reconfirmation (issue 36): the seller said "nein", or did not answer by the deadline. Inside the
   * caller's transaction, which holds the event's capacity lock and the stand's row: the stand is
   * `released` (its confirmation too, with when the "nein" came; null: by the deadline) and the place
   * it held goes to the first on the waitlist, exactly as after a withdrawal.
   */
  async release(m: EntityManager, stand: StandEntity, answeredAt: Date | null): Promise<StandEntity> {
    const released = await transition(m, stand.id, {
      status: 'released',
      rejectionReason: stand.rejectionReason,
      confirmation: 'released',
      confirmationAnsweredAt: answeredAt ?? stand.confirmationAnsweredAt,
    });
    await this.fillWaitlist(m, stand.eventId);
    return released;
  }

  /** A status change without a notice: for specs and tools that set a stand's state directly. */
  setStatus(id: string, status: TStandStatus): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      await lockCapacityOfStands(m, [id]);
      return transition(m, id, { status, rejectionReason: null, ...(status === 'waitlisted' ? { waitlistedAt: await lockedNow(m) } : {}) });
    });
  }

  /** The edit form: content only, the status stays as it is. */
  async update(id: string, changes: StandChanges): Promise<StandEntity> {
    return this.dataSource.transaction(async (m) => {
      const repository = m.getRepository(StandEntity);
      // save() (not update()) so that updated_at moves with the change.
      const stand = await foundStand(m, id);
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
    return this.dataSource.transaction((m) => this.removeAndFill(m, ids));
  }

  /** removeStands() under the events' capacity locks; the places they held go to the first on each event's waitlist. */
  private async removeAndFill(m: EntityManager, ids: string[], otherExhibitors: (string | null)[] = []): Promise<string[]> {
    const events = await lockCapacityOfStands(m, ids);
    const removed = await removeStands(m, ids, otherExhibitors);
    for (const eventId of events) await this.fillWaitlist(m, eventId);
    return removed;
  }

  /** EventDeleted: every stand of the event. Idempotent: a second run finds nothing. */
  removeOfEvent(eventId: string): Promise<string[]> {
    return this.dataSource.transaction(async (m) => {
      const stands = await m.getRepository(StandEntity).find({ select: { id: true }, where: { eventId } });
      return removeStands(
        m,
        stands.map((s) => s.id),
      );
    });
  }

  /**
   * UserDeleted: the reviews the user wrote and the user's stands (with every review on them), and
   * the answers stored for the user's Idempotency-Keys (they hold guest addresses and manage links).
   * Idempotent. The exhibitors the user reviewed have new figures: every one of them is announced,
   * whatever their stand's status now (a racing approval may count the review otherwise).
   */
  removeOfUser(userId: string): Promise<string[]> {
    return this.dataSource.transaction(async (m) => {
      await forgetIdempotentRequestsOfUser(m, userId);
      // A helper's ticks stay (the market day needs them) without naming who made them (issue 36).
      await m.query(`UPDATE "stand_check_ins" SET "by_user_id" = NULL WHERE "by_user_id" = $1`, [userId]);
      const reviews = await m.createQueryBuilder().delete().from(ReviewEntity).where({ reviewerId: userId }).returning('"stand_id"').execute();
      const reviewedStands = (reviews.raw as { stand_id: string }[]).map((r) => r.stand_id);
      const reviewed = reviewedStands.length
        ? await m.getRepository(StandEntity).find({ select: { exhibitorId: true }, where: { id: In(reviewedStands) } })
        : [];
      const stands = await m.getRepository(StandEntity).find({ select: { id: true }, where: { exhibitorId: userId } });
      return this.removeAndFill(
        m,
        stands.map((s) => s.id),
        reviewed.map((s) => s.exhibitorId),
      );
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
  const result = ids.length
    ? await m
        .createQueryBuilder()
        .delete()
        .from(StandEntity)
        .where({ id: In(ids) })
        .returning('"id", "event_id", "exhibitor_id", "status"')
        .execute()
    : { raw: [] };
  const rows = result.raw as { id: string; event_id: string; exhibitor_id: string | null; status: TStandStatus }[];
  const removed = rows.map((r) => r.id);
  if (removed.length) await m.getRepository(ReviewEntity).delete({ standId: In(removed) });
  for (const standId of removed) await publish(m, 'StandDeleted', { standId });
  // RETURNING gives each row as it was deleted (after any racing change committed), so a counted one is never missed.
  const approved = rows.filter((r) => r.status === 'approved');
  await announceApprovedCounts(
    m,
    rows.filter((r) => r.status !== 'withdrawn').map((r) => r.event_id),
  );
  await announceExhibitorStats(m, [...approved.map((r) => r.exhibitor_id), ...otherExhibitors]);
  return removed;
}

/**
 * Inserts a new stand: pending, or as decided under the capacity lock (waitlisted, with the instant
 * it joined the list; approved for a walk-up stand). The one-active-stand rule lost to a racing
 * registration is a 409.
 */
async function insertStand(
  m: EntityManager,
  row: NewStand & Partial<Pick<StandEntity, 'guestEmail' | 'manageTokenHash' | 'walkUp'>>,
  status: 'pending' | 'waitlisted' | 'approved' = 'pending',
): Promise<StandEntity> {
  const repository = m.getRepository(StandEntity);
  try {
    const waitlistedAt = status === 'waitlisted' ? await lockedNow(m) : null;
    const { identifiers } = await repository.insert({ ...row, status, waitlistedAt });
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
  const stand = Object.assign(await foundStand(m, id), to);
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

/** Whether a decision tells its stand anything new: another status, or a rejection with another reason. */
function decisionChanges(was: StandEntity, to: Transition): boolean {
  return was.status !== to.status || (to.status === 'rejected' && was.rejectionReason !== to.rejectionReason);
}

function asConflict(err: unknown): unknown {
  return isUniqueViolation(err, 'UQ_stands_event_id_exhibitor_id') ? fail.conflict(API_ERRORS.standAlreadyRegistered) : err;
}

/** The stand with this id (404 when it is gone); with `lock`, as it is before a step changes it, locked until the step commits. */
async function foundStand(m: EntityManager, id: string, { lock = false } = {}): Promise<StandEntity> {
  const query = m.getRepository(StandEntity).createQueryBuilder('s').where('s.id = :id', { id });
  const stand = await (lock ? query.setLock('pessimistic_write') : query).getOne();
  if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
  return stand;
}

/**
 * Takes the capacity locks of the events of these stands (before any row lock; a stand's event
 * never changes, so reading it unlocked is safe) and answers those events.
 */
async function lockCapacityOfStands(m: EntityManager, standIds: string[]): Promise<string[]> {
  if (!standIds.length) return [];
  const rows = await m.getRepository(StandEntity).find({ select: { eventId: true }, where: { id: In(standIds) } });
  const events = [...new Set(rows.map((r) => r.eventId))].sort();
  await lockCapacity(m, events);
  return events;
}

/** The clock now, not the transaction's start: taken under the capacity lock, it orders the waitlist by admission. */
async function lockedNow(m: EntityManager): Promise<Date> {
  const [{ now }] = (await m.query('SELECT clock_timestamp() AS "now"')) as { now: Date }[];
  return now;
}

/** A waitlisted stand's place (1-based) on its event's list. */
async function positionOf(m: EntityManager, standId: string): Promise<number> {
  return (await waitlistPositions(m, [standId])).get(standId) ?? 1;
}
