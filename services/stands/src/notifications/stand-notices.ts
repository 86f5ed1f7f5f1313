import { Inject, Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import { MAIL_CONFIRMATION_KIND, formatLongDate, formatShortDayTime, type TStandStatus } from '@flohmarkt/contracts';
import { publishMail, type MailToSend } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { EventFactsReadModel, type EventFactsChange } from '../read-models/event-facts.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { waitlistPositions } from '../stands/capacity.js';
import { StandEntity } from '../stands/stand.entity.js';
import { MailAddresses } from './mail-addresses.js';
import type { MailRecipient } from './mail-recipients.js';
import { marketWhen } from './notice-dates.js';
import { loadNoticeEvent, noticeEventOfKnown, type NoticeEvent } from './notice-event.js';
import { NoticeLinks } from './notice-links.js';
import { NOTICE_TEXTS as T } from './notice-texts.js';
import { MailOptOuts } from './opt-outs.js';
import { settleNotice } from './settling.js';

/** Stands whose people hear of their event's cancellation or move: those still in the running, the waitlist too. */
const ACTIVE_STATUSES: TStandStatus[] = ['pending', 'approved', 'waitlisted'];

/** What became of a notification: sent, switched off by its reader, or held (the guest's registration is not confirmed). */
type NotifyOutcome = 'sent' | 'opted-out' | 'unconfirmed';

/** Who hears about a stand, and whether they may yet: a guest whose registration is not confirmed may not. */
type StandRecipient = MailRecipient & { confirmed: boolean };

/** What a market's people were told last about its date, place and status (event_changes_told), and when. */
type ToldEvent = Pick<NoticeEvent, 'startDateTime' | 'endDateTime' | 'location' | 'latitude' | 'longitude' | 'status'> & { toldAt: Date | null };

/**
 * The mails about stands (docs/product.md#notifications). Each is decided inside the transaction of
 * the change it tells about and leaves through the outbox, so a mail goes if and only if the change
 * commits, and SMTP being down only delays it (the mailer retries). Every mail honours the opt-out
 * of its address and carries its one-click link.
 *
 * Mail only those who asked (issue 29): a guest's address gets nothing but one request to confirm it
 * until its owner follows the link (mail-confirmations.ts sends what was held back then); once
 * confirmed it stays so, and an account's address counts as confirmed. A registered seller's mail
 * goes to their account's address. Decisions and changes of date or place settle first (settled-notices.ts):
 * they leave MAIL_SETTLE_S after the last change, with the state at that time, and nothing at all
 * when the change was undone; a market's people hear of a change at most once per MAIL_CHANGE_INTERVAL_H.
 */
@Injectable()
export class StandNotices {
  private readonly links: NoticeLinks;

  constructor(
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly users: UserNamesReadModel,
    private readonly optOuts: MailOptOuts,
    /** For an event the copy has not heard of yet (a registration right after its creation): asked of events. */
    private readonly events?: EventFactsReadModel,
  ) {
    this.links = new NoticeLinks(config.PUBLIC_URL);
  }

  /**
   * A new registration: the organiser's digest lists it. A guest whose address may be mailed (confirmed
   * before, or an account's) gets the receipt with the manage link at once; any other a request to
   * confirm the address, the receipt held back until its owner follows the link.
   */
  async registered(m: EntityManager, stand: StandEntity, guestManageToken: string | null): Promise<void> {
    await m.query(`INSERT INTO "digest_entries" ("stand_id", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [stand.id, stand.eventId]);
    if (stand.exhibitorId || !stand.guestEmail || !guestManageToken) return;
    await MailAddresses.lockMailbox(m, stand.guestEmail);
    if (await MailAddresses.guestStandConfirmed(m, stand)) return this.receipt(m, stand, guestManageToken);
    await m.query(`INSERT INTO "held_guest_receipts" ("stand_id", "manage_token") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [stand.id, guestManageToken]);
    await this.requestConfirmation(m, stand);
  }

  /**
   * The guest's receipt with their manage link, as the stand is now (on the waitlist: with its
   * place). Only to an address that may be mailed: each caller has just established that
   * (registered() asked, mail-confirmations.ts confirmed it), so it is not asked a second time.
   */
  async receipt(m: EntityManager, stand: StandEntity, guestManageToken: string): Promise<void> {
    const event = await this.noticeEvent(m, stand.eventId);
    if (!stand.guestEmail || !event || event.status === 'cancelled') return;
    const position = stand.status === 'waitlisted' ? ((await waitlistPositions(m, [stand.id])).get(stand.id) ?? null) : null;
    await this.notify(
      m,
      { address: stand.guestEmail, firstName: stand.guestFirstName, confirmed: true, guestStand: true },
      {
        subject: T.guestRegisteredSubject(event.name),
        kind: 'guest-registered',
        heading: position ? T.waitlistedHeading(position) : T.guestRegisteredHeading,
        paragraphs: position ? [T.waitlisted(event.name), T.waitlistedNext, T.guestManageHint] : [T.guestRegistered(event.name), T.guestManageHint],
        details: eventDetails(event, { deadline: true }),
        action: { label: T.guestManageAction, url: this.links.guestManage(guestManageToken) },
      },
    );
  }

  /**
   * The one mail an unconfirmed address may get: the request to confirm it, at most one per mailbox
   * in 24 h (a registration made meanwhile waits for that request's link), none to an address that
   * opted out. Nothing in it was typed by a user: the product's words, the market's date and the
   * link (not even the market's name: an organiser types that).
   */
  private async requestConfirmation(m: EntityManager, stand: StandEntity): Promise<void> {
    const address = stand.guestEmail!;
    const links = await this.optOuts.linksUnlessOptedOut(m, { address, scope: 'stand-updates', eventId: null }, this.config.PUBLIC_URL);
    const event = await this.noticeEvent(m, stand.eventId);
    if (!links || !event) return;
    const token = await MailAddresses.newConfirmationToken(m, stand.id, address);
    if (!token) return;
    await publishMail(m, {
      to: address,
      subject: T.confirmSubject,
      kind: MAIL_CONFIRMATION_KIND,
      heading: T.confirmHeading,
      greeting: T.hello(null),
      paragraphs: [T.confirmAsked(formatLongDate(event.startDateTime)), T.confirmWhy, T.confirmNotYou],
      action: { label: T.confirmAction, url: this.links.confirmAddress(token) },
      footer: T.confirmFooter,
      ...links,
    });
  }

  /** The organiser approved or rejected the stand: its owner hears of it once the decision has settled. */
  async decided(m: EntityManager, stand: StandEntity): Promise<void> {
    await settleNotice(m, 'decision', stand.id, this.config.MAIL_SETTLE_S);
  }

  /**
   * A settled decision: the stand's owner hears its state now (with the reason), unless that is what
   * they were told last (a decision undone, or told already). A guest whose address is not confirmed
   * hears nothing yet; they hear the decision when they confirm it.
   */
  async tellDecision(m: EntityManager, standId: string): Promise<void> {
    const stand = await m.getRepository(StandEntity).findOneBy({ id: standId });
    if (!stand || (stand.status !== 'approved' && stand.status !== 'rejected')) return;
    const reason = stand.status === 'rejected' ? stand.rejectionReason : null;
    const [told] = (await m.query(`SELECT "status", "reason" FROM "decisions_told" WHERE "stand_id" = $1`, [standId])) as {
      status: string;
      reason: string | null;
    }[];
    if (told && told.status === stand.status && told.reason === reason) return;
    const approved = stand.status === 'approved';
    const outcome = await this.aboutStand(
      m,
      stand,
      (event) => ({
        subject: approved ? T.approvedSubject(event.name) : T.rejectedSubject(event.name),
        kind: approved ? 'stand-approved' : 'stand-rejected',
        heading: approved ? T.approvedHeading : T.rejectedHeading,
        paragraphs: approved ? [T.approved(event.name)] : [T.rejected(event.name), T.rejectedAgain],
      }),
      { reason },
    );
    if (!outcome || outcome === 'unconfirmed') return;
    await m.query(
      `INSERT INTO "decisions_told" ("stand_id", "status", "reason") VALUES ($1, $2, $3)
       ON CONFLICT ("stand_id") DO UPDATE SET "status" = excluded."status", "reason" = excluded."reason"`,
      [standId, stand.status, reason],
    );
  }

  /** The read model applied a newer version of an event's facts (read-models/event-facts.ts). */
  async eventFactsChanged(m: EntityManager, change: EventFactsChange): Promise<void> {
    const previous = change.previous && noticeEventOfKnown(change.previous);
    const current = noticeEventOfKnown(change.current);
    if (previous && current) await this.eventChanged(m, previous, current);
  }

  /**
   * The event is full: the registration waits at `position` (1-based). A guest hears it in their
   * confirmation (registered()); this is the notice for everyone else, and for a guest moved back.
   */
  async waitlisted(m: EntityManager, stand: StandEntity, position: number): Promise<void> {
    await this.aboutStand(
      m,
      stand,
      (event) => ({
        subject: T.waitlistedSubject(event.name, position),
        kind: 'stand-waitlisted',
        heading: T.waitlistedHeading(position),
        paragraphs: [T.waitlisted(event.name), T.waitlistedNext],
      }),
      { deadline: true },
    );
  }

  /** A place came free and the first on the waitlist moved up to pending: they hear it at once. */
  async promoted(m: EntityManager, stand: StandEntity): Promise<void> {
    await this.aboutStand(m, stand, (event) => ({
      subject: T.promotedSubject(event.name),
      kind: 'stand-promoted',
      heading: T.promotedHeading,
      paragraphs: [T.promoted(event.name)],
    }));
  }

  /**
   * A notification about one stand to its owner or guest, with the event's date and place and the
   * fitting link. Answers what became of it; null when the event or the recipient is unknown.
   */
  private async aboutStand(
    m: EntityManager,
    stand: StandEntity,
    content: (event: NoticeEvent) => Pick<MailToSend, 'subject' | 'kind' | 'heading' | 'paragraphs'>,
    options: DetailOptions = {},
  ): Promise<NotifyOutcome | null> {
    const event = await this.noticeEvent(m, stand.eventId);
    const [recipient] = (await this.recipients(m, [stand])).values();
    if (!event || !recipient) return null;
    return this.notify(m, recipient, {
      ...content(event),
      details: eventDetails(event, options),
      action: stand.exhibitorId ? { label: T.myStandsAction, url: this.links.myStands() } : { label: T.eventAction, url: this.links.event(event.id) },
    });
  }

  /**
   * A newer version of an event's facts arrived: its cancellation, or a new date or place, is told
   * once it has settled. The facts before the first change still settling are what its people knew.
   */
  async eventChanged(m: EntityManager, previous: NoticeEvent, current: NoticeEvent): Promise<void> {
    const change = changeToTell(previous, current);
    if (!change) return;
    await m.query(
      `INSERT INTO "event_changes_told" ("event_id", "start_date_time", "end_date_time", "location", "latitude", "longitude", "status")
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT ("event_id") DO NOTHING`,
      [current.id, previous.startDateTime, previous.endDateTime, previous.location, previous.latitude, previous.longitude, previous.status],
    );
    await settleNotice(m, 'event-change', current.id, this.config.MAIL_SETTLE_S, undefined, change === 'cancelled');
  }

  /**
   * A settled change of a market: everyone with a pending, approved or waitlisted stand there hears
   * the state now against what they were told last (one mail per address), or nothing when it was
   * undone. A move told less than MAIL_CHANGE_INTERVAL_H ago waits: answers when to try again.
   * A market that has begun by the time its change settles (`now`) and only ends earlier or later
   * tells nobody: its people are there (a change of its start or place, or its cancellation, is told).
   * Decided when it settles, not when it was made: a change made just before the start, or held back
   * by the interval, is told by what the market is by then.
   */
  async tellEventChange(m: EntityManager, eventId: string, now: Date): Promise<Date | null> {
    const current = await loadNoticeEvent(m, eventId);
    const [told] = (await m.query(
      `SELECT "start_date_time" AS "startDateTime", "end_date_time" AS "endDateTime", "location", "latitude", "longitude", "status", "told_at" AS "toldAt"
       FROM "event_changes_told" WHERE "event_id" = $1 FOR UPDATE`,
      [eventId],
    )) as ToldEvent[];
    if (!current || !told) return null;
    const { toldAt, ...toldFacts } = told;
    const before: NoticeEvent = { ...current, ...toldFacts };
    const change = changeToTell(before, current);
    if (!change) return null;
    if (change === 'moved' && onlyEndMoved(before, current) && current.startDateTime.getTime() <= now.getTime()) {
      // A market under way that ends earlier or later (the organiser's way to end it early): nobody is
      // asked to reconsider a date they are at. The new end counts as known; told_at stays, as nobody was told.
      await m.query(`UPDATE "event_changes_told" SET "end_date_time" = $2 WHERE "event_id" = $1`, [eventId, current.endDateTime]);
      return null;
    }
    const cancelled = change === 'cancelled';
    const interval = this.config.MAIL_CHANGE_INTERVAL_H * 3600_000;
    if (!cancelled && toldAt && now.getTime() - toldAt.getTime() < interval) return new Date(toldAt.getTime() + interval);
    await this.tellEveryone(m, before, current, cancelled);
    await m.query(
      `UPDATE "event_changes_told" SET "start_date_time" = $2, "end_date_time" = $3, "location" = $4, "latitude" = $5, "longitude" = $6,
       "status" = $7, "told_at" = $8 WHERE "event_id" = $1`,
      [eventId, current.startDateTime, current.endDateTime, current.location, current.latitude, current.longitude, current.status, now],
    );
    return null;
  }

  private async tellEveryone(m: EntityManager, previous: NoticeEvent, current: NoticeEvent, cancelled: boolean): Promise<void> {
    const stands = await m.getRepository(StandEntity).find({ where: { eventId: current.id, status: In(ACTIVE_STATUSES) }, order: { createdAt: 'ASC' } });
    const when = marketWhen(current.startDateTime, current.endDateTime);
    const content: Omit<MailToSend, 'to' | 'greeting' | 'footer' | 'action'> = cancelled
      ? {
          subject: T.cancelledSubject(current.name, when),
          kind: 'event-cancelled',
          heading: T.cancelledHeading,
          paragraphs: [T.cancelled(current.name)],
          details: eventDetails(current, { reason: current.cancelReason }),
        }
      : {
          subject: T.movedSubject(current.name),
          kind: 'event-moved',
          heading: T.movedHeading,
          paragraphs: [T.moved(current.name), T.movedCheck],
          details: [...eventDetails(current), [T.before, `${marketWhen(previous.startDateTime, previous.endDateTime)}, ${previous.location}`]],
        };
    for (const recipient of (await this.recipients(m, stands)).values()) {
      await this.notify(m, recipient, { ...content, action: { label: T.eventAction, url: this.links.event(current.id) } });
    }
  }

  /**
   * The event as the copy knows it; one the copy has not heard of yet (created a moment ago, the relay
   * behind) is asked of the events service once. Unreachable: no notice rather than a failed change.
   */
  private async noticeEvent(m: EntityManager, eventId: string): Promise<NoticeEvent | null> {
    const known = await loadNoticeEvent(m, eventId);
    if (known || !this.events) return known;
    const asked = await this.events.find(eventId).catch(() => null);
    return asked ? noticeEventOfKnown(asked) : null;
  }

  /**
   * A notification to one person, unless it is about a guest registration not confirmed yet or they
   * switched these off; it carries their opt-out link.
   */
  private async notify(m: EntityManager, recipient: StandRecipient, mail: Omit<MailToSend, 'to' | 'greeting' | 'footer'>): Promise<NotifyOutcome> {
    if (!recipient.confirmed) return 'unconfirmed';
    const links = await this.optOuts.linksUnlessOptedOut(m, { address: recipient.address, scope: 'stand-updates', eventId: null }, this.config.PUBLIC_URL);
    if (!links) return 'opted-out';
    await publishMail(m, {
      ...mail,
      to: recipient.address,
      greeting: T.hello(recipient.firstName),
      footer: T.standUpdatesFooter,
      aboutGuestStand: recipient.guestStand,
      ...links,
    });
    return 'sent';
  }

  /**
   * Who hears about these stands, one entry per address: a user's from the read model, a guest's
   * given address with whether that registration is confirmed. An address hears once if any of its
   * stands may tell it (a confirmed one's greeting is the one used).
   */
  private async recipients(m: EntityManager, stands: StandEntity[]): Promise<Map<string, StandRecipient>> {
    const userIds = stands.map((s) => s.exhibitorId).filter((id): id is string => id !== null);
    const [emails, names, confirmedGuests] = await Promise.all([
      this.users.emails(userIds),
      this.users.exhibitors(userIds),
      MailAddresses.confirmedGuestStands(m, stands),
    ]);
    const found = new Map<string, StandRecipient>();
    for (const stand of stands) {
      const address = stand.exhibitorId ? emails.get(stand.exhibitorId) : stand.guestEmail;
      if (!address || found.get(address)?.confirmed) continue;
      const firstName = stand.exhibitorId ? (names.get(stand.exhibitorId)?.firstName ?? null) : stand.guestFirstName;
      const confirmed = stand.exhibitorId !== null || confirmedGuests.has(stand.id);
      if (confirmed || !found.has(address)) found.set(address, { address, firstName, confirmed, guestStand: stand.exhibitorId === null });
    }
    return found;
  }
}

/** Date or place moved enough for a visitor's or seller's plans to change. */
export function moved(previous: NoticeEvent, current: NoticeEvent): boolean {
  return (
    previous.startDateTime.getTime() !== current.startDateTime.getTime() ||
    previous.endDateTime.getTime() !== current.endDateTime.getTime() ||
    previous.location.trim() !== current.location.trim() ||
    previous.latitude !== current.latitude ||
    previous.longitude !== current.longitude
  );
}

/** Only the end moved: start, place and status are what they were. */
function onlyEndMoved(previous: NoticeEvent, current: NoticeEvent): boolean {
  return previous.status === current.status && !moved({ ...previous, endDateTime: current.endDateTime }, current);
}

/** What a cancellation or a move tells, or null when there is nothing to tell (no longer cancelled, or not moved). */
function changeToTell(previous: NoticeEvent, current: NoticeEvent): 'cancelled' | 'moved' | null {
  if (current.status === 'cancelled') return previous.status === 'cancelled' ? null : 'cancelled';
  return moved(previous, current) ? 'moved' : null;
}

type DetailOptions = { deadline?: boolean; reason?: string | null };

/**
 * When and where the market is; with `deadline` also until when sellers may register (the mails that
 * confirm a registration, issue 30: a seller learns the deadline before being refused by it); a
 * `reason` (a rejection's, a cancellation's) comes first.
 */
export function eventDetails(event: NoticeEvent, options: DetailOptions = {}): [string, string][] {
  const details: [string, string][] = [
    ...(options.reason ? [[T.reason, options.reason] as [string, string]] : []),
    [T.when, marketWhen(event.startDateTime, event.endDateTime)],
    [T.where, event.location],
  ];
  if (options.deadline && event.registrationDeadline) details.push([T.deadline, formatShortDayTime(event.registrationDeadline)]);
  return details;
}
