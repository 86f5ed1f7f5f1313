import { ACCOUNT_CALL_DOCS, ACCOUNT_DOCS } from './docs-account.js';
import { ADMIN_CALL_DOCS, ADMIN_DOCS } from './docs-admin.js';
import { AUTH_CALL_DOCS, AUTH_DOCS } from './docs-auth.js';
import { EVENT_CALL_DOCS, EVENT_DOCS } from './docs-events.js';
import { FAVOURITE_CALL_DOCS, FAVOURITE_DOCS } from './docs-favourites.js';
import { GATEWAY_CALL_DOCS, GATEWAY_DOCS } from './docs-gateway.js';
import { GUEST_CALL_DOCS, GUEST_DOCS } from './docs-guest.js';
import { MAIL_CALL_DOCS, MAIL_DOCS } from './docs-mail.js';
import { MEDIA_CALL_DOCS, MEDIA_DOCS } from './docs-media.js';
import { MY_EVENT_CALL_DOCS, MY_EVENT_DOCS } from './docs-my-events.js';
import { PRINT_CALL_DOCS, PRINT_DOCS } from './docs-print.js';
import { STAND_CALL_DOCS, STAND_DOCS } from './docs-stands.js';
import { VISITOR_DAY_CALL_DOCS, VISITOR_DAY_DOCS } from './docs-visitor-day.js';
import type { CallDocEntry, RouteDocTable } from './route-doc.js';

/** Every documentation entry, one file per service; a key names `METHOD /path` exactly as the route table does. */
export const ROUTE_DOCS: RouteDocTable = {
  ...EVENT_DOCS,
  ...STAND_DOCS,
  ...PRINT_DOCS,
  ...GUEST_DOCS,
  ...MAIL_DOCS,
  ...MEDIA_DOCS,
  ...AUTH_DOCS,
  ...ACCOUNT_DOCS,
  ...FAVOURITE_DOCS,
  ...MY_EVENT_DOCS,
  ...ADMIN_DOCS,
  ...VISITOR_DAY_DOCS,
  ...GATEWAY_DOCS,
};

/**
 * The prose of every declared call (route-doc.ts CallDoc). Each docs file adds its entries here as
 * its calls move into libs/contracts/src/public-api/ (issue 32); ROUTE_DOCS keeps the rest until then.
 */
export const CALL_DOCS: readonly CallDocEntry[] = [
  ...EVENT_CALL_DOCS,
  ...STAND_CALL_DOCS,
  ...PRINT_CALL_DOCS,
  ...GUEST_CALL_DOCS,
  ...MAIL_CALL_DOCS,
  ...MEDIA_CALL_DOCS,
  ...AUTH_CALL_DOCS,
  ...ACCOUNT_CALL_DOCS,
  ...FAVOURITE_CALL_DOCS,
  ...MY_EVENT_CALL_DOCS,
  ...ADMIN_CALL_DOCS,
  ...VISITOR_DAY_CALL_DOCS,
  ...GATEWAY_CALL_DOCS,
];
