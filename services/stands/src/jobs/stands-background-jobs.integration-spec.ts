import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { type BackgroundWorker, JsonLogger, bullConnection, bullPrefix, startBackgroundWorker } from '@flohmarkt/server-kit';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { RegistrationDigests } from '../notifications/registration-digests.js';
import { SettledNotices } from '../notifications/settled-notices.js';
import { StandNotices } from '../notifications/stand-notices.js';
import { EventsClient } from '../peers/events-client.js';
import { Retention } from '../privacy/retention.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandStreets } from '../streets/stand-streets.js';
import { StreetLookups } from '../streets/street-lookups.js';
import { withFreshStandsDatabase } from '../testing/fresh-database.js';
import { atTheDom, eventsReadModel, insertStand, knownUsers, outboxMails, specConfig } from '../testing/fixtures.js';
import { STANDS_BACKGROUND_QUEUE } from './stands-background-jobs.js';

/*
 * The stands service's periodic jobs as the background runtime runs them: the schedules come from
 * the config, and two replicas working the queue send each due mail once. The peers are down.
 */

const SCHEDULES = { DIGEST_SWEEP_SECONDS: 1, STREET_LOOKUP_SECONDS: 2, RETENTION_CRON: '30 3 * * *' };
const CONFIG = specConfig({ ...SCHEDULES, DIGEST_WINDOW_MINUTES: 15, MAIL_SETTLE_S: 0, MAIL_CHANGE_INTERVAL_H: 6, RETENTION_DAYS: 30 });

const ORGANIZER = randomUUID();
const SELLER = randomUUID();
const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = bullPrefix(`stands-background-it-${randomBytes(4).toString('hex')}:`);

let ds: DataSource;
let replicas: BackgroundWorker[] = [];

/** One replica's jobs, built as the app module builds them (STANDS_BACKGROUND_JOBS). */
function replica(): BackgroundWorker {
  const users = new UserNamesReadModel(ds);
  const optOuts = new MailOptOuts(ds);
  const notices = new StandNotices(CONFIG, users, optOuts);
  const events = new EventsClient(CONFIG);
  const jobs = [
    new SettledNotices(ds, CONFIG, notices).job(),
    new RegistrationDigests(ds, CONFIG, users, optOuts).job(),
    new StreetLookups(ds, CONFIG, new StandStreets(ds), events).job(),
    new Retention(ds, CONFIG, new StandCommands(ds, notices)).job(),
  ];
  return startBackgroundWorker(STANDS_BACKGROUND_QUEUE, jobs, { connection, prefix, logger: new JsonLogger('stands', 'error') });
}

withFreshStandsDatabase(
  async (fresh) => {
    ds = fresh.ds;
    await knownUsers(new UserNamesReadModel(ds), [ORGANIZER, 'Olga', 'Orga', 'olga@example.de'], [SELLER, 'Sven', 'Seller', 'sven@example.de']);
  },
  async () => {
    for (const worker of replicas) await worker.close();
    const keys = await connection.keys(`${prefix}*`);
    if (keys.length) await connection.del(...keys);
    await connection.quit();
  },
);

const mailKinds = async () => (await outboxMails(ds)).map((mail) => mail.kind);

describe('the stands background jobs', () => {
  it('run on the configured schedules and send a due digest and decision once across two replicas', async () => {
    const eventId = randomUUID();
    await eventsReadModel(ds, CONFIG).apply(atTheDom({ eventId, organizerId: ORGANIZER }));
    const stand = await insertStand(ds, { eventId, categories: ['Kleidung'], description: null, exhibitorId: SELLER });
    const notices = new StandNotices(CONFIG, new UserNamesReadModel(ds), new MailOptOuts(ds));
    await ds.transaction(async (m) => {
      await notices.registered(m, stand, null);
      await notices.decided(m, stand);
    });
    expect(await mailKinds()).toEqual([]);

    replicas = [replica(), replica()];
    await Promise.all(replicas.map((r) => r.scheduled));
    const schedulers = await new Queue(STANDS_BACKGROUND_QUEUE, { connection, prefix }).getJobSchedulers();
    expect(Object.fromEntries(schedulers.map((s) => [s.key, s.every ?? `${s.pattern} ${s.tz}`]))).toEqual({
      SettledNotices: 1000,
      RegistrationDigests: 1000,
      StreetLookups: 2000,
      Retention: '30 3 * * * Europe/Berlin',
    });

    await expect.poll(() => mailKinds(), { timeout: 10_000 }).toHaveLength(2);
    // Several more ticks on both replicas: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const kinds = await mailKinds();
    expect(kinds).toHaveLength(2);
    expect(kinds).toContain('registration-digest');
  });
});
