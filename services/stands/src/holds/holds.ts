import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import {
  API_ERRORS,
  HOLDS_MAX_OPEN_PER_VISITOR,
  HOLD_MESSAGES,
  ITEM_MESSAGES,
  ZHoldDecision,
  holdEndsAt,
  holdTimeOver,
  isId,
  type THold,
  type THoldCreated,
  type THoldDecision,
} from '@flohmarkt/contracts';
import { type BackgroundJob, type CallerContext, fail, pathId, type Asker } from '@flohmarkt/server-kit';
import { guestHolds } from '../stands/guest-manage-token.js';
import { loadNoticeEvent } from '../notifications/notice-event.js';
import type { MailRecipient } from '../notifications/mail-recipients.js';
import type { StandReader } from '../privacy/stand-privacy.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { maySeeStand, ownsStand, visibilityNeedsEvent } from '../stands/stand-access.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandQueries } from '../stands/stand-queries.js';
import { StandEntity } from '../stands/stand.entity.js';
import { isUniqueViolation } from '../shared/input.js';
import { mayDecide, partyOf, statusAfter, type HoldParty } from './hold-access.js';
import { HoldMails, type HoldStand } from './hold-mails.js';
import { HOLD_ORDER, HOLD_SELECT, OPEN_SQL, toHold, type HoldRow, type HoldView } from './hold-rows.js';
import { holdTokenMatches, newHoldToken } from './hold-token.js';
import { newPickupCode } from './pickup-code.js';

/** Who asks: the signed-in caller (or null), a guest's manage token (X-Manage-Token) and the mail link's token. */
export interface HoldAskerInput extends Asker {
  mailToken?: unknown;
}

/** How often the lapse job runs: reads derive 'lapsed' at once, so the write only keeps the index and the counts lean. */
const LAPSE_SWEEP_MS = 60_000;

/**
 * How long after a mailed request the seller hears of no other request of the same visitor at the
 * same stand (security review: twenty rounds of "ask, end" spent the seller's mailbox budget of the
 * day, and the mailer dropped their stand's approval; a later review: nine requests for nine items
 * in one second spent the budget for mails others cause, and two other visitors' requests were
 * dropped). One mail per visitor and stand: the rest are in the seller's list. Kept so rather than bundling
 * every request into a digest like the organisers' (notifications/registration-digests.ts): a request
 * waits for a quick answer and a digest would delay each one for everybody, while one mark on the
 * hold (`seller_told_at`) and one look under the lock the request takes anyway bound the rounds.
 */
const SELLER_TOLD_INTERVAL = '24 hours';

/**
 * Free holds (issue 35, docs: contracts holds.ts). A signed-in visitor asks to hold an item until the
 * market's start plus the stand's hold time; the seller accepts or declines, the holder or the
 * seller ends it, and it lapses by itself at its end. One open hold per item (the partial unique
 * index decides a race), at most HOLDS_MAX_OPEN_PER_VISITOR per visitor (counted under the visitor's
 * lock). Reads derive 'lapsed' at once (hold-rows.ts); the request, the decision and a periodic job
 * write it, so the index and the count never see an expired hold as open. The seller is mailed of a
 * visitor's requests at their stand at most once per SELLER_TOLD_INTERVAL; every request is in their list.
 */
@Injectable()
export class Holds {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queries: StandQueries,
    private readonly knownEvents: EventFactsReadModel,
    private readonly presenter: StandPresenter,
    private readonly mails: HoldMails,
  ) {}

  /** The periodic job (jobs/stands-background-jobs.ts): open holds past their end become 'lapsed'. */
  job(): BackgroundJob {
    return { name: 'HoldLapses', schedule: { everyMs: LAPSE_SWEEP_MS }, run: () => this.lapseDue() };
  }

  /** Marks every open hold past its end 'lapsed'; answers how many. */
  async lapseDue(): Promise<number> {
    const [, count] = (await this.dataSource.query(`UPDATE "holds" SET "status" = 'lapsed' WHERE "status" IN (${OPEN_SQL}) AND "ends_at" <= now()`)) as [
      unknown,
      number,
    ];
    return count;
  }

  /** POST /api/items/{id}/holds: 404 → 400 (own item, not holdable, too late) → 409 (held already, too many). */
  async request(rawItemId: string, caller: CallerContext): Promise<THoldCreated> {
    const itemId = pathId(rawItemId, ITEM_MESSAGES.itemNotFound);
    const [item] = (await this.dataSource.query(`SELECT "stand_id", "title", "status", "price_kind" FROM "items" WHERE "id" = $1`, [itemId])) as {
      stand_id: string;
      title: string;
      status: string;
      price_kind: string;
    }[];
    const stand = item ? await this.queries.one(item.stand_id) : null;
    if (!item || !stand) throw fail.notFound(ITEM_MESSAGES.itemNotFound);
    const event = await this.knownEvents.find(stand.eventId);
    if (!maySeeStand(caller, stand, event)) throw fail.notFound(ITEM_MESSAGES.itemNotFound);
    if (ownsStand(caller, stand)) throw fail.invalid(HOLD_MESSAGES.ownItem);
    if (stand.status !== 'approved' || item.status === 'sold' || !event || event.status !== 'planned') throw fail.invalid(HOLD_MESSAGES.itemNotHoldable);
    // The rule the stand page offers „Reservieren“ by (contracts hold-window.ts).
    if (holdTimeOver(event.startDateTime, stand.holdMinutes, new Date())) throw fail.invalid(HOLD_MESSAGES.tooLate);
    const endsAt = holdEndsAt(event.startDateTime, stand.holdMinutes);
    const [holderName, seller] = await Promise.all([this.mails.holderName(caller.id), this.mails.seller(stand)]);
    try {
      return await this.dataSource.transaction(async (m) => {
        // One visitor's requests one at a time: parallel ones cannot pass the limit together.
        await m.query(`SELECT pg_advisory_xact_lock(hashtext('stands-holds-holder:' || $1))`, [caller.id]);
        // Marking the item sold waits for this request (and its trigger then ends the new hold); a sale already made is seen here.
        const [locked] = (await m.query(`SELECT "status" FROM "items" WHERE "id" = $1 FOR SHARE`, [itemId])) as { status: string }[];
        if (!locked) throw fail.notFound(ITEM_MESSAGES.itemNotFound);
        if (locked.status === 'sold') throw fail.invalid(HOLD_MESSAGES.itemNotHoldable);
        await m.query(
          `UPDATE "holds" SET "status" = 'lapsed' WHERE "status" IN (${OPEN_SQL}) AND "ends_at" <= now() AND ("holder_id" = $1 OR "item_id" = $2)`,
          [caller.id, itemId],
        );
        const [{ open }] = (await m.query(`SELECT count(*)::int AS "open" FROM "holds" WHERE "holder_id" = $1 AND "status" IN (${OPEN_SQL})`, [caller.id])) as {
          open: number;
        }[];
        const [held] = (await m.query(`SELECT 1 FROM "holds" WHERE "item_id" = $1 AND "status" IN (${OPEN_SQL})`, [itemId])) as unknown[];
        if (held) throw fail.conflict(HOLD_MESSAGES.alreadyHeld);
        if (open >= HOLDS_MAX_OPEN_PER_VISITOR) throw fail.conflict(HOLD_MESSAGES.tooManyHolds);
        const { token, hash } = newHoldToken();
        const [row] = (await m.query(
          `INSERT INTO "holds" ("item_id", "stand_id", "holder_id", "decision_token_hash", "ends_at") VALUES ($1, $2, $3, $4, $5) RETURNING "id"`,
          [itemId, stand.id, caller.id, hash, endsAt],
        )) as { id: string }[];
        // Another request of the same visitor at this stand within the interval is listed for the seller, not mailed.
        // Race-free: the visitor's lock above orders their requests, and each sees the mark the one before committed.
        const [told] = (await m.query(
          `SELECT 1 FROM "holds" WHERE "holder_id" = $1 AND "stand_id" = $2 AND "seller_told_at" > now() - interval '${SELLER_TOLD_INTERVAL}'`,
          [caller.id, stand.id],
        )) as unknown[];
        const notice = told ? null : await loadNoticeEvent(m, stand.eventId);
        if (
          notice &&
          (await this.mails.requested(
            m,
            { holdId: row.id, title: item.title, endsAt, event: notice, free: item.price_kind === 'free' },
            seller,
            holderName,
            token,
          ))
        ) {
          await m.query(`UPDATE "holds" SET "seller_told_at" = now() WHERE "id" = $1`, [row.id]);
        }
        return { id: row.id, itemId, status: 'requested' as const };
      });
    } catch (err) {
      // Another request for the item committed between our look and our insert: the index decided.
      if (isUniqueViolation(err, 'UQ_holds_open_item')) throw fail.conflict(HOLD_MESSAGES.alreadyHeld);
      throw err;
    }
  }

  /** GET /api/holds/{id}: its holder, its seller (owner, manage token) or the mail link's token; anyone else 404. */
  async read(rawId: string, asker: HoldAskerInput): Promise<THold> {
    const { row, stand } = await this.load(rawId);
    const party = this.partyOf(row, stand, asker);
    if (party !== 'holder' && party !== 'seller') throw fail.notFound(HOLD_MESSAGES.holdNotFound);
    return this.present(row, stand, party, asker);
  }

  /** PATCH /api/holds/{id}: 404 (unknown, or a stranger's ask) → 403 (a party that may not decide so) → 400 → 409 (decided, ended or lapsed already). */
  async decide(rawId: string, asker: HoldAskerInput, body: unknown): Promise<THold> {
    const { row, stand } = await this.load(rawId);
    // The mail's token travels in the body; read leniently here, so who asks is known before the body is judged.
    const token = body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined;
    const withToken = { ...asker, mailToken: token };
    const party = this.partyOf(row, stand, withToken);
    // A stranger learns nothing, not even that the hold exists: the same 404 as its read.
    if (party === null) throw fail.notFound(HOLD_MESSAGES.holdNotFound);
    const parsed = ZHoldDecision.safeParse(body);
    if (!parsed.success) throw fail.invalid(HOLD_MESSAGES.decisionInvalid);
    const decision = parsed.data.decision;
    if (!mayDecide(party, decision)) throw fail.forbidden(HOLD_MESSAGES.decisionForbidden);
    // Past its end a hold is over: written so now, whoever else was about to.
    await this.dataSource.query(`UPDATE "holds" SET "status" = 'lapsed' WHERE "id" = $1 AND "status" IN (${OPEN_SQL}) AND "ends_at" <= now()`, [row.id]);
    // The holder is told of every decision but their own ending of it, with the stand as they may see it (looked up before the lock).
    const address = party === 'holder' ? null : await this.mails.holder(row.holder_id);
    const holder = address ? { to: address, stand: await this.standForHolder(stand, row.holder_id) } : null;
    await this.dataSource.transaction(async (m) => {
      const [current] = (await m.query(`SELECT "status" FROM "holds" WHERE "id" = $1 FOR UPDATE`, [row.id])) as { status: HoldRow['status'] }[];
      if (!current) throw fail.notFound(HOLD_MESSAGES.holdNotFound);
      const next = statusAfter(current.status, decision);
      if (next === null) throw fail.conflict(HOLD_MESSAGES.decisionNotOpen);
      await this.apply(m, row, stand, decision, next, holder);
    });
    const { row: after } = await this.load(row.id);
    return this.present(after, stand, party === 'holder' ? 'holder' : 'seller', withToken);
  }

  /** GET /api/me/holds: the caller's holds as holder, open ones first, then newest. */
  async mine(caller: CallerContext): Promise<THold[]> {
    const rows = (await this.dataSource.query(`${HOLD_SELECT} WHERE h."holder_id" = $1 ${HOLD_ORDER}`, [caller.id])) as HoldRow[];
    return this.presentMany(rows, 'holder', { caller });
  }

  /** GET /api/stands/{id}/holds: the seller's (owner or manage token); 404 for a stand the caller may not see, 403 for anyone else. */
  async ofStand(rawStandId: string, asker: HoldAskerInput): Promise<THold[]> {
    const stand = await this.queries.one(pathId(rawStandId, API_ERRORS.standNotFound));
    if (!stand) throw fail.notFound(API_ERRORS.standNotFound);
    const guest = guestHolds(stand, asker.manageToken);
    if (!guest) {
      const event = visibilityNeedsEvent(asker.caller, stand) ? await this.knownEvents.find(stand.eventId) : null;
      if (!maySeeStand(asker.caller, stand, event)) throw fail.notFound(API_ERRORS.standNotFound);
      if (!ownsStand(asker.caller, stand)) throw fail.forbidden(HOLD_MESSAGES.decisionForbidden);
    }
    const rows = (await this.dataSource.query(`${HOLD_SELECT} WHERE h."stand_id" = $1 ${HOLD_ORDER}`, [stand.id])) as HoldRow[];
    return this.presentMany(rows, 'seller', guest ? { guestOwner: true } : { caller: asker.caller });
  }

  /** The user's holds as holder, for their data export (in the export's snapshot `m`). */
  async exportOf(m: EntityManager, userId: string): Promise<THold[]> {
    if (!isId(userId)) return [];
    const rows = (await m.query(`${HOLD_SELECT} WHERE h."holder_id" = $1 ORDER BY h."created_at", h."id"`, [userId])) as HoldRow[];
    return this.presentMany(rows, 'holder', { caller: { id: userId, role: 'participant' } });
  }

  /** UserDeleted: the user's holds as holder (a seller's go with their stands' items). Idempotent. */
  async forgetHolder(userId: string): Promise<void> {
    if (isId(userId)) await this.dataSource.query(`DELETE FROM "holds" WHERE "holder_id" = $1`, [userId.toLowerCase()]);
  }

  private async apply(
    m: EntityManager,
    row: HoldRow,
    stand: StandEntity,
    decision: THoldDecision,
    next: HoldRow['status'],
    holder: { to: MailRecipient; stand: HoldStand } | null,
  ): Promise<void> {
    const code = decision === 'accept' ? newPickupCode() : null;
    await m.query(
      `UPDATE "holds" SET "status" = $2, "pickup_code" = COALESCE($3, "pickup_code"), "decided_at" = COALESCE("decided_at", now()) WHERE "id" = $1`,
      [row.id, next, code],
    );
    if (!holder) return;
    const event = await loadNoticeEvent(m, stand.eventId);
    if (!event) return;
    const facts = { holdId: row.id, title: row.title, endsAt: row.ends_at, event };
    const outcome = decision === 'end' ? { ended: true as const } : code ? { accepted: true as const, pickupCode: code } : { accepted: false as const };
    await this.mails.decided(m, facts, holder.to, outcome, holder.stand);
  }

  /** The stand as its holder may see it (privacy/stand-privacy.ts): a hidden house number stays out of their mail. */
  private async standForHolder(stand: StandEntity, holderId: string): Promise<HoldStand> {
    return this.mails.holdStand(await this.presenter.one(stand, { caller: { id: holderId, role: 'participant' } }));
  }

  private partyOf(row: HoldRow, stand: StandEntity, asker: HoldAskerInput): HoldParty {
    return partyOf(
      {
        callerId: asker.caller?.id ?? null,
        isAdmin: asker.caller?.role === 'admin',
        ownsStand: ownsStand(asker.caller, stand) || guestHolds(stand, asker.manageToken),
        hasMailToken: holdTokenMatches(row.decision_token_hash, asker.mailToken),
      },
      row.holder_id,
    );
  }

  private async load(rawId: string): Promise<{ row: HoldRow; stand: StandEntity }> {
    const id = pathId(rawId, HOLD_MESSAGES.holdNotFound);
    const [row] = (await this.dataSource.query(`${HOLD_SELECT} WHERE h."id" = $1`, [id])) as HoldRow[];
    const stand = row ? await this.queries.one(row.stand_id) : null;
    if (!row || !stand) throw fail.notFound(HOLD_MESSAGES.holdNotFound);
    return { row, stand };
  }

  /** One hold as this party reads it; the seller's read names the stand as its owner sees it. */
  private async present(row: HoldRow, stand: StandEntity, as: 'holder' | 'seller', asker: HoldAskerInput): Promise<THold> {
    const [hold] = await this.presentMany([row], as, as === 'seller' ? { guestOwner: true } : { caller: asker.caller }, [stand]);
    return hold;
  }

  /** Holds as one party reads them: the stands' names as `reader` sees them, the holders' display names for the seller. */
  private async presentMany(rows: HoldRow[], as: 'holder' | 'seller', reader: StandReader, known: StandEntity[] = []): Promise<THold[]> {
    if (!rows.length) return [];
    const standIds = [...new Set(rows.map((r) => r.stand_id))];
    const stands = known.length ? known : await this.dataSource.getRepository(StandEntity).findBy({ id: In(standIds) });
    const labels = new Map((await this.presenter.many(stands, reader)).map((read) => [read.id, read.label]));
    const names = as === 'seller' ? await this.mails.holderNames(rows.map((r) => r.holder_id)) : null;
    return rows.map((row) => {
      const view: HoldView = names ? { as: 'seller', holderName: names.get(row.holder_id)! } : { as: 'holder' };
      return toHold(row, labels.get(row.stand_id) ?? '', view);
    });
  }
}
