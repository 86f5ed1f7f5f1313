import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { afterAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  API_ERRORS,
  MARKET_DAY_MESSAGES,
  SCREENS,
  SERIES_MESSAGES,
  TEAM_MAX_MEMBERS,
  TEAM_MAX_OPEN_INVITES,
  ZTeam,
  ZTeamInvite,
  ZTeamInvitePreview,
  ZUserEventsExport,
  type TEvent,
  type TJobPayload,
  type TMyEvent,
  type TTeam,
  type TTeamFacts,
  type TTeamInvite,
} from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { EventsController } from '../events/events.controller.js';
import { EventsInternalController } from '../events/events-internal.controller.js';
import { EventsService } from '../events/events.service.js';
import { eventsJobHandlers } from '../jobs/events-job-handlers.js';
import { MyEventsController } from '../my-events/my-events.controller.js';
import { StandCountReadModel } from '../read-models/stand-count-read-model.js';
import { StandStreetReadModel } from '../read-models/stand-street-read-model.js';
import { EventSearch } from '../search/event-search.js';
import { freshEventsDatabaseEmptiedPerTest } from '../testing/fresh-database.js';
import { startEventsApp } from '../testing/events-app.js';
import { UserEventsExportController } from '../user-export/user-events-export.controller.js';
import { TeamNamesReadModel } from '../read-models/team-names.js';
import { TeamController } from './team.controller.js';
import { TeamService } from './team.service.js';

/*
 * A market's team (issue 36) through the events service's HTTP app, as the gateway forwards the
 * calls: invites by code, accepting, the list with display names, the rights of co-organisers and
 * helpers, leaving and removing, and what the other services hear of it (the facts, the internal
 * read, the export) and what a deleted user leaves behind (nothing).
 */

const GATEWAY_TOKEN = 'team-events-spec-gateway-token-0123456789';
const INTERNAL_TOKEN = 'team-events-spec-internal-token-012345678';
const DAY = 24 * 3600 * 1000;

type Who = { id: string; role: string };
const user = (role = 'participant'): Who => ({ id: randomUUID(), role });

let ds: DataSource;
let app: INestApplication;
let base: string;
let names: TeamNamesReadModel;
let team: TeamService;
let events: EventsService;

freshEventsDatabaseEmptiedPerTest(['user_names'], async (fresh) => {
  ds = fresh.ds;
  const env = { GATEWAY_TOKEN, INTERNAL_TOKEN, PUBLIC_URL: 'https://flohmarkt.example/' };
  ({ app, base } = await startEventsApp(fresh, env, {
    controllers: [EventsController, TeamController, MyEventsController, EventsInternalController, UserEventsExportController],
    providers: [EventsService, EventSearch, TeamService, TeamNamesReadModel],
  }));
  names = app.get(TeamNamesReadModel);
  team = app.get(TeamService);
  events = app.get(EventsService);
});

afterAll(async () => {
  await app?.close();
});

/** A call as the gateway forwards it (`who` null: signed out); the body is null for 204. */
async function send<T>(method: string, path: string, who: Who | null, body?: unknown): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { 'x-internal-token': GATEWAY_TOKEN, 'content-type': 'application/json', 'idempotency-key': randomUUID() };
  if (who) Object.assign(headers, { 'x-user-id': who.id, 'x-user-role': who.role });
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** An internal read as another service makes it (the internal token, no user). */
async function internal<T>(path: string): Promise<T> {
  const res = await fetch(`${base}${path}`, { headers: { 'x-internal-token': INTERNAL_TOKEN } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const refused = (status: number, message: string) => ({ status, body: expect.objectContaining({ message }) });

const marketBody = (name = 'Hofflohmarkt Ehrenfeld') => ({
  name,
  location: 'Köln',
  latitude: 50.9497,
  longitude: 6.9187,
  startDateTime: '2031-05-10T08:00:00.000Z',
  endDateTime: '2031-05-10T14:00:00.000Z',
});

async function market(organizer: Who, name?: string): Promise<string> {
  const created = await send<TEvent>('POST', '/events', organizer, marketBody(name));
  expect(created.status).toBe(201);
  return created.body.id;
}

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function invite(eventId: string, organizer: Who, role: 'co-organizer' | 'helper'): Promise<TTeamInvite> {
  const created = await send<TTeamInvite>('POST', `/events/${eventId}/team-invites`, organizer, { role, expiresAt: inDays(7) });
  expect(created.status).toBe(201);
  return ZTeamInvite.parse(created.body);
}

async function join(eventId: string, organizer: Who, role: 'co-organizer' | 'helper', member: Who): Promise<void> {
  const { code } = await invite(eventId, organizer, role);
  expect(await send('POST', `/team-invites/${code}/accept`, member)).toEqual({ status: 200, body: { eventId, role } });
}

/** The team in the market's newest EventFactsChanged (the stands service's permissions). */
async function announcedTeam(eventId: string): Promise<TTeamFacts> {
  const rows = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'EventFactsChanged' } });
  const facts = rows.map((r) => r.payload as TJobPayload<'EventFactsChanged'>).filter((f) => f.eventId === eventId);
  return facts.sort((a, b) => a.version - b.version).at(-1)!.team;
}

const byId = (facts: TTeamFacts) => [...facts].sort((a, b) => a.userId.localeCompare(b.userId));

describe('invite, preview, accept', () => {
  it('gives a 6-character code with its link; anyone sees what it invites to, typed in lower case with spaces; accepting joins once', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const created = await invite(eventId, olga, 'helper');
    expect(created.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(created.url).toBe(`https://flohmarkt.example/team/${created.code}`);

    const preview = await send('GET', `/team-invites/${encodeURIComponent(` ${created.code.toLowerCase()} `)}`, null);
    expect(preview.status).toBe(200);
    expect(ZTeamInvitePreview.parse(preview.body)).toEqual({
      code: created.code,
      role: 'helper',
      expiresAt: created.expiresAt,
      event: { id: eventId, name: 'Hofflohmarkt Ehrenfeld', location: 'Köln', startDateTime: '2031-05-10T08:00:00.000Z' },
    });

    const hans = user();
    expect(await send('POST', `/team-invites/${created.code.toLowerCase()}/accept`, hans)).toEqual({ status: 200, body: { eventId, role: 'helper' } });
    expect(await send('POST', `/team-invites/${created.code}/accept`, hans)).toEqual({ status: 200, body: { eventId, role: 'helper' } });
    expect(await ds.query('SELECT "user_id" FROM events.event_team')).toEqual([{ user_id: hans.id }]);
  });

  it('answers 404 for an unknown or malformed code, 410 for an expired or revoked one, 400 to the organiser themselves', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const someone = user();
    for (const code of ['ZZZZZZ', 'abc', '!!!!!!']) {
      expect(await send('GET', `/team-invites/${code}`, null)).toEqual(refused(404, MARKET_DAY_MESSAGES.inviteNotFound));
      expect(await send('POST', `/team-invites/${code}/accept`, someone)).toEqual(refused(404, MARKET_DAY_MESSAGES.inviteNotFound));
    }

    const expired = await invite(eventId, olga, 'helper');
    await ds.query(`UPDATE events.team_invites SET "expires_at" = now() - interval '1 minute' WHERE "code" = $1`, [expired.code]);
    expect(await send('GET', `/team-invites/${expired.code}`, null)).toEqual(refused(410, MARKET_DAY_MESSAGES.inviteExpired));
    expect(await send('POST', `/team-invites/${expired.code}/accept`, someone)).toEqual(refused(410, MARKET_DAY_MESSAGES.inviteExpired));

    const revoked = await invite(eventId, olga, 'co-organizer');
    expect(await send('DELETE', `/events/${eventId}/team-invites/${revoked.code}`, olga)).toEqual({ status: 204, body: null });
    expect(await send('DELETE', `/events/${eventId}/team-invites/${revoked.code}`, olga)).toEqual({ status: 204, body: null });
    expect(await send('GET', `/team-invites/${revoked.code}`, null)).toEqual(refused(410, MARKET_DAY_MESSAGES.inviteRevoked));
    expect(await send('POST', `/team-invites/${revoked.code}/accept`, someone)).toEqual(refused(410, MARKET_DAY_MESSAGES.inviteRevoked));

    const open = await invite(eventId, olga, 'co-organizer');
    expect(await send('POST', `/team-invites/${open.code}/accept`, olga)).toEqual(refused(400, MARKET_DAY_MESSAGES.inviteOwnMarket));
    expect(await ds.query('SELECT 1 FROM events.event_team')).toEqual([]);
  });

  it('shows an expired or revoked invite to whoever it could give nothing more, the organiser and its members, so their old link still leads to the market', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const hans = user();
    const rita = user();
    const helpers = await invite(eventId, olga, 'helper');
    await send('POST', `/team-invites/${helpers.code}/accept`, hans);
    await send('POST', `/team-invites/${helpers.code}/accept`, rita);
    const coOrganisers = await invite(eventId, olga, 'co-organizer');
    await ds.query(`UPDATE events.team_invites SET "expires_at" = now() - interval '1 minute'`);
    expect(await send('DELETE', `/events/${eventId}/team-invites/${helpers.code}`, olga)).toEqual({ status: 204, body: null });

    for (const [code, who] of [
      [helpers.code, hans],
      [helpers.code, olga],
      [coOrganisers.code, olga],
    ] as const) {
      const preview = await send('GET', `/team-invites/${code}`, who);
      expect(preview.status).toBe(200);
      expect(ZTeamInvitePreview.parse(preview.body).event.id).toBe(eventId);
    }
    // Not to a stranger, and not to a helper whom the co-organiser's invite would have raised: it cannot any more.
    expect(await send('GET', `/team-invites/${helpers.code}`, user())).toEqual(refused(410, MARKET_DAY_MESSAGES.inviteRevoked));
    expect(await send('GET', `/team-invites/${helpers.code}`, null)).toEqual(refused(410, MARKET_DAY_MESSAGES.inviteRevoked));
    expect(await send('GET', `/team-invites/${coOrganisers.code}`, rita)).toEqual(refused(410, MARKET_DAY_MESSAGES.inviteExpired));
    // Seeing it joins nobody: accepting stays refused.
    expect(await send('POST', `/team-invites/${coOrganisers.code}/accept`, rita)).toEqual(refused(410, MARKET_DAY_MESSAGES.inviteExpired));
  });

  it('lets only the organiser or an admin invite and revoke, checks the expiry and role, and keeps at most the open invites allowed', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const stranger = user('organizer');
    const path = `/events/${eventId}/team-invites`;
    expect(await send('POST', `/events/${randomUUID()}/team-invites`, olga, { role: 'helper', expiresAt: inDays(1) })).toEqual(
      refused(404, API_ERRORS.eventNotFound),
    );
    expect(await send('POST', path, stranger, { role: 'nobody' })).toEqual(refused(403, MARKET_DAY_MESSAGES.teamForbidden));
    expect(await send('POST', path, olga, { role: 'boss', expiresAt: inDays(1) })).toEqual(refused(400, MARKET_DAY_MESSAGES.invalidRole));
    for (const expiresAt of [inDays(-1), inDays(31)]) {
      expect(await send('POST', path, olga, { role: 'helper', expiresAt })).toEqual(refused(400, MARKET_DAY_MESSAGES.invalidExpiry));
    }
    expect((await send('POST', path, user('admin'), { role: 'helper', expiresAt: inDays(30) })).status).toBe(201);
    const codes: string[] = [];
    for (let i = 1; i < TEAM_MAX_OPEN_INVITES; i++) codes.push((await invite(eventId, olga, 'helper')).code);
    expect(await send('POST', path, olga, { role: 'helper', expiresAt: inDays(2) })).toEqual(refused(409, MARKET_DAY_MESSAGES.tooManyInvites));
    // A revoked invite is no longer open: room for one more.
    expect((await send('DELETE', `${path}/${codes[0]}`, stranger)).status).toBe(403);
    expect((await send('DELETE', `${path}/${codes[0]}`, olga)).status).toBe(204);
    expect((await send('POST', path, olga, { role: 'helper', expiresAt: inDays(2) })).status).toBe(201);
    // A code of another market is not this market's.
    const other = await market(olga, 'Zweiter Markt');
    expect(await send('DELETE', `/events/${other}/team-invites/${codes[1]}`, olga)).toEqual(refused(404, MARKET_DAY_MESSAGES.inviteNotFound));
  });

  it('invites into no cancelled market, and its open codes let nobody in any more', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const open = await invite(eventId, olga, 'helper');
    expect((await send('PATCH', `/events/${eventId}/cancel`, olga, {})).status).toBe(200);
    expect(await send('POST', `/events/${eventId}/team-invites`, olga, { role: 'helper', expiresAt: inDays(1) })).toEqual(
      refused(403, MARKET_DAY_MESSAGES.marketOver),
    );
    expect(await send('POST', `/team-invites/${open.code}/accept`, user())).toEqual(refused(410, MARKET_DAY_MESSAGES.marketOver));
  });

  it('makes a helper a co-organiser with a co-organiser’s invite, never the other way; two accepts at once make one member', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const hans = user();
    await join(eventId, olga, 'helper', hans);
    await join(eventId, olga, 'co-organizer', hans);
    const helperInvite = await invite(eventId, olga, 'helper');
    expect(await send('POST', `/team-invites/${helperInvite.code}/accept`, hans)).toEqual({ status: 200, body: { eventId, role: 'co-organizer' } });
    expect(await announcedTeam(eventId)).toEqual([{ userId: hans.id, role: 'co-organizer' }]);

    const rita = user();
    const answers = await Promise.all(Array.from({ length: 4 }, () => send('POST', `/team-invites/${helperInvite.code}/accept`, rita)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await ds.query('SELECT count(*)::int AS n FROM events.event_team WHERE "user_id" = $1', [rita.id])).toEqual([{ n: 1 }]);
  });

  it('refuses a member beyond the largest team (409), also when the last places are taken at once', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    for (let i = 0; i < TEAM_MAX_MEMBERS - 2; i++) {
      await ds.query(`INSERT INTO events.event_team ("event_id", "user_id", "role") VALUES ($1, $2, 'helper')`, [eventId, randomUUID()]);
    }
    const { code } = await invite(eventId, olga, 'helper');
    const answers = await Promise.all(Array.from({ length: 4 }, () => send('POST', `/team-invites/${code}/accept`, user())));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409]);
    expect(answers.find((a) => a.status === 409)).toEqual(refused(409, MARKET_DAY_MESSAGES.teamFull));
    expect(await ds.query('SELECT count(*)::int AS n FROM events.event_team')).toEqual([{ n: TEAM_MAX_MEMBERS }]);
  });
});

describe('the team and its rights', () => {
  it('lists the members by display name (names not heard of yet as null), the open invites for the organiser only', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const [carla, hans] = [user(), user()];
    await names.apply({ userId: carla.id, firstName: 'Carla', lastName: 'Co', version: 2 });
    // An older announcement arriving late changes nothing.
    await names.apply({ userId: carla.id, firstName: 'Alt', lastName: 'Alt', version: 1 });
    await join(eventId, olga, 'co-organizer', carla);
    await join(eventId, olga, 'helper', hans);
    const open = await invite(eventId, olga, 'helper');

    const asOrganiser = await send<TTeam>('GET', `/events/${eventId}/team`, olga);
    expect(asOrganiser.status).toBe(200);
    const listed = ZTeam.parse(asOrganiser.body);
    expect(listed.members.map(({ joinedAt: _, ...m }) => m)).toEqual([
      { userId: carla.id, role: 'co-organizer', firstName: 'Carla', lastName: 'Co' },
      { userId: hans.id, role: 'helper', firstName: null, lastName: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain('@');
    // The invites used to join are open still (many may use one code): three in all.
    expect(listed.invites.map((i) => i.code)).toContain(open.code);
    expect(listed.invites).toHaveLength(3);

    const asCoOrganiser = await send<TTeam>('GET', `/events/${eventId}/team`, carla);
    expect(asCoOrganiser.status).toBe(200);
    expect(asCoOrganiser.body.invites).toEqual([]);
    expect(asCoOrganiser.body.members).toEqual(listed.members);
    expect(await send('GET', `/events/${eventId}/team`, hans)).toEqual(refused(403, MARKET_DAY_MESSAGES.teamForbidden));
    expect(await send('GET', `/events/${eventId}/team`, user())).toEqual(refused(403, MARKET_DAY_MESSAGES.teamForbidden));
    expect(await send('GET', `/events/${randomUUID()}/team`, olga)).toEqual(refused(404, API_ERRORS.eventNotFound));
  });

  it('lets a co-organiser edit the market but not cancel or delete it or manage the team; a helper edits nothing', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const [carla, hans] = [user(), user()];
    await join(eventId, olga, 'co-organizer', carla);
    await join(eventId, olga, 'helper', hans);

    const edited = await send<TEvent>('PUT', `/events/${eventId}`, carla, { ...marketBody('Von Carla geändert'), reconfirmation: { enabled: true } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Von Carla geändert', organizerId: olga.id, reconfirmation: { enabled: true, askHoursBefore: 72 } });
    expect(await send('PATCH', `/events/${eventId}/cancel`, carla, {})).toEqual(refused(403, API_ERRORS.eventCancelForbidden));
    // A copy is a new market in Olga's name that tells her followers: hers to make, not a co-organiser's.
    expect(await send('POST', `/events/${eventId}/copy`, carla, { startDateTime: inDays(40), endDateTime: inDays(41) })).toEqual(
      refused(403, SERIES_MESSAGES.copyForbidden),
    );
    expect((await send('DELETE', `/events/${eventId}`, carla)).status).toBe(403);
    expect(await send('POST', `/events/${eventId}/team-invites`, carla, { role: 'helper', expiresAt: inDays(1) })).toEqual(
      refused(403, MARKET_DAY_MESSAGES.teamForbidden),
    );
    expect(await send('DELETE', `/events/${eventId}/team/${hans.id}`, carla)).toEqual(refused(403, MARKET_DAY_MESSAGES.teamForbidden));

    expect(await send('PUT', `/events/${eventId}`, hans, marketBody('Von Hans'))).toEqual(refused(403, SCREENS.eventEditForbidden));
    expect((await send('POST', `/events/${eventId}/copy`, hans, { startDateTime: inDays(40), endDateTime: inDays(41) })).status).toBe(403);
    expect((await send('PATCH', `/events/${eventId}/cancel`, hans, {})).status).toBe(403);
    expect((await events.get(eventId)).status).toBe('planned');
  });

  it('ends a member’s rights when the organiser removes them or they leave, and tells the stands service each time', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const [carla, hans] = [user(), user()];
    await join(eventId, olga, 'co-organizer', carla);
    await join(eventId, olga, 'helper', hans);
    expect(await announcedTeam(eventId)).toEqual(
      byId([
        { userId: carla.id, role: 'co-organizer' },
        { userId: hans.id, role: 'helper' },
      ]),
    );
    expect((await internal<TEvent & { team: TTeamFacts }>(`/internal/events/${eventId}`)).team).toEqual(await announcedTeam(eventId));

    expect(await send('DELETE', `/events/${eventId}/team/${carla.id}`, user())).toEqual(refused(403, MARKET_DAY_MESSAGES.teamForbidden));
    expect(await send('DELETE', `/events/${eventId}/team/${carla.id}`, olga)).toEqual({ status: 204, body: null });
    expect(await announcedTeam(eventId)).toEqual([{ userId: hans.id, role: 'helper' }]);
    expect(await send('PUT', `/events/${eventId}`, carla, marketBody('Nicht mehr'))).toEqual(refused(403, SCREENS.eventEditForbidden));
    expect(await send('DELETE', `/events/${eventId}/team/${carla.id}`, olga)).toEqual(refused(404, MARKET_DAY_MESSAGES.memberNotFound));

    // A helper leaves on their own.
    expect(await send('DELETE', `/events/${eventId}/team/${hans.id}`, hans)).toEqual({ status: 204, body: null });
    expect(await announcedTeam(eventId)).toEqual([]);
    expect((await internal<TEvent & { team: TTeamFacts }>(`/internal/events/${eventId}`)).team).toEqual([]);
  });
});

describe('after a removal', () => {
  const accept = (code: string, who: Who) => send('POST', `/team-invites/${code}/accept`, who);
  const members = async (eventId: string) =>
    (
      (await ds.query('SELECT "user_id", "role" FROM events.event_team WHERE "event_id" = $1 ORDER BY "user_id"', [eventId])) as Array<{
        user_id: string;
        role: string;
      }>
    ).map((r) => [r.user_id, r.role]);

  it('refuses a removed helper and a removed co-organiser the codes they joined with (403), and tells them on the invite page', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const [carla, hans] = [user(), user()];
    const coCode = (await invite(eventId, olga, 'co-organizer')).code;
    const helperCode = (await invite(eventId, olga, 'helper')).code;
    expect(await accept(coCode, carla)).toEqual({ status: 200, body: { eventId, role: 'co-organizer' } });
    expect(await accept(helperCode, hans)).toEqual({ status: 200, body: { eventId, role: 'helper' } });
    expect((await send('DELETE', `/events/${eventId}/team/${carla.id}`, olga)).status).toBe(204);
    // An admin removes as the organiser does.
    expect((await send('DELETE', `/events/${eventId}/team/${hans.id}`, user('admin'))).status).toBe(204);

    for (const [code, who] of [
      [coCode, carla],
      [helperCode, hans],
    ] as const) {
      expect(await accept(code, who)).toEqual(refused(403, MARKET_DAY_MESSAGES.removedFromTeam));
      expect(await send('GET', `/team-invites/${code}`, who)).toEqual(refused(403, MARKET_DAY_MESSAGES.removedFromTeam));
      // Signed out the page still shows what the code is for: it says nothing about anyone.
      expect((await send('GET', `/team-invites/${code}`, null)).status).toBe(200);
    }
    // Nor any other code the market had at the removal.
    expect(await accept(helperCode, carla)).toEqual(refused(403, MARKET_DAY_MESSAGES.removedFromTeam));
    expect(await accept(coCode, hans)).toEqual(refused(403, MARKET_DAY_MESSAGES.removedFromTeam));
    expect(await members(eventId)).toEqual([]);
    expect(await announcedTeam(eventId)).toEqual([]);
    expect(await send('PUT', `/events/${eventId}`, carla, marketBody('Wieder drin?'))).toEqual(refused(403, SCREENS.eventEditForbidden));
  });

  it('refuses both codes of a helper made co-organiser by a second one', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const hans = user();
    const helperCode = (await invite(eventId, olga, 'helper')).code;
    const coCode = (await invite(eventId, olga, 'co-organizer')).code;
    expect((await accept(helperCode, hans)).status).toBe(200);
    expect(await accept(coCode, hans)).toEqual({ status: 200, body: { eventId, role: 'co-organizer' } });
    expect((await send('DELETE', `/events/${eventId}/team/${hans.id}`, olga)).status).toBe(204);
    expect(await accept(helperCode, hans)).toEqual(refused(403, MARKET_DAY_MESSAGES.removedFromTeam));
    expect(await accept(coCode, hans)).toEqual(refused(403, MARKET_DAY_MESSAGES.removedFromTeam));
    expect(await members(eventId)).toEqual([]);
  });

  it('lets them back in with a new code only, and an old co-organiser code does not raise them then', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const carla = user();
    const coCode = (await invite(eventId, olga, 'co-organizer')).code;
    expect((await accept(coCode, carla)).status).toBe(200);
    expect((await send('DELETE', `/events/${eventId}/team/${carla.id}`, olga)).status).toBe(204);

    const again = (await invite(eventId, olga, 'helper')).code;
    expect((await send('GET', `/team-invites/${again}`, carla)).status).toBe(200);
    expect(await accept(again, carla)).toEqual({ status: 200, body: { eventId, role: 'helper' } });
    expect(await accept(coCode, carla)).toEqual(refused(403, MARKET_DAY_MESSAGES.removedFromTeam));
    expect(await members(eventId)).toEqual([[carla.id, 'helper']]);
    expect(await announcedTeam(eventId)).toEqual([{ userId: carla.id, role: 'helper' }]);

    // Removed a second time: the code that let her back in is shut as well, a newer one opens again.
    expect((await send('DELETE', `/events/${eventId}/team/${carla.id}`, olga)).status).toBe(204);
    expect(await accept(again, carla)).toEqual(refused(403, MARKET_DAY_MESSAGES.removedFromTeam));
    const third = (await invite(eventId, olga, 'co-organizer')).code;
    expect(await accept(third, carla)).toEqual({ status: 200, body: { eventId, role: 'co-organizer' } });
  });

  it('keeps the old codes open for everyone else, and for a member who left on their own', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const [carla, rita, lena] = [user(), user(), user()];
    const code = (await invite(eventId, olga, 'co-organizer')).code;
    expect((await accept(code, carla)).status).toBe(200);
    expect((await accept(code, lena)).status).toBe(200);
    expect((await send('DELETE', `/events/${eventId}/team/${carla.id}`, olga)).status).toBe(204);

    expect(await accept(code, rita)).toEqual({ status: 200, body: { eventId, role: 'co-organizer' } });
    expect((await send('GET', `/team-invites/${code}`, rita)).status).toBe(200);
    // Removing Carla is not removing Lena, nor the same person at another market.
    expect(await accept(code, lena)).toEqual({ status: 200, body: { eventId, role: 'co-organizer' } });
    const other = await market(olga, 'Zweiter Markt');
    await join(other, olga, 'helper', carla);

    // Leaving is no removal: the same code brings Lena back.
    expect((await send('DELETE', `/events/${eventId}/team/${lena.id}`, lena)).status).toBe(204);
    expect(await accept(code, lena)).toEqual({ status: 200, body: { eventId, role: 'co-organizer' } });
    expect(await members(eventId)).toEqual(
      [
        [lena.id, 'co-organizer'],
        [rita.id, 'co-organizer'],
      ].sort((a, b) => a[0]!.localeCompare(b[0]!)),
    );
  });

  it('never leaves a removed member on the team when the removal and their accept of the old code race', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const hans = user();
    const code = (await invite(eventId, olga, 'helper')).code;
    for (let round = 0; round < 5; round++) {
      await ds.query('DELETE FROM events.team_removals');
      expect((await accept(code, hans)).status).toBe(200);
      const [removed, ...accepts] = await Promise.all([
        send('DELETE', `/events/${eventId}/team/${hans.id}`, olga),
        accept(code, hans),
        accept(code, hans),
        accept(code, hans),
      ]);
      expect(removed.status).toBe(204);
      for (const a of accepts) expect([200, 403]).toContain(a.status);
      expect(await members(eventId)).toEqual([]);
      expect(await announcedTeam(eventId)).toEqual([]);
    }
  });

  it('forgets the removals of a deleted user', async () => {
    const olga = user('organizer');
    const eventId = await market(olga);
    const hans = user();
    await join(eventId, olga, 'helper', hans);
    expect((await send('DELETE', `/events/${eventId}/team/${hans.id}`, olga)).status).toBe(204);
    expect(await ds.query('SELECT count(*)::int AS n FROM events.team_removals WHERE "user_id" = $1', [hans.id])).toEqual([{ n: 1 }]);
    const handlers = eventsJobHandlers(events, new StandCountReadModel(ds), new StandStreetReadModel(ds), team, names);
    await handlers.UserDeleted({ userId: hans.id });
    expect(await ds.query('SELECT count(*)::int AS n FROM events.team_removals')).toEqual([{ n: 0 }]);
  });
});

describe('what the members find elsewhere', () => {
  it('lists the markets whose team the caller is on in "Meine Flohmärkte" with the role, their own with none', async () => {
    const [olga, otto] = [user('organizer'), user('organizer')];
    const olgas = await market(olga, 'Olgas Markt');
    const ottos = await market(otto, 'Ottos Markt');
    await market(otto, 'Ottos anderer Markt');
    await join(ottos, otto, 'helper', olga);

    const mine = await send<TMyEvent[]>('GET', '/me/events', olga);
    expect(mine.status).toBe(200);
    expect(mine.body.map((e) => [e.id, e.teamRole])).toEqual(
      [
        [olgas, null],
        [ottos, 'helper'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect((await send<TMyEvent[]>('GET', '/me/events', otto)).body.every((e) => e.teamRole === null)).toBe(true);
  });

  it('puts the memberships into the data export; a deleted user leaves every team, each market re-announced, and their names go', async () => {
    const [olga, hans] = [user('organizer'), user()];
    const first = await market(olga, 'Erster Markt');
    const second = await market(olga, 'Zweiter Markt');
    await names.apply({ userId: hans.id, firstName: 'Hans', lastName: 'Helfer', version: 1 });
    await join(first, olga, 'helper', hans);
    await join(second, olga, 'co-organizer', hans);

    const exported = ZUserEventsExport.parse(await internal(`/internal/users/${hans.id}/events`));
    expect(exported.events).toEqual([]);
    expect(exported.teamMemberships.map(({ joinedAt: _, ...m }) => m).sort((a, b) => a.eventName.localeCompare(b.eventName))).toEqual([
      { eventId: first, eventName: 'Erster Markt', role: 'helper' },
      { eventId: second, eventName: 'Zweiter Markt', role: 'co-organizer' },
    ]);

    const handlers = eventsJobHandlers(events, new StandCountReadModel(ds), new StandStreetReadModel(ds), team, names);
    await handlers.UserDeleted({ userId: hans.id });
    await handlers.UserDeleted({ userId: hans.id });
    expect(ZUserEventsExport.parse(await internal(`/internal/users/${hans.id}/events`)).teamMemberships).toEqual([]);
    expect(await announcedTeam(first)).toEqual([]);
    expect(await announcedTeam(second)).toEqual([]);
    // The names are gone, and a profile message arriving after the deletion brings none back.
    await handlers.UserProfileChanged({ userId: hans.id, firstName: 'Hans', lastName: 'Helfer', email: null, profilePublic: true, version: 5 });
    expect(await ds.query('SELECT "first_name", "last_name" FROM events.user_names WHERE "user_id" = $1', [hans.id])).toEqual([
      { first_name: null, last_name: null },
    ]);
    // The markets stay the organiser's.
    expect((await events.get(first)).organizerId).toBe(olga.id);
  });
});
