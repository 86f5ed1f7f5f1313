import { ACCOUNT_DOCS } from './docs-account.js';
import { ADMIN_DOCS } from './docs-admin.js';
import { AUTH_DOCS } from './docs-auth.js';
import { EVENT_DOCS } from './docs-events.js';
import { FAVOURITE_DOCS } from './docs-favourites.js';
import { GATEWAY_DOCS } from './docs-gateway.js';
import { GUEST_DOCS } from './docs-guest.js';
import { MAIL_DOCS } from './docs-mail.js';
import { MEDIA_DOCS } from './docs-media.js';
import { MY_EVENT_DOCS } from './docs-my-events.js';
import { PRINT_DOCS } from './docs-print.js';
import { STAND_DOCS } from './docs-stands.js';
import { VISITOR_DAY_DOCS } from './docs-visitor-day.js';
import type { RouteDocTable } from './route-doc.js';

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
