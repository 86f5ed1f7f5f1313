import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { eachInOwnTransaction } from '../jobs/sweep.js';
import { StandEntity } from '../stands/stand.entity.js';
import { newConfirmationToken } from './confirmation-token.js';
import { ReconfirmationMails } from './reconfirmation-mails.js';
import { ASK_AT_SQL, DEADLINE_SQL, RECONFIRMING_SQL, loadReconfirmationMarket, type ReconfirmationMarket } from './reconfirmation-market.js';

/** Which stands are due to be asked, optionally of one market or some stands: not asked yet, their market between ask time and deadline. */
const DUE_SQL = `SELECT s."id" FROM "stands" s JOIN "event_facts" e ON e."event_id" = s."event_id"
  WHERE s."status" = 'approved' AND s."confirmation" = 'not-asked' AND ${RECONFIRMING_SQL}
    AND ${ASK_AT_SQL} <= $1 AND $1 < ${DEADLINE_SQL}
    AND ($2::uuid IS NULL OR s."event_id" = $2) AND ($3::uuid[] IS NULL OR s."id" = ANY($3))
  ORDER BY s."event_id", s."created_at", s."id"`;

/**
 * "Bist du dabei?" goes out (issue 36): to every approved stand of a market whose reconfirmation is
 * on, from its ask time until its deadline. Three ways in, one rule: the periodic job (every
 * minute, reconfirmations.ts), the transaction that applied a market's new facts (switched on, or
 * moved so the ask time has passed: asked at once, not at the next tick), and the transaction that
 * approved a stand after the ask time.
 *
 * Each stand is asked once, whichever replica or path gets there first: the conditional UPDATE
 * (`confirmation = 'not-asked'`) decides, and the mail is written only by the one that changed the
 * row. A seller who cannot be mailed (a guest's address not confirmed, stand notices switched off,
 * no address known) stays 'not-asked' ("Nicht gefragt" for the organiser) and is never released for
 * not answering; a later tick asks them once they can be mailed, up to the deadline.
 */
@Injectable()
export class ReconfirmationAsks {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly mails: ReconfirmationMails,
  ) {}

  /** The job's pass: every stand due at `now`, each in its own transaction. Answers how many were asked. */
  async askDue(now: Date, signal?: AbortSignal): Promise<number> {
    const due = (await this.dataSource.query(DUE_SQL, [now, null, null])) as { id: string }[];
    return eachInOwnTransaction(this.dataSource, due, signal, async (m, { id }) => (await this.askStands(m, [id], now)) > 0);
  }

  /** Inside the caller's transaction: the market's stands due at `now` (its facts just applied). */
  async askMarket(m: EntityManager, eventId: string, now: Date): Promise<number> {
    const due = (await m.query(DUE_SQL, [now, eventId, null])) as { id: string }[];
    return this.askStands(
      m,
      due.map((r) => r.id),
      now,
    );
  }

  /**
   * Inside the approving transaction: these stands were just approved. One released before (the
   * organiser took the seller back) starts over, its old links void; then each is asked if its market is due.
   */
  async afterApproval(m: EntityManager, standIds: string[], now: Date): Promise<number> {
    if (!standIds.length) return 0;
    const [restarted] = (await m.query(
      `UPDATE "stands" SET "confirmation" = 'not-asked', "confirmation_token_hash" = NULL, "confirmation_asked_at" = NULL, "confirmation_answered_at" = NULL
       WHERE "id" = ANY($1) AND "status" = 'approved' AND "confirmation" = 'released' RETURNING "id"`,
      [standIds],
    )) as [{ id: string }[], number];
    if (restarted.length) await m.query(`DELETE FROM "confirmation_tokens" WHERE "stand_id" = ANY($1)`, [restarted.map((r) => r.id)]);
    const due = (await m.query(DUE_SQL, [now, null, standIds])) as { id: string }[];
    return this.askStands(
      m,
      due.map((r) => r.id),
      now,
    );
  }

  /** Asks these stands (found due) in `m`; answers how many this call asked. */
  private async askStands(m: EntityManager, ids: string[], now: Date): Promise<number> {
    if (!ids.length) return 0;
    const stands = await m.getRepository(StandEntity).find({ where: { id: In(ids) }, order: { createdAt: 'ASC' } });
    const markets = new Map<string, ReconfirmationMarket | null>();
    let asked = 0;
    for (const stand of stands) {
      if (!markets.has(stand.eventId)) markets.set(stand.eventId, await loadReconfirmationMarket(m, stand.eventId));
      const market = markets.get(stand.eventId);
      if (market && (await this.askOne(m, stand, market, now))) asked++;
    }
    return asked;
  }

  private async askOne(m: EntityManager, stand: StandEntity, market: ReconfirmationMarket, now: Date): Promise<boolean> {
    const to = await this.mails.recipient(m, stand);
    if (!to) return false;
    const { token, hash } = newConfirmationToken();
    const [changed] = (await m.query(
      `UPDATE "stands" SET "confirmation" = 'asked', "confirmation_token_hash" = $2, "confirmation_asked_at" = $3
       WHERE "id" = $1 AND "status" = 'approved' AND "confirmation" = 'not-asked' RETURNING "id"`,
      [stand.id, hash, now],
    )) as [{ id: string }[], number];
    if (!changed.length) return false;
    await this.mails.ask(m, to, { event: market.event, deadline: market.deadline, token });
    return true;
  }
}
