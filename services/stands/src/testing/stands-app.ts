import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Module, type INestApplication, type Provider, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { expect } from 'vitest';
import type { TJobPayload } from '@flohmarkt/contracts';
import { ErrorBodyFilter, JsonLogger, dataSourceOptions, internalAuth } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, ZStandsEnv } from '../config.js';
import { EventFactsReadModel } from '../read-models/event-facts.js';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { ReviewEntity } from '../reviews/review.entity.js';
import { StandCommands } from '../stands/stand-commands.js';
import { StandLoader } from '../stands/stand-loader.js';
import { StandPresenter } from '../stands/stand-presenter.js';
import { StandQueries } from '../stands/stand-queries.js';
import { StandEntity } from '../stands/stand.entity.js';
import { withFreshStandsDatabase, type FreshDatabase } from './fresh-database.js';
import { knownUsers, type Person } from './fixtures.js';

/*
 * The stands service's HTTP app as the integration specs call it: built over the spec's own database
 * from the parts the spec names, and called as the gateway calls it.
 */

/** The gateway's token and the services' own, as each spec app checks them. */
export const GATEWAY_TOKEN = 'stands-spec-gateway-token-0123456789abcdef';
export const SERVICE_TOKEN = 'stands-spec-internal-token-0123456789abcdef';

/** What every stand read needs: the read models it joins in, and the queries and presenter behind it. */
export const STAND_READS: Provider[] = [EventFactsReadModel, UserNamesReadModel, PhotoStatesReadModel, StandQueries, StandLoader, StandPresenter];

/** The stand commands without the notices, for an app that sends no mails. */
export const COMMANDS_WITHOUT_MAILS: Provider = { provide: StandCommands, useFactory: (ds: DataSource) => new StandCommands(ds), inject: [DataSource] };

/** What a spec's app is built of: its controllers and providers, settings beyond the defaults, and the markets and users its read models know from the start. */
export interface AppParts {
  controllers: Type[];
  providers: Provider[];
  env?: Record<string, string>;
  events?: TJobPayload<'EventFactsChanged'>[];
  users?: Person[];
}

/**
 * The app as main.ts sets it up where callers notice (the gateway's and the services' tokens checked,
 * errors answered as the house's body) with the spec's parts. Events and auth are down (nothing
 * listens on port 9) unless a provider stands in for them.
 */
export async function startStandsApp(fresh: FreshDatabase, parts: AppParts): Promise<{ app: INestApplication; base: string }> {
  const config = ZStandsEnv.parse({
    DATABASE_URL: fresh.db.url,
    INTERNAL_TOKEN: SERVICE_TOKEN,
    GATEWAY_TOKEN,
    EVENTS_SERVICE_URL: 'http://127.0.0.1:9',
    AUTH_SERVICE_URL: 'http://127.0.0.1:9',
    PEER_TIMEOUT_MS: '500',
    ...parts.env,
  });
  @Module({
    imports: [TypeOrmModule.forRoot(dataSourceOptions(fresh.db)), TypeOrmModule.forFeature([StandEntity, ReviewEntity])],
    controllers: parts.controllers,
    providers: [{ provide: STANDS_CONFIG, useValue: config }, ...parts.providers],
  })
  class StandsSpecModule {}
  const app = await NestFactory.create(StandsSpecModule, { logger: false });
  app.use(internalAuth({ gatewayToken: GATEWAY_TOKEN, serviceToken: SERVICE_TOKEN }));
  app.useGlobalFilters(new ErrorBodyFilter(new JsonLogger('stands-test', 'error')));
  await app.listen(0, '127.0.0.1');
  for (const facts of parts.events ?? []) await app.get(EventFactsReadModel).apply(facts);
  if (parts.users) await knownUsers(app.get(UserNamesReadModel), ...parts.users);
  return { app, base: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

/**
 * The hooks of a spec of the app: its own fresh database with the app over it before the file's tests
 * (then `setUp`), both gone after them. `parts` may be a function, to build them when the hooks run.
 */
export function withStandsApp(
  parts: AppParts | (() => AppParts),
  setUp: (started: { app: INestApplication; base: string; fresh: FreshDatabase; ds: DataSource }) => unknown,
): void {
  let app: INestApplication | undefined;
  withFreshStandsDatabase(
    async (fresh) => {
      const started = await startStandsApp(fresh, typeof parts === 'function' ? parts() : parts);
      app = started.app;
      await setUp({ ...started, fresh, ds: fresh.ds });
    },
    () => app?.close(),
  );
}

/** Who calls, as the gateway passes it on: nothing (anonymous), a user's id and role, or a guest's manage token. */
export type Caller = Record<string, string>;

/** A signed-in user as the gateway names them. */
export const user = (role = 'participant', id: string = randomUUID()): Caller => ({ 'x-user-id': id, 'x-user-role': role });

/** One call through the gateway (its token unless told), answered as fetch answers it; a body goes as JSON. */
export function gatewayFetch(
  url: string,
  who: Caller = {},
  call: { method?: string; body?: unknown; token?: string; headers?: Caller } = {},
): Promise<Response> {
  const json: Caller = call.body === undefined ? {} : { 'content-type': 'application/json' };
  return fetch(url, {
    method: call.method,
    headers: { 'x-internal-token': call.token ?? GATEWAY_TOKEN, ...json, ...call.headers, ...who },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
}

/**
 * A spec's `send`: JSON calls to the app at `base()`, by `who` unless told, each with a fresh
 * Idempotency-Key where `idempotent`; the answer's status, body (null when empty) and Cache-Control (when sent).
 */
export function jsonCalls(base: () => string, defaults: { who?: Caller; token?: string; idempotent?: boolean } = {}) {
  return async <T = unknown>(method: string, path: string, body?: unknown, who = defaults.who ?? {}, token = defaults.token) => {
    // Declared JSON even without a body: the app then reads an empty body as {}.
    const headers = { 'content-type': 'application/json', ...(defaults.idempotent ? { 'idempotency-key': randomUUID() } : {}) };
    const res = await gatewayFetch(`${base()}${path}`, who, { method, body, token, headers });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, cacheControl: res.headers.get('cache-control') ?? undefined };
  };
}

/** A refusal as callers see it: the status and the German sentence. */
export const refused = (status: number, message: string) => expect.objectContaining({ status, body: expect.objectContaining({ message }) });
