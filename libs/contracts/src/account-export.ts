import { berlinDay } from './berlin-time.js';
import { ZHold } from './holds.js';
import { ZTeamMembership } from './market-day.js';
import { ZItem } from './items.js';
import { z } from 'zod';
import { ZAlert, ZFollows } from './come-back.js';
import { ZStandAddress } from './stand-address.js';
import { ZEvent } from './event.js';
import { ZExhibitorProfile } from './exhibitor-profile.js';
import { ZFavourites } from './favourites.js';
import { ZId, ZIsoDateTime, ZNumericString } from './fields.js';
import { ZLocationPrecision, ZNameDisplay, ZStandStatus } from './stand.js';
import { ZUser } from './user.js';

/*
 * A user's own data (GDPR: the right to see and to erase it). GET /api/me/export gathers it fresh
 * from each owner (auth: account and profile; events: the events they organise; stands: their
 * stands and the reviews they wrote); DELETE /api/me erases the account with the admin delete's cascades.
 */

/** One of the user's stands as they registered it, with its state and the links of its photos. */
const ZExportedStand = z.object({
  id: ZId,
  eventId: ZId,
  /** As the stands service last heard it from events; null when it has not heard a name yet. */
  eventName: z.string().nullable(),
  standNumber: z.string().nullable(),
  description: z.string().nullable(),
  categories: z.array(z.string()),
  foodCategories: z.array(z.string()),
  activityCategories: z.array(z.string()),
  latitude: ZNumericString.nullable(),
  longitude: ZNumericString.nullable(),
  status: ZStandStatus,
  rejectionReason: z.string().nullable(),
  acceptsPayPal: z.boolean(),
  /** The stand's privacy choices as the user made them (docs/product.md#privacy). */
  locationPrecision: ZLocationPrecision,
  nameDisplay: ZNameDisplay,
  /** The stand's address as the user gave it (issue 33); null when none. */
  address: ZStandAddress.nullable(),
  /** Gateway paths of the photos (`/api/media/stands/{standId}/{photoId}.jpg`). */
  photos: z.array(z.string()),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TExportedStand = z.infer<typeof ZExportedStand>;

/** A review the user wrote. */
const ZExportedReview = z.object({
  id: ZId,
  standId: ZId,
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TExportedReview = z.infer<typeof ZExportedReview>;

/** The internal answer of events: the events the user organises (every phase). */
/** `teamMemberships` (issue 36): the markets whose team the user is on. */
export const ZUserEventsExport = z.object({ events: z.array(ZEvent), teamMemberships: z.array(ZTeamMembership) });
export type TUserEventsExport = z.infer<typeof ZUserEventsExport>;

/** The internal answer of stands: the user's stands (every status), the reviews they wrote, their follows and alerts (issue 34) and their stands' items (issue 35). */
export const ZUserStandsExport = z.object({
  stands: z.array(ZExportedStand),
  reviews: z.array(ZExportedReview),
  follows: ZFollows,
  alerts: z.array(ZAlert),
  /** The items listed on the user's stands (issue 35). */
  items: z.array(ZItem),
  /** The holds the user asked for as a visitor (issue 35); wish alerts are alerts with a `query`. */
  holds: z.array(ZHold),
});
export type TUserStandsExport = z.infer<typeof ZUserStandsExport>;

/** GET /api/me/export: one JSON document, downloaded as a file. */
export const ZAccountExport = z.object({
  exportedAt: ZIsoDateTime,
  account: ZUser,
  exhibitorProfile: ZExhibitorProfile.nullable(),
  events: z.array(ZEvent),
  /** The markets whose team the user is on, with the role (issue 36). */
  teamMemberships: z.array(ZTeamMembership),
  stands: z.array(ZExportedStand),
  reviews: z.array(ZExportedReview),
  /** The Merkliste (issue 19), with the reminders switched on (issue 34). */
  favourites: ZFavourites,
  /** The organisers followed and the Flohmarkt-Alarme (issue 34). */
  follows: ZFollows,
  alerts: z.array(ZAlert),
  /** The items on the user's stands (issue 35). */
  items: z.array(ZItem),
  /** The holds the user asked for (issue 35). */
  holds: z.array(ZHold),
});
export type TAccountExport = z.infer<typeof ZAccountExport>;

/** Own German sentences of the account self-service ("du" like API_ERRORS). */
export const ACCOUNT_MESSAGES = {
  confirmMismatch: 'Bitte gib zur Bestätigung genau die E-Mail-Adresse deines Kontos ein.',
  upcomingEvents: 'Du organisierst noch Märkte, die nicht vorbei sind. Bitte sage sie zuerst ab, dann kannst du dein Konto löschen.',
} as const;

/**
 * DELETE /api/me: the account's e-mail typed again as the confirmation. Compared ignoring case and
 * surrounding spaces (e-mails are stored in lower case).
 */
export const ZAccountDelete = z.object({
  confirm: z.string({ error: ACCOUNT_MESSAGES.confirmMismatch }).max(320, ACCOUNT_MESSAGES.confirmMismatch),
});

/** Whether what was typed is the account's e-mail (the same rule in the form and in the service). */
export function confirmsAccountEmail(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

/** The file name of the download (`meine-daten-flohmarkt-2026-05-01.json`), dated by Berlin's calendar as the user reads it. */
export function accountExportFileName(now: Date): string {
  return `meine-daten-flohmarkt-${berlinDay(now)}.json`;
}
