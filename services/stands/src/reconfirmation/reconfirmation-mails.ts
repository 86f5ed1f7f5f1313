import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { formatDate, formatLongDate, formatShortDayTime, type TMailKind } from '@flohmarkt/contracts';
import { publishMail, type MailToSend } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { sellerRecipient, type MailRecipient } from '../notifications/mail-recipients.js';
import type { NoticeEvent } from '../notifications/notice-event.js';
import { NoticeLinks } from '../notifications/notice-links.js';
import { NOTICE_TEXTS } from '../notifications/notice-texts.js';
import { MailOptOuts, type MailOptOutLinks } from '../notifications/opt-outs.js';
import { eventDetails } from '../notifications/stand-notices.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { RECONFIRMATION_TEXTS as T } from './reconfirmation-texts.js';

/** Who a reconfirmation mail goes to, and the one-click opt-out links it carries. */
export interface ConfirmationRecipient extends MailRecipient {
  optOut: MailOptOutLinks;
}

/** What the question and the reminder name: the market, the answer's deadline and the link's token. */
export interface QuestionFacts {
  event: NoticeEvent;
  deadline: Date;
  token: string;
}

/** What sets the question apart from its reminder: the words around the market's name and date. */
interface QuestionWords {
  subject: (event: string, date: string) => string;
  kind: TMailKind;
  heading: string;
  first: (event: string, day: string) => string;
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
    const to = await sellerRecipient(m, this.users, stand);
    if (!to) return null;
    const optOut = await this.optOuts.linksUnlessOptedOut(m, { address: to.address, scope: 'stand-updates', eventId: null }, this.config.PUBLIC_URL);
    return optOut ? { ...to, optOut } : null;
  }

  /** "Bist du dabei?": the two links, the deadline and what "nein" or silence means. */
  async ask(m: EntityManager, to: ConfirmationRecipient, facts: QuestionFacts): Promise<void> {
    await this.question(m, to, facts, { subject: T.askSubject, kind: 'reconfirmation-asked', heading: T.askHeading, first: T.ask });
  }

  /** The organiser's one reminder to a seller who has not answered: a new pair of links (the first mail's still work). */
  async remind(m: EntityManager, to: ConfirmationRecipient, facts: QuestionFacts): Promise<void> {
    await this.question(m, to, facts, { subject: T.remindSubject, kind: 'reconfirmation-reminded', heading: T.remindHeading, first: T.remind });
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

  /** The question and its reminder alike: the market by name and date in the subject, by name and day in full in the first paragraph. */
  private async question(m: EntityManager, to: ConfirmationRecipient, facts: QuestionFacts, words: QuestionWords): Promise<void> {
    const { event } = facts;
    const deadline = formatShortDayTime(facts.deadline);
    const yes = this.answerUrl(facts.token, 'ja');
    await this.send(m, to, {
      subject: words.subject(event.name, formatDate(event.startDateTime)),
      kind: words.kind,
      heading: words.heading,
      paragraphs: [words.first(event.name, formatLongDate(event.startDateTime)), T.whatNoMeans(deadline), T.answerBy(deadline)],
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
      aboutGuestStand: to.guestStand,
      ...to.optOut,
    });
  }
}
