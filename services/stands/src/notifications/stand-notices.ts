import { Inject, Injectable } from '@nestjs/common';
import { In, type EntityManager } from 'typeorm';
import type { TStandStatus } from '@flohmarkt/contracts';
import { mailOptOutUrls, publishMail, type MailToSend } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { EventFactsReadModel, type EventFactsChange } from '../read-models/event-facts.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { waitlistPositions } from '../stands/capacity.js';
import { StandEntity } from '../stands/stand.entity.js';
import { marketWhen } from './notice-dates.js';
import { loadNoticeEvent, noticeEventOfKnown, type NoticeEvent } from './notice-event.js';
import { NoticeLinks } from './notice-links.js';
import { schemaTable } from './schema-table.js';
import { NOTICE_TEXTS as T } from './notice-texts.js';
import { MailOptOuts } from './opt-outs.js';

/** Stands whose people hear of their event's cancellation or move: those still in the running, the waitlist too. */
const ACTIVE_STATUSES: TStandStatus[] = ['pending', 'approved', 'waitlisted'];

interface Recipient {
  address: string;
  firstName: string | null;
}

/**
 * The mails about stands (docs/product.md#notifications). Each is decided inside the transaction of
 * the change it tells about and leaves through the outbox, so a mail goes if and only if the change
 * commits, and SMTP being down only delays it (the mailer retries). Notification mails honour the
 * opt-out of their address and carry its one-click link; the guest's confirmation (the only way
 * to their manage link) is not a notification and always goes.
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

  /** A new registration: the organiser's digest lists it; a guest with an address gets their manage link. */
  async registered(m: EntityManager, stand: StandEntity, guestManageToken: string | null): Promise<void> {
    await m.query(`INSERT INTO ${schemaTable(m, 'digest_entries')} ("stand_id", "event_id") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [stand.id, stand.eventId]);
    if (!stand.guestEmail || !guestManageToken) return;
    const event = await this.noticeEvent(m, stand.eventId);
    if (!event) return;
    // A full event: the confirmation says where on the waitlist the guest stands.
    const position = stand.status === 'waitlisted' ? ((await waitlistPositions(m, [stand.id])).get(stand.id) ?? null) : null;
    await publishMail(m, {
      to: stand.guestEmail,
      subject: T.guestRegisteredSubject(event.name),
      kind: 'guest-registered',
      heading: position ? T.waitlistedHeading(position) : T.guestRegisteredHeading,
      greeting: T.hello(stand.guestFirstName),
      paragraphs: position ? [T.waitlisted(event.name), T.waitlistedNext, T.guestManageHint] : [T.guestRegistered(event.name), T.guestManageHint],
      details: eventDetails(event),
      action: { label: T.guestManageAction, url: this.links.guestManage(guestManageToken) },
    });
  }

  /** The organiser approved or rejected the stand: its owner hears of it, with the reason. */
  async decided(m: EntityManager, stand: StandEntity): Promise<void> {
    if (stand.status !== 'approved' && stand.status !== 'rejected') return;
    const event = await this.noticeEvent(m, stand.eventId);
    const [recipient] = (await this.recipients(m, [stand])).values();
    if (!event || !recipient) return;
    const approved = stand.status === 'approved';
    const paragraphs = approved ? [T.approved(event.name)] : [T.rejected(event.name), T.rejectedAgain];
    const details = stand.rejectionReason && !approved ? [[T.reason, stand.rejectionReason] as [string, string], ...eventDetails(event)] : eventDetails(event);
    await this.notify(m, recipient, {
      subject: approved ? T.approvedSubject(event.name) : T.rejectedSubject(event.name),
      kind: approved ? 'stand-approved' : 'stand-rejected',
      heading: approved ? T.approvedHeading : T.rejectedHeading,
      paragraphs,
      details,
      action: stand.exhibitorId ? { label: T.myStandsAction, url: this.links.myStands() } : { label: T.eventAction, url: this.links.event(event.id) },
    });
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
    await this.aboutStand(m, stand, (event) => ({
      subject: T.waitlistedSubject(event.name, position),
      kind: 'stand-waitlisted',
      heading: T.waitlistedHeading(position),
      paragraphs: [T.waitlisted(event.name), T.waitlistedNext],
    }));
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

  /** A notification about one stand to its owner or guest, with the event's date and place and the fitting link. */
  private async aboutStand(
    m: EntityManager,
    stand: StandEntity,
    content: (event: NoticeEvent) => Pick<MailToSend, 'subject' | 'kind' | 'heading' | 'paragraphs'>,
  ): Promise<void> {
    const event = await this.noticeEvent(m, stand.eventId);
    const [recipient] = (await this.recipients(m, [stand])).values();
    if (!event || !recipient) return;
    await this.notify(m, recipient, {
      ...content(event),
      details: eventDetails(event),
      action: stand.exhibitorId ? { label: T.myStandsAction, url: this.links.myStands() } : { label: T.eventAction, url: this.links.event(event.id) },
    });
  }

  /**
   * A newer version of an event's facts arrived: its cancellation, or a new date or place, goes to
   * everyone with a pending or approved stand there (one mail per address).
   */
  async eventChanged(m: EntityManager, previous: NoticeEvent, current: NoticeEvent): Promise<void> {
    const cancelled = current.status === 'cancelled' && previous.status !== 'cancelled';
    if (!cancelled && (current.status === 'cancelled' || !moved(previous, current))) return;
    const stands = await m.getRepository(StandEntity).find({ where: { eventId: current.id, status: In(ACTIVE_STATUSES) }, order: { createdAt: 'ASC' } });
    const when = marketWhen(current.startDateTime, current.endDateTime);
    for (const recipient of (await this.recipients(m, stands)).values()) {
      if (cancelled) {
        await this.notify(m, recipient, {
          subject: T.cancelledSubject(current.name, when),
          kind: 'event-cancelled',
          heading: T.cancelledHeading,
          paragraphs: [T.cancelled(current.name)],
          details: [...(current.cancelReason ? [[T.reason, current.cancelReason] as [string, string]] : []), ...eventDetails(current)],
          action: { label: T.eventAction, url: this.links.event(current.id) },
        });
      } else {
        await this.notify(m, recipient, {
          subject: T.movedSubject(current.name),
          kind: 'event-moved',
          heading: T.movedHeading,
          paragraphs: [T.moved(current.name), T.movedCheck],
          details: [...eventDetails(current), [T.before, `${marketWhen(previous.startDateTime, previous.endDateTime)}, ${previous.location}`]],
          action: { label: T.eventAction, url: this.links.event(current.id) },
        });
      }
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

  /** A notification to one person, unless they switched these off; it carries their opt-out link. */
  private async notify(m: EntityManager, recipient: Recipient, mail: Omit<MailToSend, 'to' | 'greeting' | 'footer'>): Promise<void> {
    const { token, optedOut } = await this.optOuts.tokenFor(m, { address: recipient.address, scope: 'stand-updates', eventId: null });
    if (optedOut) return;
    const { unsubscribeUrl, unsubscribePageUrl } = mailOptOutUrls(this.config.PUBLIC_URL, token);
    await publishMail(m, {
      ...mail,
      to: recipient.address,
      greeting: T.hello(recipient.firstName),
      footer: T.standUpdatesFooter,
      unsubscribeUrl,
      unsubscribePageUrl,
    });
  }

  /** Who hears about these stands, one entry per address: a guest's given address, a user's from the read model. */
  private async recipients(m: EntityManager, stands: StandEntity[]): Promise<Map<string, Recipient>> {
    const userIds = stands.map((s) => s.exhibitorId).filter((id): id is string => id !== null);
    const [emails, names] = await Promise.all([this.users.emails(userIds), this.users.exhibitors(userIds)]);
    const found = new Map<string, Recipient>();
    for (const stand of stands) {
      const address = stand.exhibitorId ? emails.get(stand.exhibitorId) : stand.guestEmail;
      const firstName = stand.exhibitorId ? (names.get(stand.exhibitorId)?.firstName ?? null) : stand.guestFirstName;
      if (address && !found.has(address)) found.set(address, { address, firstName });
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

export function eventDetails(event: NoticeEvent): [string, string][] {
  return [
    [T.when, marketWhen(event.startDateTime, event.endDateTime)],
    [T.where, event.location],
  ];
}
