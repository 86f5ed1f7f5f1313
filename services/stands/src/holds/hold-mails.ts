import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { addressLine, directionsUrl, formatShortDayTime, shortPersonName, standTitle, toLatLng, type TStand, type TStandAddress } from '@flohmarkt/contracts';
import { type MailToSend, publishMail } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { accountRecipient, sellerRecipient, type MailRecipient } from '../notifications/mail-recipients.js';
import type { NoticeEvent } from '../notifications/notice-event.js';
import { NOTICE_TEXTS, asName } from '../notifications/notice-texts.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { eventDetails } from '../notifications/stand-notices.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import type { StandEntity } from '../stands/stand.entity.js';
import { HOLD_TEXTS as T } from './hold-texts.js';

/** What every hold mail names: the hold, its item's title and the market. */
export interface HoldMailFacts {
  holdId: string;
  title: string;
  endsAt: Date;
  event: NoticeEvent;
  /** The item is given away ('zu verschenken'): the request mail says nothing about paying. */
  free?: boolean;
}

/**
 * The stand as the holder may see it (privacy/stand-privacy.ts, through the stand presenter): where to
 * pick the item up. `address` has no house number while an approximate stand's is hidden (before the
 * market day): a mail is read later, but it never says more than the holder may see when it is sent.
 */
export interface HoldStand {
  /** 'Stand #12', else its label as the holder sees it (contracts `standTitle`). */
  title: string;
  address: TStandAddress | null;
  /** The stand's page: its place on the map, and the whole address from the market day. */
  url: string;
  /**
   * The route to the stand on OpenStreetMap, only where the holder may see its exact place: none while
   * an approximate stand's position is the cell's centre (before the market day, like its house number).
   */
  routeUrl: string | null;
}

/**
 * The holds' mails (issue 35), each written into the outbox in the transaction of the change it
 * tells about. The seller hears of a request at their account address (a guest: only at a confirmed
 * one; of one visitor's requests for one item at most once a day, holds.ts), with links to the
 * hold's page carrying the mail's token: the page decides on a tap, never on the GET of the link.
 * The holder hears the seller's answer, with the pickup code once accepted.
 * Each mail carries the one-click opt-out of the stand notices ('stand-updates'). The recipients are
 * looked up before the change's transaction (read models, no lock needed), so a transaction waiting
 * for a lock never waits for a second connection too.
 */
@Injectable()
export class HoldMails {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly users: UserNamesReadModel,
    private readonly optOuts: MailOptOuts,
  ) {}

  /** The seller's link to the hold's page; `decision` preselects the tapped answer there (nothing changes by opening it). */
  pageUrl(holdId: string, token: string, decision?: 'accept' | 'decline'): string {
    const url = `${this.base}/holds/${holdId}?token=${encodeURIComponent(token)}`;
    return decision ? `${url}&decision=${decision}` : url;
  }

  /**
   * A new request, to the stand's seller; `holderName` is the visitor's display name, never their
   * address. Answers whether a mail went into the outbox (none without an address or after an opt-out):
   * Holds.request marks the hold so, and mails that visitor's next request for the item only a day later.
   */
  async requested(m: EntityManager, facts: HoldMailFacts, seller: MailRecipient | null, holderName: string, token: string): Promise<boolean> {
    if (!seller) return false;
    return this.send(m, seller, {
      subject: T.requestedSubject(facts.title),
      kind: 'hold-requested',
      heading: T.requestedHeading,
      paragraphs: [
        T.requested(holderName, facts.title, facts.event.name),
        T.requestedUntil(formatShortDayTime(facts.endsAt), facts.free === true),
        T.requestedChoose,
      ],
      details: eventDetails(facts.event),
      // Two buttons to tap on a phone (the text part writes their links out), then the page itself.
      actions: [
        { label: T.acceptAction, url: this.pageUrl(facts.holdId, token, 'accept') },
        { label: T.declineAction, url: this.pageUrl(facts.holdId, token, 'decline') },
      ],
      action: { label: T.requestedAction, url: this.pageUrl(facts.holdId, token) },
      footer: T.sellerFooter,
    });
  }

  /**
   * The seller's answer, to the holder: the pickup code and until when, that it was declined, that
   * the seller (or an admin) ended it (the holder counts on it until told), or that the item was sold (sold-holds.ts).
   */
  async decided(m: EntityManager, facts: HoldMailFacts, holder: MailRecipient | null, outcome: HolderOutcome, stand: HoldStand): Promise<void> {
    if (!holder) return;
    const page = { label: T.holdAction, url: `${this.base}/holds/${facts.holdId}` };
    const mail = holderMail(facts, outcome, stand);
    await this.send(m, holder, { ...mail, action: page, footer: T.holderFooter });
  }

  /** The stand of a holder's mail from its read as the holder may see it (StandPresenter with the holder as reader). */
  holdStand(read: Pick<TStand, 'id' | 'standNumber' | 'label' | 'address' | 'latitude' | 'longitude' | 'locationApproximate'>): HoldStand {
    const point = read.locationApproximate ? null : toLatLng(read.latitude, read.longitude);
    return { title: standTitle(read), address: read.address ?? null, url: `${this.base}/stands/${read.id}`, routeUrl: point ? directionsUrl(point) : null };
  }

  /**
   * The display name the seller sees: first name and the last name's initial, or "Ein Besucher". Only
   * as far as they read as names (notice-texts.ts asName): the request mail says it in the platform's words.
   */
  async holderName(holderId: string): Promise<string> {
    return (await this.holderNames([holderId])).get(holderId)!;
  }

  /** The same for several holders at once (one read), by id. */
  async holderNames(holderIds: string[]): Promise<Map<string, string>> {
    const people = await this.users.exhibitors(holderIds);
    const shown = (id: string) => {
      const person = people.get(id);
      const firstName = asName(person?.firstName);
      return firstName ? shortPersonName({ firstName, lastName: asName(person?.lastName) }) : null;
    };
    return new Map(holderIds.map((id) => [id, shown(id) ?? T.someVisitor]));
  }

  /** The holder's account address, null when the read model has none. */
  async holder(holderId: string): Promise<MailRecipient | null> {
    return accountRecipient(this.users, holderId);
  }

  /** A signed-in seller's account address; a guest's given address only once confirmed (issue 29). */
  async seller(stand: StandEntity): Promise<MailRecipient | null> {
    return sellerRecipient(this.dataSource.manager, this.users, stand);
  }

  /** Writes the mail into the outbox unless its address opted out of hold mails; answers whether it did. */
  private async send(m: EntityManager, to: MailRecipient, mail: Omit<MailToSend, 'to' | 'greeting'>): Promise<boolean> {
    const links = await this.optOuts.linksUnlessOptedOut(m, { address: to.address, scope: 'holds', eventId: null }, this.config.PUBLIC_URL);
    if (!links) return false;
    await publishMail(m, { ...mail, to: to.address, greeting: NOTICE_TEXTS.hello(to.firstName), aboutGuestStand: to.guestStand, ...links });
    return true;
  }

  private get base(): string {
    return this.config.PUBLIC_URL.replace(/\/+$/, '');
  }
}

/** What the holder is told: accepted (with the code), declined, ended by the seller, or ended because the item was sold ('accepted': it had been kept). */
type HolderOutcome = { accepted: true; pickupCode: string } | { accepted: false } | { ended: true } | { sold: true; accepted: boolean };

/** The holder's mail of an outcome, without its greeting, link and footer (HoldMails.decided adds them). */
function holderMail(facts: HoldMailFacts, outcome: HolderOutcome, stand: HoldStand): Omit<MailToSend, 'to' | 'greeting' | 'action' | 'footer'> {
  const details = holderDetails(facts.event, stand);
  if ('sold' in outcome) {
    return {
      subject: T.soldSubject(facts.title),
      kind: 'hold-sold',
      heading: T.soldHeading,
      paragraphs: [T.sold(facts.title, facts.event.name, outcome.accepted)],
      details,
    };
  }
  if ('ended' in outcome) {
    return {
      subject: T.endedSubject(facts.title),
      kind: 'hold-ended',
      heading: T.endedHeading,
      paragraphs: [T.ended(facts.title, facts.event.name)],
      details,
    };
  }
  if (!outcome.accepted) {
    return {
      subject: T.declinedSubject(facts.title),
      kind: 'hold-declined',
      heading: T.declinedHeading,
      paragraphs: [T.declined(facts.title, facts.event.name)],
      details,
    };
  }
  return {
    subject: T.acceptedSubject(facts.title),
    kind: 'hold-accepted',
    heading: T.acceptedHeading,
    paragraphs: [
      T.accepted(facts.title, facts.event.name),
      pickupSentence(stand),
      T.acceptedCode(outcome.pickupCode),
      T.acceptedUntil(formatShortDayTime(facts.endsAt)),
    ],
    details: [[T.code, outcome.pickupCode], ...details],
    // The way there, where the holder may see the exact place (HoldStand.routeUrl).
    actions: stand.routeUrl ? [{ label: T.routeAction, url: stand.routeUrl }] : undefined,
  };
}

/** The street and town of an address whose house number is hidden: 'Hohe Straße, 50667 Köln'. */
const streetAndTown = (address: TStandAddress) => `${address.street}, ${address.postcode} ${address.town}`;

/** Where to pick it up: at the stand's address, its street until the day shows the house number, or somewhere on the market. */
function pickupSentence(stand: HoldStand): string {
  if (!stand.address) return T.pickupAtMarket(stand.title, stand.url);
  if (stand.address.houseNumber === null) return T.pickupAtStreet(stand.title, streetAndTown(stand.address), stand.url);
  return T.pickupAt(stand.title, addressLine(stand.address));
}

/**
 * The facts of a holder's mail: the stand and its address first (the place the item waits at, on a
 * Hofflohmarkt not the market's meeting point), then when and where the market is.
 */
function holderDetails(event: NoticeEvent, stand: HoldStand): [string, string][] {
  const address: [string, string][] = stand.address
    ? [[T.address, stand.address.houseNumber === null ? T.addressLater(streetAndTown(stand.address)) : addressLine(stand.address)]]
    : [];
  const market = eventDetails(event).map(([label, value]): [string, string] => [label === NOTICE_TEXTS.where ? T.marketPlace : label, value]);
  return [[T.stand, stand.title], ...address, ...market];
}
