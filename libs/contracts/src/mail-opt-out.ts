import { z } from 'zod';

/**
 * What the opt-out link of a notification mail switches off: every notice about the reader's
 * stands (approved, rejected, event cancelled or moved), or one event's digest of new
 * registrations to its organiser.
 */
export const MAIL_OPT_OUT_SCOPES = ['stand-updates', 'event-digest'] as const;
export type TMailOptOutScope = (typeof MAIL_OPT_OUT_SCOPES)[number];

/** Answer of GET and POST /api/mail/unsubscribe/{token}. */
export const ZMailOptOut = z.object({
  scope: z.enum(MAIL_OPT_OUT_SCOPES),
  /** The event of a digest opt-out; null for stand notices. */
  eventName: z.string().nullable(),
  unsubscribed: z.boolean(),
});
export type TMailOptOut = z.infer<typeof ZMailOptOut>;
