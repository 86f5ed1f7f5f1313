/**
 * `node dist/index-streets.js`: puts the streets of events that were written around the service (a bulk
 * load such as `npm run seed:events`) into the address search's street index, then exits. The service
 * indexes every event it writes itself and migration EventAddresses indexed the ones before it; this
 * one-off job is for rows that came in through SQL. Reads DATABASE_URL (and DATABASE_SCHEMA when not
 * 'events'); a second run adds nothing.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { dataSourceOptions, env, loadConfig } from '@flohmarkt/server-kit';
import { EVENTS_ENTITIES, EVENTS_MIGRATIONS } from './database.js';
import { indexEventsInBatches } from './geocode/street-index.js';

const config = loadConfig(
  z.object({
    DATABASE_URL: env.postgresUrl(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .default('events'),
  }),
);
const ds = new DataSource(
  dataSourceOptions({ url: config.DATABASE_URL, schema: config.DATABASE_SCHEMA, entities: EVENTS_ENTITIES, migrations: EVENTS_MIGRATIONS }),
);
await ds.initialize();
try {
  const started = performance.now();
  const indexed = await indexEventsInBatches(ds.manager);
  const ms = Math.round(performance.now() - started);
  process.stdout.write(`${JSON.stringify({ level: 'info', service: 'events', msg: 'streets indexed', addresses: indexed, ms })}\n`);
} finally {
  await ds.destroy();
}
