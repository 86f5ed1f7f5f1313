import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { formatDate, formatLongDate, formatShortDayTime } from '@flohmarkt/contracts';
import { mailOptOutUrls, publishMail, type MailToSend } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { MailAddresses } from '../notifications/mail-addresses.js';
import type { NoticeEvent } from '../notifications/notice-event.js';
import { NoticeLinks } from '../notifications/notice-links.js';
import { NOTICE_TEXTS } from '../notifications/notice-texts.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { eventDetails } from '../notifications/stand-notices.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { RECONFIRMATION_TEXTS as T } from './reconfirmation-texts.js';

/** Who a reconfirmation mail goes to, and the opt-out token its one-click link carries. */
export interface ConfirmationRecipient {
  address: string;
  firstName: string | null;
  optOutToken: string;
}

/** What the question and the reminder name: the market, the answer's deadline and the link's token. */
export interface QuestionFacts {
  event: NoticeEvent;
  deadline: Date;
  token: string;
}

/**
 * The reconfirmation's mails (issue 36), each written into the outbox in the transaction of the
 * change it tells about. They go where the stand notices go: a seller's account address, a guest's
 * given address only once confirmed (issue 29), never to an address that switched the stand notices
 * off ('stand-updates'), and each carries that switch's one-click link. A seller who cannot be
 * mailed is not asked at all (and so never released for not answering).
 */
@Injectable()
export class ReconfirmationMails {
  private readonly links: NoticeLinks;
  private readonly base: string;

  constructor(
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly users: UserNamesReadModel,
    private readonly optOuts: MailOptOuts,
  ) {
    this.links = new NoticeLinks(config.PUBLIC_URL);
    this.base = config.PUBLIC_URL.replace(/\/+$/, '');
  }

  /** The web page of a link (web: /dabei/{token}): opening it changes nothing, the page posts the tapped answer. */
  answerUrl(token: string, answer: 'ja' | 'nein'): string {
    return `${this.base}/dabei/${encodeURIComponent(token)}?antwort=${answer}`;
  }

  /** The stand's seller as a recipient in `m`, or null: no address known, a guest's not confirmed, or stand notices switched off. */
  async recipient(m: EntityManager, stand: StandEntity): Promise<ConfirmationRecipient | null> {
    let to: { address: string; firstName: string | null } | null = null;
    if (stand.exhibitorId) {
      const [emails, names] = await Promise.all([this.users.emails([stand.exhibitorId]), this.users.exhibitors([stand.exhibitorId])]);
      const address = emails.get(stand.exhibitorId);
      to = address ? { address, firstName: names.get(stand.exhibitorId)?.firstName ?? null } : null;
    } else if (stand.guestEmail && (await MailAddresses.mayMail(m, stand.guestEmail))) {
      to = { address: stand.guestEmail, firstName: stand.guestFirstName };
    }
    if (!to) return null;
    const { token, optedOut } = await this.optOuts.tokenFor(m, { address: to.address, scope: 'stand-updates', eventId: null });
    return optedOut ? null : { ...to, optOutToken: token };
  }

  /** "Bist du dabei?": the two links, the deadline and what "nein" or silence means. */
  async ask(m: EntityManager, to: ConfirmationRecipient, facts: QuestionFacts): Promise<void> {
    const { event } = facts;
    await this.question(m, to, facts, {
      subject: T.askSubject(event.name, formatDate(event.startDateTime)),
      kind: 'reconfirmation-asked',
      heading: T.askHeading,
      first: T.ask(event.name, formatLongDate(event.startDateTime)),
    });
  }

  /** The organiser's one reminder to a seller who has not answered: a new pair of links (the first mail's still work). */
  async remind(m: EntityManager, to: ConfirmationRecipient, facts: QuestionFacts): Promise<void> {
    const { event } = facts;
    await this.question(m, to, facts, {
      subject: T.remindSubject(event.name, formatDate(event.startDateTime)),
      kind: 'reconfirmation-reminded',
      heading: T.remindHeading,
      first: T.remind(event.name, formatLongDate(event.startDateTime)),
    });
  }

  /** The place is given up: after "nein", or because no answer came by the deadline. */
  async released(m: EntityManager, stand: StandEntity, event: NoticeEvent, why: 'no' | 'deadline', deadline: Date): Promise<void> {
    const to = await this.recipient(m, stand);
    if (!to) return;
    await this.send(m, to, {
      subject: T.releasedSubject(event.name),
      kind: 'reconfirmation-released',
      heading: T.releasedHeading,
      paragraphs: [why === 'no' ? T.releasedNo(event.name) : T.releasedDeadline(event.name, formatShortDayTime(deadline)), T.releasedAfter],
      details: eventDetails(event),
      action: stand.exhibitorId
        ? { label: NOTICE_TEXTS.myStandsAction, url: this.links.myStands() }
        : { label: NOTICE_TEXTS.eventAction, url: this.links.event(event.id) },
    });
  }

  private async question(
    m: EntityManager,
    to: ConfirmationRecipient,
    facts: QuestionFacts,
    words: { subject: string; kind: string; heading: string; first: string },
  ): Promise<void> {
    const deadline = formatShortDayTime(facts.deadline);
    const yes = this.answerUrl(facts.token, 'ja');
    await this.send(m, to, {
      subject: words.subject,
      kind: words.kind,
      heading: words.heading,
      paragraphs: [words.first, T.whatNoMeans(deadline), T.answerBy(deadline)],
      list: [T.yesLine(yes), T.noLine(this.answerUrl(facts.token, 'nein'))],
      details: [...eventDetails(facts.event), [T.answerDeadline, deadline]],
      action: { label: T.yesAction, url: yes },
    });
  }

  private async send(m: EntityManager, to: ConfirmationRecipient, mail: Omit<MailToSend, 'to' | 'greeting' | 'footer'>): Promise<void> {
    await publishMail(m, {
      ...mail,
      to: to.address,
      greeting: NOTICE_TEXTS.hello(to.firstName),
      footer: NOTICE_TEXTS.standUpdatesFooter,
      ...mailOptOutUrls(this.config.PUBLIC_URL, to.optOutToken),
    });
  }
}
