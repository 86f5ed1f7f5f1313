import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { JOB_PAYLOADS, RECONFIRMATION_OFF, type TEvent, type TJobPayload } from '@flohmarkt/contracts';
import { OutboxMessageEntity, type DomainError } from '@flohmarkt/server-kit';
import type { TStandsEnv } from '../config.js';
import { EventsClient } from '../peers/events-client.js';
import { PrivacyClock } from '../privacy/privacy-clock.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import type { UserNamesReadModel } from '../read-models/user-names.js';
import type { NewStand } from '../stands/stand-commands.js';
import { StandEntity } from '../stands/stand.entity.js';

/*
 * The rows and settings the stands service's specs set up again and again, each in one place: a spec
 * names only what it looks at and takes the rest from here.
 */

type Facts = TJobPayload<'EventFactsChanged'>;
export type Mail = TJobPayload<'MailRequested'>;

/**
 * The service's settings for classes a spec builds by hand: events and auth down (nothing listens on
 * port 9, so whatever answers came from the read models), links to flohmarkt.example.org, and `values`.
 */
export function specConfig(values: Partial<Record<keyof TStandsEnv, unknown>> = {}): TStandsEnv {
  const peersDown = {
    EVENTS_SERVICE_URL: ['http://127.0.0.1:9'],
    AUTH_SERVICE_URL: ['http://127.0.0.1:9'],
    INTERNAL_TOKEN: 'stands-spec-token-0123456789abcdef',
  };
  return { ...peersDown, PEER_TIMEOUT_MS: 500, PUBLIC_URL: 'https://flohmarkt.example.org', LOG_LEVEL: 'error', ...values } as unknown as TStandsEnv;
}

/** The events read model with the events service down: every answer is its own copy's. */
export const eventsReadModel = (ds: DataSource, config = specConfig()) => new EventFactsReadModel(ds, new EventsClient(config));

/** "An event the stands service knows" (EventFactsChanged): planned in Köln on 7 June 2031, registration open, on its own. */
export function eventFacts(values: Partial<Facts> = {}): Facts {
  const where = { name: 'Hofflohmarkt Südstadt', location: 'Köln', latitude: '50.94780000', longitude: '6.91900000' };
  const when = { startDateTime: '2031-06-07T06:00:00.000Z', endDateTime: '2031-06-07T14:00:00.000Z' };
  const open = { status: 'planned', cancelReason: null, allowStandRegistration: true, registrationDeadline: null, notifyOnRegistration: true } as const;
  const alone = { maxStands: null, seriesId: null, copiedFromId: null, team: [], reconfirmation: RECONFIRMATION_OFF };
  return { eventId: randomUUID(), organizerId: randomUUID(), ...where, ...when, ...open, ...alone, version: 1, ...values };
}

/** The same market as the events service answers a stub of EventsClient (TEvent, with the team and reconfirmation it reads). */
export function eventAnswerOf(facts: Facts): TEvent & Pick<Facts, 'team' | 'reconfirmation'> {
  const { eventId, version: _version, ...same } = facts;
  const none = { description: null, rules: null, contactEmail: null, contactPhone: null, websiteUrl: null, websiteLinkText: null };
  return { id: eventId, ...same, ...none, phase: 'upcoming', createdAt: '2031-01-01T00:00:00.000Z', updatedAt: '2031-01-01T00:00:00.000Z' };
}

const DOM = { name: 'Trödelmarkt am Dom', location: 'Roncalliplatz, Köln', latitude: '50.94130000', longitude: '6.95830000' };
/** The market at the Dom the mail specs write about: its name, place and day show in the mails. */
export const atTheDom = (values: Partial<Facts> = {}) =>
  eventFacts({ ...DOM, startDateTime: '2031-05-10T08:00:00.000Z', endDateTime: '2031-05-10T14:00:00.000Z', ...values });

const SUELZ = { name: 'Hofflohmarkt Sülz', latitude: '50.92', longitude: '6.95' };
/** The market in Sülz on Saturday 13 June 2026, 10:00–17:00 Berlin time, around whose day the privacy and live specs fix their clock. */
export const suelzMarket2026 = (values: Partial<Facts> = {}) =>
  eventFacts({ ...SUELZ, startDateTime: '2026-06-13T08:00:00.000Z', endDateTime: '2026-06-13T15:00:00.000Z', ...values });

/** A user as the auth service announces them: id, first and last name, address, and whether the profile is public. */
export type Person = [userId: string, firstName: string, lastName: string | null, email: string, profilePublic?: boolean];

/** Users the read model has heard of (UserProfileChanged, first version), so names and addresses come from it. */
export async function knownUsers(users: UserNamesReadModel, ...people: Person[]): Promise<void> {
  for (const [userId, firstName, lastName, email, profilePublic = true] of people)
    await users.apply({ userId, firstName, lastName, email, profilePublic, version: 1 });
}

/**
 * "A stand of a seller", written straight to its table (no command, nothing announced): approved
 * books unless told, read back as stored.
 */
export async function insertStand(ds: DataSource, values: Partial<StandEntity> & Pick<StandEntity, 'eventId'>): Promise<StandEntity> {
  const repo = ds.getRepository(StandEntity);
  const { identifiers } = await repo.insert({ status: 'approved', categories: ['Bücher'], description: 'Bücher', ...values });
  return repo.findOneByOrFail({ id: identifiers[0]!.id as string });
}

const NOTHING_MORE = { standNumber: null, foodCategories: [], activityCategories: [], latitude: null, longitude: null, acceptsPayPal: false };
/** A registration as the form sends it (NewStand): books, no number, position or PayPal; a guest's unless it names the exhibitor. */
export const newStand = (values: Partial<NewStand> & Pick<NewStand, 'eventId'>): NewStand => ({
  exhibitorId: null,
  description: 'Bücher',
  categories: ['Bücher'],
  ...NOTHING_MORE,
  guestFirstName: null,
  guestLastName: null,
  ...values,
});

/** The mails in the outbox, oldest first, each parsed as the mailer parses it. */
export async function outboxMails(ds: DataSource): Promise<Mail[]> {
  const rows = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'MailRequested' }, order: { createdAt: 'ASC' } });
  return rows.map((r) => JOB_PAYLOADS.MailRequested.parse(r.payload));
}

/** The error a call was refused with; a call that goes through fails the spec. */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('not refused');
}

/** The clock the privacy and market-day rules compare with (PrivacyClock), standing where the spec sets it. */
export class FixedClock extends PrivacyClock {
  constructor(public at = new Date()) {
    super();
  }

  override now(): Date {
    return this.at;
  }
}
