import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { loadNoticeEvent } from '../notifications/notice-event.js';
import type { MailRecipient } from '../notifications/mail-recipients.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { HoldMails, type HoldStand } from './hold-mails.js';
import { OPEN_SQL } from './hold-rows.js';

/** The item's open hold as a sale finds it: its holder, looked up before the sale's transaction. */
export interface SoldHoldHolder {
  holdId: string;
  holderId: string;
  to: MailRecipient | null;
  stand: HoldStand;
}

/**
 * A sale ends the item's open hold, requested or accepted (issue 35; the review found the holder was
 * never told): the item's edit (items/stand-items.ts) ends it here, in the transaction that marks
 * the item sold, and mails the holder in it, once: the item's row lock orders two sales of it and a
 * request for it (holds.ts takes it FOR SHARE), and only the sale that ends the hold mails, so a
 * retried or raced sale finds nothing open. The trigger `holds_end_with_sold` (migration 1764900900000)
 * stays as the floor for a path that bypasses the service (it ends the hold without a word), and
 * finds nothing open after this.
 */
@Injectable()
export class SoldHolds {
  constructor(
    private readonly mails: HoldMails,
    private readonly presenter: StandPresenter,
  ) {}

  /** The open hold's holder (one at most: the partial unique index), looked up before the lock, as every hold mail's recipient is. */
  async holderOf(m: EntityManager, itemId: string, stand: StandEntity): Promise<SoldHoldHolder | null> {
    const [open] = (await m.query(`SELECT "id", "holder_id" FROM "holds" WHERE "item_id" = $1 AND "status" IN (${OPEN_SQL}) AND "ends_at" > now()`, [
      itemId,
    ])) as { id: string; holder_id: string }[];
    return open ? this.lookUp(open.id, open.holder_id, stand) : null;
  }

  /**
   * Ends the item's open hold in `m` (the sale's transaction, after the item's row is locked) and mails
   * its holder that the item (`title`, as the sale saves it) is sold. One past its end lapses instead, untold like every lapse.
   */
  async endForSale(m: EntityManager, item: { id: string; title: string }, stand: StandEntity, known: SoldHoldHolder | null): Promise<void> {
    const itemId = item.id;
    await m.query(`UPDATE "holds" SET "status" = 'lapsed' WHERE "item_id" = $1 AND "status" IN (${OPEN_SQL}) AND "ends_at" <= now()`, [itemId]);
    const [[ended]] = (await m.query(
      `WITH "open" AS (SELECT "id", "status" FROM "holds" WHERE "item_id" = $1 AND "status" IN (${OPEN_SQL}) FOR UPDATE)
       UPDATE "holds" h SET "status" = 'ended', "decided_at" = COALESCE(h."decided_at", now()) FROM "open"
       WHERE h."id" = "open"."id"
       RETURNING h."id", h."holder_id", h."ends_at", "open"."status" AS "was"`,
      [itemId],
    )) as [{ id: string; holder_id: string; ends_at: Date; was: 'requested' | 'accepted' }[], number];
    if (!ended) return;
    // A request that came in between the look-up and the lock: its holder is looked up now, under the lock (rare: the one case this waits for a second connection).
    const holder = known?.holdId === ended.id ? known : await this.lookUp(ended.id, ended.holder_id, stand);
    const event = await loadNoticeEvent(m, stand.eventId);
    if (!event) return;
    const facts = { holdId: ended.id, title: item.title, endsAt: ended.ends_at, event };
    await this.mails.decided(m, facts, holder.to, { sold: true, accepted: ended.was === 'accepted' }, holder.stand);
  }

  private async lookUp(holdId: string, holderId: string, stand: StandEntity): Promise<SoldHoldHolder> {
    const [to, read] = await Promise.all([this.mails.holder(holderId), this.presenter.one(stand, { caller: { id: holderId, role: 'participant' } })]);
    return { holdId, holderId, to, stand: this.mails.holdStand(read) };
  }
}
