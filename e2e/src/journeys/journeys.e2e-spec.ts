import { afterAll, beforeAll } from 'vitest';
import { launchSharedBrowser } from '../support/chromium.js';
import { Mailbox } from '../support/mailbox.js';
import { WEB_DIST, startTestStack } from '../support/stack.js';
import { ADMIN, adminJourney } from './admin-journey.js';
import { guestJourney } from './guest-journey.js';
import { world } from './journey-kit.js';
import { organiserJourney } from './organiser-journey.js';
import { sellerJourney } from './seller-journey.js';
import { visitorJourney } from './visitor-journey.js';

/*
 * Issue 30, item 3: the five people's journeys in Chromium at 390 px (touch, device scale 2, German),
 * through the real stack, each asserting what the person sees. One stack and one browser for all five
 * (each person a context of their own), so the file stays within about three minutes on two cores.
 * The journeys are independent: each sets up what other people did before it through the API.
 */

beforeAll(async () => {
  // One after the other: Chromium's start would only slow the services' start on two cores.
  world.stack = await startTestStack({
    webDist: WEB_DIST,
    adminEmails: ADMIN.email,
    gatewayEnv: { GUEST_REGISTRATION_LIMIT: '1000' },
    env: { MAIL_RETRY_MAX_MS: '1000' },
  });
  world.mailbox = new Mailbox(world.stack.mailDir);
  world.browser = await launchSharedBrowser({ germanUi: true });
}, 180_000);

afterAll(async () => {
  await world.browser?.close();
  await world.stack?.stop();
});

organiserJourney();
guestJourney();
sellerJourney();
visitorJourney();
adminJourney();
