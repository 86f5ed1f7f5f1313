import { Inject, type Provider } from '@nestjs/common';
import { TypeOrmModule, getDataSourceToken } from '@nestjs/typeorm';
import { dataSourceOptions } from '@flohmarkt/server-kit';
import type { TEventsEnv } from './config.js';
import { eventsDatabase } from './database.js';

/**
 * The data source of the public reads (event lists, the map's viewport, feeds): a hot standby at
 * DATABASE_READ_URL when one is configured, else the primary itself. Writes, single-event reads
 * (an organiser opens the event they just saved), the outbox and migrations always use the
 * primary. A standby lags by its replication delay, as the gateway's read cache lags anyway.
 */
const READS = 'reads';
const EVENT_READS = Symbol('EVENT_READS');

export const InjectEventReads = () => Inject(EVENT_READS);

/** The second connection pool, only when a standby is configured. */
export function eventReadsImports(config: TEventsEnv) {
  if (!config.DATABASE_READ_URL) return [];
  return [TypeOrmModule.forRoot({ ...dataSourceOptions({ ...eventsDatabase(config), url: config.DATABASE_READ_URL, migrations: [] }), name: READS })];
}

export function eventReadsProvider(config: TEventsEnv): Provider {
  return { provide: EVENT_READS, useExisting: getDataSourceToken(config.DATABASE_READ_URL ? READS : undefined) };
}
