import { ACCOUNT_CALLS } from './account.js';
import { ADMIN_CALLS } from './admin.js';
import { AUTH_CALLS } from './auth.js';
import { COME_BACK_CALLS } from './come-back.js';
import { EVENTS_CALLS } from './events.js';
import { FAVOURITES_CALLS } from './favourites.js';
import { GATEWAY_CALLS } from './gateway.js';
import { GUEST_CALLS } from './guest.js';
import { HOLDS_CALLS } from './holds.js';
import { ITEMS_CALLS } from './items.js';
import { MAIL_CALLS } from './mail.js';
import { MARKET_DAY_CALLS } from './market-day.js';
import { MEDIA_CALLS } from './media.js';
import { MY_EVENTS_CALLS } from './my-events.js';
import { PRINT_CALLS } from './print.js';
import { STANDS_CALLS } from './stands.js';
import { VISITOR_DAY_CALLS } from './visitor-day.js';
import type { PublicCall } from './public-call.js';

export * from './public-call.js';
export * from './components.js';
export * from './account.js';
export * from './admin.js';
export * from './auth.js';
export * from './come-back.js';
export * from './events.js';
export * from './favourites.js';
export * from './gateway.js';
export * from './guest.js';
export * from './holds.js';
export * from './items.js';
export * from './mail.js';
export * from './market-day.js';
export * from './media.js';
export * from './my-events.js';
export * from './print.js';
export * from './stands.js';
export * from './visitor-day.js';

/**
 * Every public call of the product, one declaration each (public-call.ts). The gateway routes
 * exactly these (anything else under /api is a 404) and documents exactly these.
 */
export const PUBLIC_CALLS: readonly PublicCall[] = [
  ...EVENTS_CALLS,
  ...STANDS_CALLS,
  ...ITEMS_CALLS,
  ...HOLDS_CALLS,
  ...MARKET_DAY_CALLS,
  ...PRINT_CALLS,
  ...GUEST_CALLS,
  ...MAIL_CALLS,
  ...MEDIA_CALLS,
  ...AUTH_CALLS,
  ...ACCOUNT_CALLS,
  ...FAVOURITES_CALLS,
  ...COME_BACK_CALLS,
  ...MY_EVENTS_CALLS,
  ...ADMIN_CALLS,
  ...VISITOR_DAY_CALLS,
  ...GATEWAY_CALLS,
];
