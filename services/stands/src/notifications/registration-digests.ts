import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { STAND_STATUS_LABELS, type TStandStatus } from '@flohmarkt/contracts';
import { type BackgroundJob, publishMail } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { eachInOwnTransaction, sweepJob } from '../jobs/sweep.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandEntity } from '../stands/stand.entity.js';
import { loadNoticeEvent } from './notice-event.js';
import { NoticeLinks } from './notice-links.js';
import { NOTICE_TEXTS as T, asName } from './notice-texts.js';
import { MailOptOuts } from './opt-outs.js';
import { eventDetails } from './stand-notices.js';

/** Registrations the organiser still needs to look at, the waitlist too (a withdrawn or rejected one is left out). */
const LISTED_STATUSES: TStandStatus[] = ['pending', 'approved', 'waitlisted'];

/**
 * The organiser's digest of new registrations: at most one mail per event per DIGEST_WINDOW_MINUTES,
 * listing every registration since the last one. Registrations wait in digest_entries (written in
 * the registration's transaction); a periodic job every DIGEST_SWEEP_SECONDS
 * (jobs/stands-background-jobs.ts) sends what is due. State lives in the database, so a restart
 * loses nothing, and an advisory lock per event lets runs overlap without sending a digest twice.
 */
@Injectable()
export class RegistrationDigests {
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
    return sweepJob('RegistrationDigests', this.config.DIGEST_SWEEP_SECONDS, (now, signal) => this.sendDue(now, signal));
  }

  /** Sends every digest that is due, until stopped (`signal`); answers how many mails left. */
  async sendDue(now = new Date(), signal?: AbortSignal): Promise<number> {
    const events = (await this.dataSource.query(`SELECT DISTINCT "event_id" FROM "digest_entries"`)) as {
      event_id: string;
    }[];
    return eachInOwnTransaction(this.dataSource, events, signal, (m, { event_id }) => this.sendFor(m, event_id, now));
  }

  private async sendFor(m: EntityManager, eventId: string, now: Date): Promise<boolean> {
    const [{ locked }] = (await m.query(`SELECT pg_try_advisory_xact_lock(hashtext('stands-digest:' || $1)) AS "locked"`, [eventId])) as { locked: boolean }[];
    if (!locked) return false;
    const [last] = (await m.query(`SELECT "sent_at" FROM "digests_sent" WHERE "event_id" = $1`, [eventId])) as { sent_at: Date }[];
    if (last && now.getTime() - new Date(last.sent_at).getTime() < this.config.DIGEST_WINDOW_MINUTES * 60_000) return false;
    // TypeORM answers a DELETE ... RETURNING run through query() as [rows, count].
    const [taken] = (await m.query(`DELETE FROM "digest_entries" WHERE "event_id" = $1 RETURNING "stand_id"`, [eventId])) as [{ stand_id: string }[], number];
    const stands = await m
      .getRepository(StandEntity)
      .find({ where: { id: In(taken.map((t) => t.stand_id)), status: In(LISTED_STATUSES) }, order: { createdAt: 'ASC' } });
    const event = await loadNoticeEvent(m, eventId);
    // Nothing left to tell, or nobody who wants it: the entries are done with all the same.
    if (!stands.length || !event || event.status === 'cancelled' || !event.notifyOnRegistration) return false;
    const address = (await this.users.emails([event.organizerId])).get(event.organizerId);
    if (!address) return false;
    const links = await this.optOuts.linksUnlessOptedOut(m, { address, scope: 'event-digest', eventId }, this.config.PUBLIC_URL);
    if (!links) return false;
    const organiser = (await this.users.exhibitors([event.organizerId])).get(event.organizerId);
    await publishMail(m, {
      to: address,
      subject: T.digestSubject(stands.length, event.name),
      kind: 'registration-digest',
      heading: T.digestHeading(stands.length),
      greeting: T.hello(organiser?.firstName ?? null),
      paragraphs: [T.digest(event.name)],
      list: await this.lines(stands),
      details: eventDetails(event),
      action: { label: T.digestAction, url: this.links.review(eventId) },
      footer: T.digestFooter(this.config.DIGEST_WINDOW_MINUTES),
      ...links,
    });
    await m.query(`INSERT INTO "digests_sent" ("event_id", "sent_at") VALUES ($1, $2) ON CONFLICT ("event_id") DO UPDATE SET "sent_at" = excluded."sent_at"`, [
      eventId,
      now,
    ]);
    return true;
  }

  /**
   * One line per registration: who, what they sell, and where it stands. Names only as far as they read as
   * names (asName): anyone can register signed out, and a sentence with a link typed as the name would
   * otherwise reach the organiser's inbox in the platform's words.
   */
  private async lines(stands: StandEntity[]): Promise<string[]> {
    const names = await this.users.exhibitors(stands.map((s) => s.exhibitorId).filter((id): id is string => id !== null));
    const named = (first: string | null | undefined, last: string | null | undefined) => [asName(first), asName(last)].filter(Boolean).join(' ');
    return stands.map((stand) => {
      const person = stand.exhibitorId ? names.get(stand.exhibitorId) : null;
      const who = stand.exhibitorId
        ? named(person?.firstName, person?.lastName) || '–'
        : `${named(stand.guestFirstName, stand.guestLastName) || '–'} (${T.guestName})`;
      const what = stand.categories.length ? ` – ${stand.categories.join(', ')}` : '';
      return `${who}${what} – ${STAND_STATUS_LABELS[stand.status]}`;
    });
  }
}
