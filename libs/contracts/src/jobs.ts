import { z } from 'zod';
import { ZEventStatus } from './event.js';
import { ZId } from './fields.js';
import { ZReconfirmation, ZTeamFacts } from './market-day.js';
import { MAIL_SUBJECT_MAX_LENGTH } from './text-fit.js';

/*
 * The catalogue of durable cross-context messages (BullMQ jobs). A service that changes its own
 * data writes the message into its outbox in the same transaction; a relay hands it to the queue of
 * the consuming service. Payloads of side effects carry ids only; read-model messages carry the
 * facts and a version per key (a consumer applies only a newer one). Every handler is idempotent.
 * Ids are UUIDs (ZId), checked when the message is published and again when its job is parsed.
 */

/** One queue per consuming service. */
export const QUEUES = {
  auth: 'auth-events',
  events: 'events-events',
  stands: 'stands-events',
  media: 'media-events',
  /** Outgoing e-mail, sent by the mailer worker (services/mailer) to SMTP_URL. */
  mail: 'mail-outgoing',
} as const;
export type TQueueOwner = keyof typeof QUEUES;

export const JOB_PAYLOADS = {
  /** An event is gone: its stands (and through them their photos and reviews) go too. */
  EventDeleted: z.object({ eventId: ZId }),
  /** A user is gone: their events, stands, reviews and profile go too. */
  UserDeleted: z.object({ userId: ZId }),
  /** A stand is gone: its photos go from the bucket. */
  StandDeleted: z.object({ standId: ZId }),
  /** An item is gone (removed by its editors; an item that goes with its stand is StandDeleted's): its photo goes from the bucket. */
  ItemDeleted: z.object({ itemId: ZId, standId: ZId }),
  /**
   * A stand edit (PUT /api/stands/:id) reordered or removed photos: the stands service asks media,
   * the owner of the list, to follow. `photos` is the order the editor wants (the photos media
   * knows and the editor did not see, an upload racing the edit, go after them); `removed` go for
   * good, whatever the version. `editVersion` grows per stand in commit order (the stands service's
   * photo_lists row, raised under its lock): media applies an order only when newer than the last.
   */
  StandPhotosEdited: z.object({ standId: ZId, photos: z.array(z.string()), removed: z.array(z.string()), editVersion: z.number().int().positive() }),
  /** Someone created an event: they become an organizer (never lowered again). */
  OrganizerAppointed: z.object({ userId: ZId }),
  /**
   * Read model of events: an event's approved stands after a change. `version` grows with every
   * change at the event (the stands service's per-event counter): apply only a newer one.
   */
  EventStandCountChanged: z.object({
    eventId: ZId,
    approvedStands: z.number().int().nonnegative(),
    /** Approved plus pending stands: the places a cap (maxStands) counts. */
    takenPlaces: z.number().int().nonnegative(),
    /** The rest of the organiser's counters ("Meine Flohmärkte"). */
    pendingStands: z.number().int().nonnegative(),
    waitlistedStands: z.number().int().nonnegative(),
    rejectedStands: z.number().int().nonnegative(),
    version: z.number().int().positive(),
  }),
  /**
   * Read model of stands: what its rules and reads need of an event, after its creation and every
   * edit. `version` grows per event in commit order (the events service's event_facts_version
   * sequence, drawn under the row's lock): apply only a newer one. EventDeleted is the tombstone:
   * ids are never reused, so a deletion outranks every version.
   */
  EventFactsChanged: z.object({
    eventId: ZId,
    organizerId: ZId,
    latitude: z.string().nullable(),
    longitude: z.string().nullable(),
    startDateTime: z.string(),
    endDateTime: z.string(),
    allowStandRegistration: z.boolean(),
    // What the stands service's mails and registration rule need too (issue 17).
    name: z.string(),
    location: z.string(),
    status: ZEventStatus,
    cancelReason: z.string().nullable(),
    /** ISO date-time, or null: open until the event ends. */
    registrationDeadline: z.string().nullable(),
    notifyOnRegistration: z.boolean(),
    /** The cap on stands (issue 18); null: none. */
    maxStands: z.number().int().positive().nullable(),
    /** Series and copy (issue 34): where "Frühere Aussteller einladen" finds the previous market. */
    seriesId: ZId.nullable(),
    copiedFromId: ZId.nullable(),
    /** Issue 36: who runs the market with the organiser, and its reconfirmation settings. */
    team: ZTeamFacts,
    reconfirmation: ZReconfirmation,
    version: z.number().int().positive(),
  }),
  /**
   * Read model of stands: a user's display names and e-mail address (where the stands service
   * sends their stand notices) after every change of them (auth's user_profile_version sequence,
   * drawn under the row's lock). UserDeleted is the tombstone. A message without an address (null)
   * leaves the stored one as it is.
   */
  UserProfileChanged: z.object({
    userId: ZId,
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    /** false: the user's seller profile is private (their stands do not lead to it). */
    profilePublic: z.boolean(),
    version: z.number().int().positive(),
  }),
  /**
   * Read model of auth: an exhibitor's figures after every change that can move them (approved
   * stands, and the average rating of the reviews on them, two decimals, 0 without reviews).
   * `version` grows per exhibitor in commit order (the stands service's per-exhibitor counter):
   * apply only a newer one. A deleted user needs no tombstone: auth deletes the user itself.
   */
  ExhibitorStatsChanged: z.object({
    userId: ZId,
    totalStands: z.number().int().nonnegative(),
    avgRating: z.number().min(0).max(5),
    version: z.number().int().positive(),
  }),
  /**
   * Read model of stands: a photo's state after every change of it (media's photo_state_version
   * sequence, drawn under the row's lock, so versions follow commit order per photo): apply only a
   * newer one. 'removed' is the tombstone (photo ids are never reused); `reason` is the German
   * sentence of a failed photo.
   */
  PhotoStateChanged: z.object({
    standId: ZId,
    photoId: ZId,
    path: z.string(),
    state: z.enum(['processing', 'ready', 'failed', 'removed']),
    reason: z.string().nullable(),
    version: z.number().int().positive(),
  }),
  /**
   * Read model of stands: a stand's photo list as media holds it, after every change of it (an
   * upload, a removal, a photo that failed for good, an edit's new order): the listed paths in
   * order and why the last upload was dropped (`photoError`, German, null once a new upload came).
   * `version` grows per stand in commit order (media's stand_photo_lists row, raised under its
   * lock, which also makes the 3-photo limit race-free): apply only a newer one.
   */
  StandPhotosChanged: z.object({ standId: ZId, photos: z.array(z.string()), photoError: z.string().nullable(), version: z.number().int().positive() }),
  /**
   * Read model of events (the address search's street index, docs/adr/0014-address-search-street-index.md):
   * the street a stand's public position stands in, or null once it shows none. A stand counts only
   * while it is approved, shown at its exact position (not approximate) and the stands service knows
   * the street at that position; any other state, a move, the switch to approximate, the coarsened
   * position of retention and the deletion announce null. `version` grows per stand in commit order
   * (the stands service's street_announcements row, raised under its lock): apply only a newer one.
   * `town`/`postcode` as the geocoder named them, null when unknown (events takes the town at the point).
   */
  StandStreetChanged: z.object({
    standId: ZId,
    eventId: ZId,
    address: z
      .object({
        street: z.string().min(1),
        postcode: z.string().nullable(),
        town: z.string().nullable(),
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
      })
      .nullable(),
    version: z.number().int().positive(),
  }),
  /**
   * Read model of stands (issue 34): whether a user wants the reminder mail the evening before an
   * event ("Am Vorabend erinnern" on a kept event). `remind` false also when the event left their
   * Merkliste. `version` grows per user and event in commit order (auth's favourites row, raised under
   * its lock): apply only a newer one. UserDeleted and EventDeleted end every wish of theirs.
   */
  ReminderWishChanged: z.object({ userId: ZId, eventId: ZId, remind: z.boolean(), version: z.number().int().positive() }),
  /**
   * One e-mail, rendered by the service that decided to send it (German, plain text and HTML) and
   * written into its outbox in the same transaction as the change it tells about. `mailId` names
   * the mail for good: it becomes the Message-ID, and the mailer sends a mail id once.
   * `unsubscribeUrl` (notification mails) becomes List-Unsubscribe with one-click POST (RFC 8058).
   */
  MailRequested: z.object({
    mailId: ZId,
    to: z.string().email(),
    subject: z.string().min(1).max(MAIL_SUBJECT_MAX_LENGTH),
    text: z.string().min(1),
    html: z.string().min(1),
    /** What the mail is about, for logs and metrics only (never an address): e.g. 'stand-approved'. */
    kind: z.string().min(1).max(60),
    unsubscribeUrl: z.string().url().nullable(),
    /**
     * To an address given in a registration made signed out (a guest's): anyone who knows the address could
     * have typed it, so the mailer counts the mail as someone else's doing, whatever its kind, within a cap of its own.
     */
    aboutGuestStand: z.boolean().default(false),
  }),
} as const;
export type TJobName = keyof typeof JOB_PAYLOADS;
export type TJobPayload<N extends TJobName> = z.infer<(typeof JOB_PAYLOADS)[N]>;

/** Which consumers receive which job. */
export const JOB_ROUTES = {
  // auth: the event leaves every favourites list (issue 19).
  EventDeleted: ['stands', 'auth'],
  UserDeleted: ['events', 'stands'],
  // auth: the stand leaves every favourites list (issue 19).
  StandDeleted: ['media', 'auth'],
  ItemDeleted: ['media'],
  StandPhotosEdited: ['media'],
  OrganizerAppointed: ['auth'],
  EventStandCountChanged: ['events'],
  EventFactsChanged: ['stands'],
  UserProfileChanged: ['stands', 'events'],
  ExhibitorStatsChanged: ['auth'],
  PhotoStateChanged: ['stands'],
  StandPhotosChanged: ['stands'],
  StandStreetChanged: ['events'],
  ReminderWishChanged: ['stands'],
  MailRequested: ['mail'],
} as const satisfies Record<TJobName, readonly TQueueOwner[]>;

/** The jobs a service's queue receives. */
export function jobsFor(owner: TQueueOwner): TJobName[] {
  return (Object.keys(JOB_ROUTES) as TJobName[]).filter((name) => (JOB_ROUTES[name] as readonly TQueueOwner[]).includes(owner));
}

/** Attempts and backoff of cross-context jobs: a consumer that is down catches up later. */
export const JOB_RETRY = { attempts: 12, backoffMs: 1000 } as const;
