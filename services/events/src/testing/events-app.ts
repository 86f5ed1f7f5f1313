import { Module, type INestApplication, type Provider, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { ErrorBodyFilter, JsonLogger, dataSourceOptions, internalAuth } from '@flohmarkt/server-kit';
import { EVENTS_CONFIG, ZEventsEnv } from '../config.js';
import { eventReadsProvider } from '../read-database.js';
import type { FreshDatabase } from './fresh-database.js';

export interface EventsAppParts {
  controllers: Type[];
  /** The controllers' services; EVENTS_CONFIG and the public reads' data source come with the app. */
  providers?: Provider[];
  /** Where the error filter logs (default: errors only). */
  logger?: JsonLogger;
  /** Extra settings of the app's own connection (e.g. `logging: false`). */
  dataSource?: Partial<DataSourceOptions>;
}

/**
 * The events service's HTTP app as the gateway reaches it, for the HTTP specs: only the
 * controllers a spec tests, over its fresh database, behind the token check and with the error
 * bodies of the real app, on a free port of 127.0.0.1. `env` holds the tokens (and e.g. PUBLIC_URL).
 */
export async function startEventsApp(
  fresh: FreshDatabase,
  env: Record<string, string>,
  parts: EventsAppParts,
): Promise<{ app: INestApplication; base: string }> {
  const config = ZEventsEnv.parse({ DATABASE_URL: fresh.db.url, ...env });
  @Module({
    imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(fresh.db), ...parts.dataSource } as DataSourceOptions)],
    controllers: parts.controllers,
    providers: [{ provide: EVENTS_CONFIG, useValue: config }, eventReadsProvider(config), ...(parts.providers ?? [])],
  })
  class EventsSpecModule {}
  const app = await NestFactory.create(EventsSpecModule, { logger: false });
  app.use(internalAuth({ gatewayToken: config.GATEWAY_TOKEN, serviceToken: config.INTERNAL_TOKEN }));
  app.useGlobalFilters(new ErrorBodyFilter(parts.logger ?? new JsonLogger('events-test', 'error')));
  // Closed again when it cannot listen: the spec never gets it to close.
  await app.listen(0, '127.0.0.1').catch(async (err: unknown) => {
    await app.close();
    throw err;
  });
  return { app, base: await app.getUrl() };
}
