import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { type BackgroundJob, DomainError } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { EventsClient } from '../peers/events-client.js';
import { StandStreets } from './stand-streets.js';

/** Stands asked about per run: at the geocoder's one request per second a run stays under half a minute. */
const BATCH = 20;
/** Without a geocoder configured, ask again this much later (a restart of events may bring one). */
const NO_GEOCODER_PAUSE_MS = 5 * 60_000;

export type StreetLookupOutcome = 'done' | 'no-geocoder' | 'paused' | 'unavailable' | 'locked' | 'stopped';

/** The part of the events client a lookup needs. */
export type StreetSource = Pick<EventsClient, 'streetAt'>;

/**
 * The background job behind the organiser's stands per street (StreetLookups in
 * jobs/stands-background-jobs.ts, every STREET_LOOKUP_SECONDS): it takes the stands whose street is not known for their position and asks the events service
 * (contracts STREET_AT), which alone talks to the online geocoder and keeps its usage policy. So
 * each position is looked up once, in the background; the overview never waits for a geocoder and
 * keeps working with events or the geocoder down (those stands fall into grid cells meanwhile).
 * One replica at a time (a session advisory lock), one stand after the other. Without a geocoder,
 * the replica that learnt it pauses NO_GEOCODER_PAUSE_MS (each replica learns it for itself).
 */
@Injectable()
export class StreetLookups {
  private pausedUntil = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(STANDS_CONFIG) private readonly config: Pick<TStandsEnv, 'STREET_LOOKUP_SECONDS'>,
    private readonly streets: StandStreets,
    @Inject(EventsClient) private readonly source: StreetSource,
  ) {}

  /** The periodic job (jobs/stands-background-jobs.ts). */
  job(): BackgroundJob {
    return { name: 'StreetLookups', schedule: { everyMs: this.config.STREET_LOOKUP_SECONDS * 1000 }, run: (_, { signal }) => this.run(signal) };
  }

  /** Looks up the stands that are due, until done, stopped (`signal`) or the events service cannot answer. */
  async run(signal?: AbortSignal): Promise<StreetLookupOutcome> {
    if (Date.now() < this.pausedUntil) return 'paused';
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_lock(hashtext('stands-street-lookups')) AS "locked"`)) as { locked: boolean }[];
      if (!locked) return 'locked';
      try {
        return await this.lookUpDue(signal);
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext('stands-street-lookups'))`);
      }
    } finally {
      await runner.release();
    }
  }

  private async lookUpDue(signal?: AbortSignal): Promise<StreetLookupOutcome> {
    for (const stand of await this.streets.due(BATCH)) {
      if (signal?.aborted) return 'stopped';
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
