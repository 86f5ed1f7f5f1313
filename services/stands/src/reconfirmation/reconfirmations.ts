import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ANSWER_CONFIRMATION, MARKET_DAY_MESSAGES, RECONFIRMATION_OFF, type TConfirmation, type TConfirmationAnswer } from '@flohmarkt/contracts';
import { type BackgroundJob, type CallerContext, fail, parseCallBody } from '@flohmarkt/server-kit';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { lockCapacity } from '../stands/capacity.js';
import { standManagementDecision } from '../stands/stand-access.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandLoader, enforce } from '../stands/stand-loader.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandEntity } from '../stands/stand.entity.js';
import { confirmationTokenHash, isConfirmationToken, newConfirmationToken } from './confirmation-token.js';
import { ReconfirmationAsks } from './reconfirmation-asks.js';
import { ReconfirmationMails } from './reconfirmation-mails.js';
import { DEADLINE_SQL, RECONFIRMING_SQL, loadReconfirmationMarket, type ReconfirmationMarket } from './reconfirmation-market.js';

/** How often the job asks and releases: the ask time and the deadline are whole hours, a minute late is on time. */
const RECONFIRMATION_SWEEP_MS = 60_000;

/** The stand behind a link: the first mail's token is on the stand, the reminder's in confirmation_tokens. */
const STAND_OF_TOKEN_SQL = `SELECT "id", "event_id" AS "eventId" FROM "stands" WHERE "confirmation_token_hash" = $1
  UNION ALL SELECT s."id", s."event_id" FROM "confirmation_tokens" t JOIN "stands" s ON s."id" = t."stand_id" WHERE t."token_hash" = $1
  LIMIT 1`;

/**
 * The reconfirmation (issue 36, docs: contracts market-day.ts): the seller's answer by the link of
 * the mail, without signing in; the release of the stands that said "nein" or did not answer by the
 * deadline (their place goes to the waitlist exactly as after a withdrawal, StandCommands.release);
 * the organiser's one reminder of the open ones. The question itself: reconfirmation-asks.ts.
 *
 * An answer and a release of one stand take the market's capacity lock and then the stand's row,
 * so two clicks at once, or a click and the deadline's job, do one thing. Reads change nothing
 * (mail scanners open links): past the deadline an unanswered stand reads as released at once, and
 * the next answer or the job writes it so.
 */
@Injectable()
export class Reconfirmations {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly asks: ReconfirmationAsks,
    private readonly mails: ReconfirmationMails,
    private readonly commands: StandCommands,
    private readonly loader: StandLoader,
    private readonly presenter: StandPresenter,
    @Optional() private readonly clock: PrivacyClock = new PrivacyClock(),
  ) {}

  /** The periodic job (jobs/stands-background-jobs.ts): the stands due to be asked, then those past their deadline. */
  job(): BackgroundJob {
    return { name: 'Reconfirmations', schedule: { everyMs: RECONFIRMATION_SWEEP_MS }, run: (_, { signal }) => this.runDue(new Date(), signal) };
  }

  /** One pass at `now`: answers how many stands were asked and how many released. */
  async runDue(now: Date, signal?: AbortSignal): Promise<{ asked: number; released: number }> {
    const asked = await this.asks.askDue(now, signal);
    return { asked, released: await this.releaseDue(now, signal) };
  }

  /** Every stand still asked (not answered) of a market past its deadline at `now` is released. */
  async releaseDue(now: Date, signal?: AbortSignal): Promise<number> {
    const due = (await this.dataSource.query(
      `SELECT s."id" FROM "stands" s JOIN "event_facts" e ON e."event_id" = s."event_id"
       WHERE s."status" = 'approved' AND s."confirmation" = 'asked' AND ${RECONFIRMING_SQL} AND ${DEADLINE_SQL} <= $1
       ORDER BY s."event_id", s."id"`,
      [now],
    )) as { id: string }[];
    let released = 0;
    for (const { id } of due) {
      if (signal?.aborted) break;
      if (await this.releaseUnanswered(id, now)) released++;
    }
    return released;
  }

  /** GET /api/confirmations/{token}: the stand as it is; nothing changes. */
  async read(token: string): Promise<TConfirmation> {
    const { standId, market } = await this.linked(token);
    const stand = await this.dataSource.getRepository(StandEntity).findOneByOrFail({ id: standId });
    return this.present(stand, market, this.clock.now());
  }

  /** POST /api/confirmations/{token}: 404 → 400 → 410 → 409. "ja" again changes nothing; "nein" frees the place at once. */
  async answer(token: string, body: unknown): Promise<TConfirmation> {
    const { standId, market } = await this.linked(token);
    const { answer } = parseCallBody(ANSWER_CONFIRMATION, body) as TConfirmationAnswer;
    const now = this.clock.now();
    if (now >= new Date(market.event.startDateTime)) throw fail.gone(MARKET_DAY_MESSAGES.confirmationExpired);
    // Past the deadline an unanswered stand is released first (its own step, with its mail): a late "ja" cannot hold the place.
    if (now >= market.deadline) await this.releaseUnanswered(standId, now);
    const stand = await this.dataSource.transaction(async (m) => {
      await lockCapacity(m, [market.event.id]);
      const locked = await lockedStand(m, standId);
      if (!locked) throw fail.notFound(MARKET_DAY_MESSAGES.confirmationNotFound);
      if (locked.status === 'released') {
        if (answer === 'yes') throw fail.conflict(MARKET_DAY_MESSAGES.confirmationReleased);
        return locked;
      }
      if (locked.status !== 'approved') throw fail.conflict(MARKET_DAY_MESSAGES.confirmationClosed);
      if (answer === 'yes') {
        await m.query(
          `UPDATE "stands" SET "confirmation" = 'confirmed', "confirmation_answered_at" = COALESCE("confirmation_answered_at", $2) WHERE "id" = $1`,
          [standId, now],
        );
        return m.getRepository(StandEntity).findOneByOrFail({ id: standId });
      }
      // In this transaction: the place goes to the first on the waitlist, and the seller hears that it is given up.
      const released = await this.commands.release(m, locked, now);
      await this.mails.released(m, released, market.event, 'no', market.deadline);
      return released;
    });
    return this.present(stand, market, now);
  }

  /** POST /api/events/{id}/confirmations/remind: 404 → 403 → 409 (switched off, cancelled or past the deadline, reminded before) → a new pair of links to each open stand. */
  async remind(rawEventId: string, caller: CallerContext): Promise<{ reminded: number }> {
    const event = await this.loader.event(rawEventId);
    enforce(standManagementDecision(caller, event));
    const known = await this.loader.knownEvent(event.id).catch(() => null);
    const reconfirmation = event.reconfirmation ?? known?.reconfirmation ?? RECONFIRMATION_OFF;
    if (!reconfirmation.enabled) throw fail.conflict(MARKET_DAY_MESSAGES.reconfirmationOff);
    const now = this.clock.now();
    return this.dataSource.transaction(async (m) => {
      const market = await loadReconfirmationMarket(m, event.id);
      // A cancelled market asks nobody any more, and after the deadline the open places are given up: no reminder could be answered.
      if (market && (market.event.status === 'cancelled' || market.deadline <= now)) throw fail.conflict(MARKET_DAY_MESSAGES.remindClosed);
      // The market's one reminder: the row decides a race between two clicks or replicas.
      const [claimed] = (await m.query(
        `INSERT INTO "reconfirmation_reminders" ("event_id", "reminded", "sent_at") VALUES ($1, 0, $2) ON CONFLICT ("event_id") DO NOTHING RETURNING "event_id"`,
        [event.id, now],
      )) as { event_id: string }[];
      if (!claimed) throw fail.conflict(MARKET_DAY_MESSAGES.remindedAlready);
      const open = market
        ? await m.getRepository(StandEntity).find({ where: { eventId: event.id, status: 'approved', confirmation: 'asked' }, order: { createdAt: 'ASC' } })
        : [];
      let reminded = 0;
      for (const stand of open) {
        const to = await this.mails.recipient(m, stand);
        if (!to || !market) continue;
        const { token, hash } = newConfirmationToken();
        await m.query(`INSERT INTO "confirmation_tokens" ("token_hash", "stand_id") VALUES ($1, $2)`, [hash, stand.id]);
        await this.mails.remind(m, to, { event: market.event, deadline: market.deadline, token });
        reminded++;
      }
      await m.query(`UPDATE "reconfirmation_reminders" SET "reminded" = $2 WHERE "event_id" = $1`, [event.id, reminded]);
      return { reminded };
    });
  }

  /**
   * Releases one stand that is still asked (no answer) once its market's deadline has passed, with
   * the seller's mail, in one transaction; answers whether this call released it (an answer or
   * another replica may have come first).
   */
  private async releaseUnanswered(standId: string, now: Date): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      const [row] = (await m.query(`SELECT "event_id" AS "eventId" FROM "stands" WHERE "id" = $1`, [standId])) as { eventId: string }[];
      if (!row) return false;
      await lockCapacity(m, [row.eventId]);
      const stand = await lockedStand(m, standId);
      const market = await loadReconfirmationMarket(m, row.eventId);
      if (!stand || !market || stand.status !== 'approved' || stand.confirmation !== 'asked') return false;
      if (!market.reconfirmation.enabled || now < market.deadline) return false;
      const released = await this.commands.release(m, stand, null);
      await this.mails.released(m, released, market.event, 'deadline', market.deadline);
      return true;
    });
  }

  /** The stand and market behind a link: 404 for a malformed or unknown token, or a market no longer known. */
  private async linked(token: string): Promise<{ standId: string; market: ReconfirmationMarket }> {
    if (!isConfirmationToken(token)) throw fail.notFound(MARKET_DAY_MESSAGES.confirmationNotFound);
    const [row] = (await this.dataSource.query(STAND_OF_TOKEN_SQL, [confirmationTokenHash(token)])) as { id: string; eventId: string }[];
    const market = row ? await loadReconfirmationMarket(this.dataSource.manager, row.eventId) : null;
    if (!row || !market) throw fail.notFound(MARKET_DAY_MESSAGES.confirmationNotFound);
    return { standId: row.id, market };
  }

  /** The answer's shape; after the market's start the link is spent (410), past the deadline an open stand reads as released. */
  private async present(stand: StandEntity, market: ReconfirmationMarket, now: Date): Promise<TConfirmation> {
    if (now >= market.event.startDateTime) throw fail.gone(MARKET_DAY_MESSAGES.confirmationExpired);
    const lapsed = stand.status === 'approved' && stand.confirmation === 'asked' && market.reconfirmation.enabled && now >= market.deadline;
    const [read] = await this.presenter.many([stand], { guestOwner: true });
    const { event } = market;
    return {
      standId: stand.id,
      standLabel: read?.label ?? '',
      status: lapsed ? 'released' : stand.status,
      confirmation: lapsed ? 'released' : stand.confirmation,
      deadline: market.deadline.toISOString(),
      event: { id: event.id, name: event.name, location: event.location, startDateTime: event.startDateTime.toISOString() },
    };
  }
}

/** The stand's row, locked until the transaction ends (after the market's capacity lock). */
async function lockedStand(m: EntityManager, standId: string): Promise<StandEntity | null> {
  return m.getRepository(StandEntity).createQueryBuilder('s').setLock('pessimistic_write').where('s.id = :standId', { standId }).getOne();
}
