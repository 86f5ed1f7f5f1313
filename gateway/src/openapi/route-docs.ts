import { ACCOUNT_CALL_DOCS } from './docs-account.js';
import { ADMIN_CALL_DOCS } from './docs-admin.js';
import { AUTH_CALL_DOCS } from './docs-auth.js';
import { COME_BACK_CALL_DOCS } from './docs-come-back.js';
import { EVENT_CALL_DOCS } from './docs-events.js';
import { FAVOURITE_CALL_DOCS } from './docs-favourites.js';
import { GATEWAY_CALL_DOCS } from './docs-gateway.js';
import { GUEST_CALL_DOCS } from './docs-guest.js';
import { HOLD_CALL_DOCS } from './docs-holds.js';
import { ITEM_CALL_DOCS } from './docs-items.js';
import { MAIL_CALL_DOCS } from './docs-mail.js';
import { MARKET_DAY_CALL_DOCS } from './docs-market-day.js';
import { MEDIA_CALL_DOCS } from './docs-media.js';
import { MY_EVENT_CALL_DOCS } from './docs-my-events.js';
import { PRINT_CALL_DOCS } from './docs-print.js';
import { STAND_CALL_DOCS } from './docs-stands.js';
import { VISITOR_DAY_CALL_DOCS } from './docs-visitor-day.js';
import type { CallDocEntry } from './route-doc.js';

/**
 * The prose of every declared call (route-doc.ts CallDoc), one file per area as in
 * libs/contracts/src/public-api/; a declared call without an entry here is a documentation gap.
 */
export const CALL_DOCS: readonly CallDocEntry[] = [
  ...EVENT_CALL_DOCS,
  ...STAND_CALL_DOCS,
  ...ITEM_CALL_DOCS,
  ...HOLD_CALL_DOCS,
  ...MARKET_DAY_CALL_DOCS,
  ...PRINT_CALL_DOCS,
  ...GUEST_CALL_DOCS,
  ...MAIL_CALL_DOCS,
  ...MEDIA_CALL_DOCS,
  ...AUTH_CALL_DOCS,
  ...ACCOUNT_CALL_DOCS,
  ...FAVOURITE_CALL_DOCS,
  ...COME_BACK_CALL_DOCS,
  ...MY_EVENT_CALL_DOCS,
  ...ADMIN_CALL_DOCS,
  ...VISITOR_DAY_CALL_DOCS,
  ...GATEWAY_CALL_DOCS,
];
