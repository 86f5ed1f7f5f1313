import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ACTIVE_STAND_STATUSES,
  API_ERRORS,
  SERIES_MESSAGES,
  formatLongDate,
  isId,
  registrationClosedReason,
  type TInvitedPrevious,
} from '@flohmarkt/contracts';
import { fail, managesEvent, publishMail, type CallerContext } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { MailAddresses } from '../notifications/mail-addresses.js';
import { noticeEventOfKnown, type NoticeEvent } from '../notifications/notice-event.js';
import { NoticeLinks } from '../notifications/notice-links.js';
import { NOTICE_TEXTS } from '../notifications/notice-texts.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { eventDetails } from '../notifications/stand-notices.js';
import type { KnownEvent } from '../read-models/event-facts.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandEntity } from '../stands/stand.entity.js';
import { INVITATION_TEXTS as T, organiserName } from './invitation-texts.js';
import { loadMarket, previousMarket } from './previous-market.js';

/** A seller of the previous market: a user (key: their id) or a guest (key: their address in lower case), with their newest approved stand there. */
interface Seller {
  key: string;
  standId: string;
  userId: string | null;
  guestEmail: string | null;
  guestFirstName: string | null;
}

/**
 * "Frühere Aussteller einladen" (issue 34): the organiser (or an admin) mails the approved sellers of
 * the previous market a link to register at this one, filled in from their stand of last time.
 *
 * Each seller is invited once per market: the row in `previous_invitations` is claimed in the
 * transaction that puts the mail into the outbox, so a repeat, two requests at once or a retry mail
 * nobody twice. Mailed are only addresses the service mails today (an account's address, a guest's
 * confirmed one), never the organiser, nobody who already holds a place at this market, and nobody who
 * opted out of this organiser's invitations. The mails go through the outbox like every other, so the
 * mailer's per-address budget and the one-click opt-out apply.
 *
 * Rows go with a deleted user (forgetUser), a deleted market (forgetEvent) and with retention. They
 * are not part of a user's export: an invitation is the organiser's action, not data the user gave.
 */
@Injectable()
export class PreviousInvitations {
  private readonly links: NoticeLinks;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly users: UserNamesReadModel,
    private readonly optOuts: MailOptOuts,
  ) {
    this.links = new NoticeLinks(config.PUBLIC_URL);
  }

  /** 404 (unknown market) → 403 (neither its organiser nor an admin) → 400 (no previous market, registration closed) → how many were invited now. */
  async invite(caller: Pick<CallerContext, 'id' | 'role'>, eventId: string, now = new Date()): Promise<TInvitedPrevious> {
    return this.dataSource.transaction(async (m) => {
      const market = isId(eventId) ? await loadMarket(m, eventId.toLowerCase()) : null;
      const target = market && noticeEventOfKnown(market.event);
      if (!market || !target) throw fail.notFound(API_ERRORS.eventNotFound);
      if (!managesEvent(caller, market.event)) throw fail.forbidden(API_ERRORS.forbidden);
      const previous = await previousMarket(m, market);
      if (!previous) throw fail.invalid(SERIES_MESSAGES.noPreviousMarket);
      if (registrationClosedReason(market.event, now) !== null) throw fail.invalid(SERIES_MESSAGES.invitationsClosed);
      // One request per market at a time: the second finds the first one's rows and mails nobody again.
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('stands-invite-previous:' || $1))`, [target.id]);
      return { invited: await this.inviteSellers(m, target, previous) };
    });
  }

  private async inviteSellers(m: EntityManager, target: NoticeEvent, previous: KnownEvent): Promise<number> {
    const sellers = await sellersOf(m, previous.id);
    const userIds = [target.organizerId, ...sellers.flatMap((s) => (s.userId ? [s.userId] : []))];
    const [emails, people] = await Promise.all([this.users.emails(userIds), this.users.exhibitors(userIds)]);
    const organiser = organiserName(people.get(target.organizerId));
    const organiserAddress = emails.get(target.organizerId)?.toLowerCase() ?? null;
    const placed = await placedAt(m, target.id);
    const mailed = new Set<string>();
    let invited = 0;
    for (const seller of sellers) {
      const to = seller.userId ? (emails.get(seller.userId) ?? null) : seller.guestEmail;
      if (!to || seller.userId === target.organizerId) continue;
      const address = to.toLowerCase();
      // The organiser under a guest's name, a second stand of one person, someone already registered here: not invited.
      if (address === organiserAddress || mailed.has(address) || placed.has(seller.key) || placed.has(address)) continue;
      // A guest only at an address that may be mailed (issue 29: confirmed by its owner, or an account's).
      if (!seller.userId && !(await MailAddresses.guestStandConfirmed(m, { id: seller.standId, exhibitorId: null, guestEmail: to }))) continue;
      const links = await this.optOuts.linksUnlessOptedOut(m, { address: to, scope: 'invitations', eventId: target.organizerId }, this.config.PUBLIC_URL);
      if (!links) continue;
      const claimed = (await m.query(
        `INSERT INTO "previous_invitations" ("event_id", "seller_key", "stand_id") VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING 1`,
        [target.id, seller.key, seller.standId],
      )) as unknown[];
      if (!claimed.length) continue;
      mailed.add(address);
      const firstName = seller.userId ? (people.get(seller.userId)?.firstName ?? null) : seller.guestFirstName;
      await publishMail(m, {
        to,
        subject: T.subject(target.name, formatLongDate(target.startDateTime)),
        kind: 'invitation-previous-sellers',
        heading: T.heading,
        greeting: NOTICE_TEXTS.hello(firstName),
        paragraphs: [T.invites(organiser, target.name), T.lastTime(previous.name, formatLongDate(previous.startDateTime))],
        details: eventDetails(target, { deadline: true }),
        action: { label: T.action, url: this.links.registerStandFrom(target.id, seller.standId) },
        footer: T.footer(organiser),
        aboutGuestStand: !seller.userId,
        ...links,
      });
      invited++;
    }
    return invited;
  }

  /** UserDeleted: the invitations of that user as a seller. Idempotent. */
  async forgetUser(userId: string): Promise<void> {
    if (isId(userId)) await this.dataSource.query(`DELETE FROM "previous_invitations" WHERE "seller_key" = $1`, [userId.toLowerCase()]);
  }

  /** EventDeleted: the market's invitations. Idempotent. */
  async forgetEvent(eventId: string): Promise<void> {
    if (isId(eventId)) await this.dataSource.query(`DELETE FROM "previous_invitations" WHERE "event_id" = $1`, [eventId]);
  }
}

/** The approved stands of a market, one per seller (their newest), in a fixed order. */
async function sellersOf(m: EntityManager, eventId: string): Promise<Seller[]> {
  const stands = await m.getRepository(StandEntity).find({ where: { eventId, status: 'approved' }, order: { createdAt: 'DESC', id: 'ASC' } });
  const byKey = new Map<string, Seller>();
  for (const stand of stands) {
    const key = stand.exhibitorId ?? stand.guestEmail?.toLowerCase();
    if (!key || byKey.has(key)) continue;
    byKey.set(key, { key, standId: stand.id, userId: stand.exhibitorId, guestEmail: stand.guestEmail, guestFirstName: stand.guestFirstName });
  }
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** Who already holds a place at the market: user ids, guests' addresses and the account addresses of its users (lower case). */
async function placedAt(m: EntityManager, eventId: string): Promise<Set<string>> {
  const rows = (await m.query(
    `SELECT s."exhibitor_id" AS "userId", lower(s."guest_email") AS "guestEmail", lower(u."email") AS "userEmail" FROM "stands" s
     LEFT JOIN "user_names" u ON u."user_id" = s."exhibitor_id" AND NOT u."deleted"
     WHERE s."event_id" = $1 AND s."status" = ANY($2::text[])`,
    [eventId, [...ACTIVE_STAND_STATUSES]],
  )) as { userId: string | null; guestEmail: string | null; userEmail: string | null }[];
  return new Set(rows.flatMap((r) => [r.userId, r.guestEmail, r.userEmail].filter((v): v is string => v !== null)));
}
