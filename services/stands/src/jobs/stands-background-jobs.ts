import type { Provider } from '@nestjs/common';
import { BACKGROUND_JOBS, type BackgroundJob } from '@flohmarkt/server-kit';
import { ComeBackMails } from '../come-back/come-back-mails.js';
import { Holds } from '../holds/holds.js';
import { RegistrationDigests } from '../notifications/registration-digests.js';
import { SettledNotices } from '../notifications/settled-notices.js';
import { Retention } from '../privacy/retention.js';
import { Reconfirmations } from '../reconfirmation/reconfirmations.js';
import { EventReminders } from '../reminders/event-reminders.js';
import { StreetLookups } from '../streets/street-lookups.js';

/** The stands service's background queue (its periodic jobs). */
export const STANDS_BACKGROUND_QUEUE = 'stands-background';

/**
 * The stands service's periodic jobs, as the background module runs them: each declares its own
 * schedule (`job()` beside its work), and each tick runs once across all replicas.
 */
export const STANDS_BACKGROUND_JOBS: Provider = {
  provide: BACKGROUND_JOBS,
  useFactory: (
    settled: SettledNotices,
    digests: RegistrationDigests,
    lookups: StreetLookups,
    retention: Retention,
    reminders: EventReminders,
    comeBack: ComeBackMails,
    holds: Holds,
    reconfirmations: Reconfirmations,
  ): BackgroundJob[] => [settled.job(), digests.job(), lookups.job(), retention.job(), reminders.job(), comeBack.job(), holds.job(), reconfirmations.job()],
  inject: [SettledNotices, RegistrationDigests, StreetLookups, Retention, EventReminders, ComeBackMails, Holds, Reconfirmations],
};
