import { z } from 'zod';
import { ZId, ZIsoDateTime } from './fields.js';
import { ZStand } from './stand.js';

/*
 * A guest's own view of their registration, through the private manage link
 * (`<PUBLIC_URL>/anmeldung/<token>`): no account, the token is the only key.
 */

/** The path of the web page behind a manage link; the API answers the same token under /api/guest-stands. */
export const GUEST_MANAGE_PATH = '/anmeldung';

/**
 * A manage token as the server hands it out: 16 random bytes (128 bits) in base64url, 22 characters.
 * Anything else cannot be a token and is answered like an unknown one.
 */
export const ZGuestManageToken = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

/**
 * The request header a guest's own writes outside the manage link's path carry the token in (their stand's
 * items, issue 35). The gateway passes it to the service only in the token's shape.
 */
export const MANAGE_TOKEN_HEADER = 'X-Manage-Token';

/** POST /api/events/{id}/guest-stands answers the stand and, once only, the private manage link. */
export const ZGuestStandCreated = ZStand.extend({
  manageUrl: z.string(),
});
export type TGuestStandCreated = z.infer<typeof ZGuestStandCreated>;

/** What the manage page shows of the event (from the stands service's copy of the event's facts). */
const ZGuestStandEvent = z.object({
  id: ZId,
  name: z.string().nullable(),
  location: z.string().nullable(),
  startDateTime: ZIsoDateTime,
  endDateTime: ZIsoDateTime,
  /** 'planned' or 'cancelled'; null while the copy does not know yet. */
  status: z.string().nullable(),
});

/**
 * GET /api/guest-stands/{token}: the submitted fields, the status ('Wartend', 'Genehmigt',
 * 'Abgelehnt' with the organiser's reason), the e-mail given, and the event. `event` is null only
 * when the stands service has not heard of the event yet.
 */
export const ZGuestStandView = ZStand.extend({
  guestEmail: z.string().nullable(),
  eventName: z.string().nullable(),
  event: ZGuestStandEvent.nullable(),
});
export type TGuestStandView = z.infer<typeof ZGuestStandView>;
