import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataSource } from 'typeorm';
import { JOB_PAYLOADS } from '@flohmarkt/contracts';
import { type BackgroundWorker, JsonLogger, OutboxMessageEntity, bullConnection, bullPrefix, startBackgroundWorker } from '@flohmarkt/server-kit';
import type { TStandsEnv } from '../config.js';
import { MailOptOuts } from '../notifications/opt-outs.js';
import { RegistrationDigests } from '../notifications/registration-digests.js';
import { SettledNotices } from '../notifications/settled-notices.js';
import { StandNotices } from '../notifications/stand-notices.js';
import { EventsClient } from '../peers/events-client.js';
import { Retention } from '../privacy/retention.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandEntity } from '../stands/stand.entity.js';
import { StandStreets } from '../streets/stand-streets.js';
import { StreetLookups } from '../streets/street-lookups.js';
import { freshStandsDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { STANDS_BACKGROUND_QUEUE } from './stands-background-jobs.js';

/*
 * The stands service's periodic jobs as the background runtime runs them: the schedules come from
 * the config, and two replicas working the queue send each due mail once. The peers are down.
 */

const CONFIG = {
  EVENTS_SERVICE_URL: ['http://127.0.0.1:9'],
  AUTH_SERVICE_URL: ['http://127.0.0.1:9'],
  INTERNAL_TOKEN: 'background-jobs-spec-token-0123456789abcdef',
  PEER_TIMEOUT_MS: 500,
  PUBLIC_URL: 'https://flohmarkt.example.org',
  DIGEST_WINDOW_MINUTES: 15,
  DIGEST_SWEEP_SECONDS: 1,
  STREET_LOOKUP_SECONDS: 2,
  MAIL_SETTLE_S: 0,
  MAIL_CHANGE_INTERVAL_H: 6,
  RETENTION_DAYS: 30,
  RETENTION_CRON: '30 3 * * *',
  LOG_LEVEL: 'error',
} as unknown as TStandsEnv;

const ORGANIZER = randomUUID();
const SELLER = randomUUID();
const connection = bullConnection(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
const prefix = bullPrefix(`stands-background-it-${randomBytes(4).toString('hex')}:`);

let fresh: FreshDatabase;
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

beforeAll(async () => {
  fresh = await freshStandsDatabase();
  ds = fresh.ds;
  const users = new UserNamesReadModel(ds);
  await users.apply({ userId: ORGANIZER, firstName: 'Olga', lastName: 'Orga', email: 'olga@example.de', profilePublic: true, version: 1 });
  await users.apply({ userId: SELLER, firstName: 'Sven', lastName: 'Seller', email: 'sven@example.de', profilePublic: true, version: 1 });
});

afterAll(async () => {
  for (const worker of replicas) await worker.close();
  const keys = await connection.keys(`${prefix}*`);
  if (keys.length) await connection.del(...keys);
  await connection.quit();
  await fresh?.drop();
});

async function mailKinds(): Promise<string[]> {
  const rows = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'MailRequested' }, order: { createdAt: 'ASC' } });
  return rows.map((r) => JOB_PAYLOADS.MailRequested.parse(r.payload).kind);
}

describe('the stands background jobs', () => {
  it('run on the configured schedules and send a due digest and decision once across two replicas', async () => {
    const eventId = randomUUID();
    await new EventFactsReadModel(ds, new EventsClient(CONFIG)).apply({
      eventId,
      organizerId: ORGANIZER,
      latitude: '50.94130000',
      longitude: '6.95830000',
      startDateTime: '2031-05-10T08:00:00.000Z',
      endDateTime: '2031-05-10T14:00:00.000Z',
      allowStandRegistration: true,
      name: 'Trödelmarkt am Dom',
      location: 'Roncalliplatz, Köln',
      status: 'planned',
      cancelReason: null,
      registrationDeadline: null,
      notifyOnRegistration: true,
      maxStands: null,
      seriesId: null,
      copiedFromId: null,
      team: [],
      reconfirmation: { enabled: false, askHoursBefore: 72, deadlineHoursBefore: 24 },
      version: 1,
    });
    const repo = ds.getRepository(StandEntity);
    const { identifiers } = await repo.insert({ eventId, status: 'approved', categories: ['Kleidung'], exhibitorId: SELLER });
    const stand = await repo.findOneByOrFail({ id: identifiers[0].id as string });
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
