import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { addressLine, berlinMidnightOf, eveningBefore, formatShortDayTime, standLabel } from '@flohmarkt/contracts';
import { type BackgroundJob, publishMail, type MailToSend } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { eachInOwnTransaction, sweepJob } from '../jobs/sweep.js';
import { MailAddresses } from '../notifications/mail-addresses.js';
import { loadNoticeEvent, type NoticeEvent } from '../notifications/notice-event.js';
import { NoticeLinks } from '../notifications/notice-links.js';
import { NOTICE_TEXTS } from '../notifications/notice-texts.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { eventDetails } from '../notifications/stand-notices.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandEntity } from '../stands/stand.entity.js';
import { addressOf } from '../stands/stand-view.js';
import { REMINDER_TEXTS as T } from './reminder-texts.js';

type ReminderKind = 'visitor' | 'seller' | 'organiser';

/** The evening before a start lies within this of it (18:00 the day before a start at 23:59 is 30 hours): markets further ahead are not due. */
const DUE_HORIZON = '2 days';

/**
 * Whether the reminders of a market starting at `start` may go out at `now`: on its evening before,
 * from 18:00 Berlin time on the day before its start day until that day begins (00:00 Berlin time,
 * never a UTC day: 00:00 in Berlin is still the day before in UTC).
 *
 * Each mail says "Morgen", which is only true until midnight. One that could not go out on the
 * evening before (the market created, the stand approved or the switch turned on only on the day
 * itself, or the sweep down through the evening) is not sent at all rather than reworded to "Heute":
 * it would only repeat what its reader did that very morning, and the organiser's counts at that hour
 * say less than the Markttag page shows live. It is not written to `reminders_sent` either: once the
 * start day has begun no sweep finds that start due again, and only a market moved to a later day
 * opens a new evening before, whose "Morgen" is true again. A market that has begun is past its
 * window too, so it reminds nobody.
 */
export function remindersDue(start: Date, now: Date): boolean {
  return eveningBefore(start) <= now && now < berlinMidnightOf(start);
}

/**
 * The reminder mails of the evening before (issue 34, docs/product.md#reminders): from 18:00 Berlin
 * time on the day before a market until that evening ends at midnight (remindersDue), a visitor who
 * switched "Am Vorabend erinnern" on for it, every approved seller (a guest at a confirmed address) and
 * the organiser get one mail each. A wish or an approval that comes later that evening is mailed at
 * the next sweep; one that comes on the market's own day gets no mail.
 *
 * Once per market, kind and person: the row in `reminders_sent` is claimed in the transaction that
 * puts the mail into the outbox, so a restart, a second replica or a retried sweep finds it and sends
 * nothing. An opted-out address (scope 'reminders') is claimed and skipped. A cancelled market
 * reminds nobody.
 */
@Injectable()
export class EventReminders {
  private readonly links: NoticeLinks;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly users: UserNamesReadModel,
    private readonly optOuts: MailOptOuts,
  ) {
    this.links = new NoticeLinks(config.PUBLIC_URL);
  }

  /** The periodic job (jobs/stands-background-jobs.ts). */
  job(): BackgroundJob {
    return sweepJob('EventReminders', this.config.REMINDER_SWEEP_SECONDS, (now, signal) => this.sendDue(now, signal));
  }

  /** Sends every reminder that is due now; answers how many mails went into the outbox. */
  async sendDue(now = new Date(), signal?: AbortSignal): Promise<number> {
    const upcoming = (await this.dataSource.query(
      `SELECT "event_id" AS "id", "start_date_time" AS "start" FROM "event_facts"
       WHERE NOT "deleted" AND "status" <> 'cancelled' AND "start_date_time" > $1 AND "start_date_time" <= $1::timestamptz + interval '${DUE_HORIZON}'`,
      [now],
    )) as { id: string; start: Date }[];
    // A market whose evening before is still ahead waits for a later sweep; one whose day has begun is past reminding.
    const due = upcoming.filter(({ start }) => remindersDue(new Date(start), now));
    return eachInOwnTransaction(this.dataSource, due, signal, (m, { id }) => this.remindFor(m, id, now));
  }

  private async remindFor(m: EntityManager, eventId: string, now: Date): Promise<number> {
    const event = await loadNoticeEvent(m, eventId);
    // Again inside the transaction: the market may have been cancelled or moved since the query above.
    if (!event || event.status === 'cancelled' || !remindersDue(event.startDateTime, now)) return 0;
    return (await this.remindVisitors(m, event)) + (await this.remindSellers(m, event)) + (await this.remindOrganiser(m, event));
  }

  private async remindVisitors(m: EntityManager, event: NoticeEvent): Promise<number> {
    const visitors = (await m.query(
      `SELECT w."user_id" AS "userId", u."email", u."first_name" AS "firstName" FROM "reminder_wishes" w
       JOIN "user_names" u ON u."user_id" = w."user_id" AND NOT u."deleted" AND u."email" IS NOT NULL
       WHERE w."event_id" = $1 AND w."remind"
         AND NOT EXISTS (SELECT 1 FROM "reminders_sent" s WHERE s."event_id" = $1 AND s."kind" = 'visitor' AND s."recipient" = w."user_id")`,
      [event.id],
    )) as { userId: string; email: string; firstName: string | null }[];
    let sent = 0;
    for (const visitor of visitors) {
      sent += await this.send(m, event, 'visitor', visitor.userId, visitor.email, {
        subject: T.visitorSubject(event.name),
        kind: 'reminder-visitor',
        heading: T.visitorHeading,
        greeting: NOTICE_TEXTS.hello(visitor.firstName),
        paragraphs: [T.visitor(event.name)],
        details: [...eventDetails(event), [T.visitorRound, this.links.merkliste(event.id)]],
        action: { label: T.eventAction, url: this.links.event(event.id) },
        footer: T.visitorFooter,
      });
    }
    return sent;
  }

  private async remindSellers(m: EntityManager, event: NoticeEvent): Promise<number> {
    const stands = (await m
      .getRepository(StandEntity)
      .createQueryBuilder('s')
      .where('s.eventId = :eventId AND s.status = :status', { eventId: event.id, status: 'approved' })
      .andWhere(`NOT EXISTS (SELECT 1 FROM "reminders_sent" r WHERE r."event_id" = s."event_id" AND r."kind" = 'seller' AND r."recipient" = s."id")`)
      .orderBy('s.createdAt', 'ASC')
      .getMany()) as StandEntity[];
    const registered = await this.users.emails(stands.flatMap((s) => (s.exhibitorId ? [s.exhibitorId] : [])));
    const names = await this.users.exhibitors([...registered.keys()]);
    const confirmedGuests = await MailAddresses.confirmedGuestStands(m, stands);
    let sent = 0;
    for (const stand of stands) {
      const guest = stand.exhibitorId === null;
      const to = guest ? stand.guestEmail : registered.get(stand.exhibitorId!);
      // A guest's address only once it may be mailed (issue 29: confirmed by its owner, or an account's).
      const mayMail = to ? !guest || confirmedGuests.has(stand.id) : false;
      const address = addressOf(stand);
      const label = standLabel({
        standNumber: stand.standNumber,
        address,
        exhibitor: null,
        guestFirstName: stand.guestFirstName,
        guestLastName: stand.guestLastName,
      });
      const firstName = guest ? stand.guestFirstName : (names.get(stand.exhibitorId!)?.firstName ?? null);
      sent += await this.send(m, event, 'seller', stand.id, mayMail ? to! : null, {
        subject: T.sellerSubject(event.name),
        kind: 'reminder-seller',
        heading: T.sellerHeading,
        greeting: NOTICE_TEXTS.hello(firstName),
        paragraphs: [T.seller(event.name), guest ? T.sellerCannotComeGuest : T.sellerCannotCome],
        details: [
          [T.yourStand, label],
          ...(address ? [[T.address, addressLine(address)] as [string, string]] : []),
          ...eventDetails(event),
          [T.withdrawBy, formatShortDayTime(event.startDateTime)],
        ],
        action: guest ? { label: T.eventAction, url: this.links.event(event.id) } : { label: T.myStandsAction, url: this.links.myStands() },
        footer: T.sellerFooter,
        aboutGuestStand: guest,
      });
    }
    return sent;
  }

  private async remindOrganiser(m: EntityManager, event: NoticeEvent): Promise<number> {
    const [done] = (await m.query(`SELECT 1 FROM "reminders_sent" WHERE "event_id" = $1 AND "kind" = 'organiser'`, [event.id])) as unknown[];
    if (done) return 0;
    const [counts] = (await m.query(
      `SELECT count(*) FILTER (WHERE "status" = 'approved')::int AS "approved", count(*) FILTER (WHERE "status" = 'pending')::int AS "pending",
              count(*) FILTER (WHERE "status" = 'waitlisted')::int AS "waitlisted"
       FROM "stands" WHERE "event_id" = $1`,
      [event.id],
    )) as { approved: number; pending: number; waitlisted: number }[];
    const to = (await this.users.emails([event.organizerId])).get(event.organizerId) ?? null;
    const organiser = (await this.users.exhibitors([event.organizerId])).get(event.organizerId);
    return this.send(m, event, 'organiser', event.organizerId, to, {
      subject: T.organiserSubject(event.name),
      kind: 'reminder-organiser',
      heading: T.organiserHeading,
      greeting: NOTICE_TEXTS.hello(organiser?.firstName ?? null),
      paragraphs: [T.organiser(event.name)],
      list: T.counts(counts!.approved, counts!.pending, counts!.waitlisted),
      details: eventDetails(event),
      action: { label: T.organiserAction, url: this.links.review(event.id) },
      footer: T.organiserFooter,
    });
  }

  /**
   * Claims the person's reminder of this market when there is an address to mail and, unless they
   * opted out, puts the mail into the outbox in the same transaction. Answers 1 for a mail sent, else 0.
   */
  private async send(
    m: EntityManager,
    event: NoticeEvent,
    kind: ReminderKind,
    recipient: string,
    to: string | null,
    mail: Omit<MailToSend, 'to' | 'unsubscribeUrl' | 'unsubscribePageUrl'>,
  ): Promise<number> {
    // Nobody to mail yet (a guest's address not confirmed, an organiser the copy has not heard of): not
    // claimed, so a later sweep before the start still reminds them.
    if (!to) return 0;
    const claimed = (await m.query(`INSERT INTO "reminders_sent" ("event_id", "kind", "recipient") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`, [
      event.id,
      kind,
      recipient,
    ])) as unknown[];
    if (!claimed.length) return 0;
    const links = await this.optOuts.linksUnlessOptedOut(m, { address: to, scope: 'reminders', eventId: null }, this.config.PUBLIC_URL);
    if (!links) return 0;
    await publishMail(m, { ...mail, to, ...links });
    return 1;
  }
}
