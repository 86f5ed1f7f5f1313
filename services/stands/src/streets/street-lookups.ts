import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { DomainError, JsonLogger } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { EventsClient } from '../peers/events-client.js';
import { StandStreets } from './stand-streets.js';

/** Stands asked about per run: at the geocoder's one request per second a run stays under half a minute. */
const BATCH = 20;
/** Without a geocoder configured, ask again this much later (a restart of events may bring one). */
const NO_GEOCODER_PAUSE_MS = 5 * 60_000;

export type StreetLookupOutcome = 'done' | 'no-geocoder' | 'unavailable' | 'locked';

/** The part of the events client a lookup needs. */
export type StreetSource = Pick<EventsClient, 'streetAt'>;

/**
 * The background job behind the organiser's stands per street: every STREET_LOOKUP_SECONDS it
 * takes the stands whose street is not known for their position and asks the events service
 * (contracts STREET_AT), which alone talks to the online geocoder and keeps its usage policy. So
 * each position is looked up once, in the background; the overview never waits for a geocoder and
 * keeps working with events or the geocoder down (those stands fall into grid cells meanwhile).
 * One replica at a time (a session advisory lock), one stand after the other.
 */
@Injectable()
export class StreetLookups implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger: JsonLogger;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private pausedUntil = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STANDS_CONFIG) private readonly config: TStandsEnv,
    private readonly streets: StandStreets,
    @Inject(EventsClient) private readonly source: StreetSource,
  ) {
    this.logger = new JsonLogger('stands', config.LOG_LEVEL);
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running || Date.now() < this.pausedUntil) return;
      this.running = this.run()
        .catch((err: Error) => this.logger.write('warn', 'street lookups wait', { error: err.message }))
        .finally(() => (this.running = null));
    }, this.config.STREET_LOOKUP_SECONDS * 1000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Looks up the stands that are due, until done or the events service cannot answer. */
  async run(): Promise<StreetLookupOutcome> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_lock(hashtext('stands-street-lookups')) AS "locked"`)) as { locked: boolean }[];
      if (!locked) return 'locked';
      try {
        return await this.lookUpDue();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext('stands-street-lookups'))`);
      }
    } finally {
      await runner.release();
    }
  }

  private async lookUpDue(): Promise<StreetLookupOutcome> {
    for (const stand of await this.streets.due(BATCH)) {
      let answer: Awaited<ReturnType<StreetSource['streetAt']>>;
      try {
        answer = await this.source.streetAt(stand.latitude, stand.longitude);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        // A position the geocoder call refuses has no street to find: asked once, like any other.
        if (err.code === 'VALIDATION') {
          await this.streets.record(stand, null);
          continue;
        }
        // Events or its geocoder cannot answer now: the stand stays due for the next run.
        return 'unavailable';
      }
      if (!answer.geocoder) {
        this.pausedUntil = Date.now() + NO_GEOCODER_PAUSE_MS;
        return 'no-geocoder';
      }
      await this.streets.record(stand, answer.street, { postcode: answer.postcode ?? null, town: answer.town ?? null });
    }
    return 'done';
  }
}
