import { z } from 'zod';
import type { TMailKind } from './mail-kinds.js';

/**
 * What the opt-out link of a notification mail switches off: every notice about the reader's
 * stands (approved, rejected, event cancelled or moved), one event's digest of new
 * registrations to its organiser, every reminder mail of the evening before, or the mails of one
 * follow of an organiser or of one Flohmarkt-Alarm, or one organiser's invitations to their next
 * market ("Frühere Aussteller einladen"; issue 34), or every mail about holds of items (requests to the
 * reader's stands and answers to their own requests; issue 35).
 */
export const MAIL_OPT_OUT_SCOPES = ['stand-updates', 'event-digest', 'reminders', 'follow', 'alert', 'invitations', 'holds'] as const;
export type TMailOptOutScope = (typeof MAIL_OPT_OUT_SCOPES)[number];

/** Answer of GET and POST /api/mail/unsubscribe/{token}. */
export const ZMailOptOut = z.object({
  scope: z.enum(MAIL_OPT_OUT_SCOPES),
  /** The event of a digest opt-out; for a follow or invitations the organiser's name, for an alert its place; else null. */
  eventName: z.string().nullable(),
  unsubscribed: z.boolean(),
  /**
   * An alert's opt-out (scope 'alert', the alert still kept): its words (a wish alert, else null) and
   * radius, so the page names it as Einstellungen lists it; `eventName` is its place. Else null or left out.
   */
  alert: z.object({ query: z.string().nullable(), radiusKm: z.number().int() }).nullable().optional(),
});
export type TMailOptOut = z.infer<typeof ZMailOptOut>;

/**
 * The `kind` of the one mail that may go to an address nobody has confirmed yet: the request to
 * confirm it. The mailer lets at most one of these through per address and day.
 */
export const MAIL_CONFIRMATION_KIND = 'mail-confirmation' satisfies TMailKind;

/** Answer of GET /api/mail/confirm/{token}: the address is confirmed (again: still confirmed). */
export const ZMailConfirmation = z.object({ confirmed: z.literal(true) });
export type TMailConfirmation = z.infer<typeof ZMailConfirmation>;
