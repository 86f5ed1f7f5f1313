import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import {
  ACCOUNT_MESSAGES,
  API_ERRORS,
  ZAccountExport,
  type TEvent,
  type TEventPhase,
  type TTeamMembership,
  type TUserStandsExport,
} from '@flohmarkt/contracts';
import { OutboxMessageEntity } from '@flohmarkt/server-kit';
import { UserDeletionService } from '../admin/user-deletion.service.js';
import type { TAuthEnv } from '../config.js';
import { ExhibitorFiguresReadModel } from '../read-models/exhibitor-figures-read-model.js';
import { FavouritesService } from '../favourites/favourites.service.js';
import { ExhibitorProfileEntity } from '../profiles/exhibitor-profile.entity.js';
import { ExhibitorProfilesService } from '../profiles/exhibitor-profiles.service.js';
import { freshAuthDatabase, type FreshDatabase } from '../testing/fresh-database.js';
import { refusal } from '../testing/refusal.js';
import { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { AccountPeers } from '../peers/account-peers.js';
import { AccountSelfService } from './account-self-service.js';

/*
 * The account self-service against a real database and, for the events and stands services, a
 * loopback HTTP server that answers the declared internal calls (USER_EVENTS_EXPORT,
 * USER_STANDS_EXPORT) as those services do: the real PeerClient checks what comes back.
 */

const TOKEN = 'internal-token-for-this-spec-0123456789';
const peerData = new Map<string, { events: TEvent[]; teamMemberships?: TTeamMembership[]; standData: TUserStandsExport }>();
const asked: string[] = [];

function event(organizerId: string, phase: TEventPhase): TEvent {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    name: `Markt ${phase}`,
    description: null,
    rules: null,
    location: 'Köln',
    latitude: '50.94130000',
    longitude: '6.95830000',
    startDateTime: now,
    endDateTime: now,
    organizerId,
    status: phase === 'cancelled' ? 'cancelled' : 'planned',
    cancelReason: null,
    contactEmail: null,
    contactPhone: null,
    websiteUrl: null,
    websiteLinkText: null,
    allowStandRegistration: true,
    registrationDeadline: null,
    notifyOnRegistration: true,
    phase,
    seriesId: null,
    copiedFromId: null,
    createdAt: now,
    updatedAt: now,
  };
}

const peer = http.createServer((req, res) => {
  if (req.headers['x-internal-token'] !== TOKEN) return void res.writeHead(401).end();
  const match = /^\/internal\/users\/([^/]+)\/(events|stand-data)$/.exec(req.url ?? '');
  const data = match && peerData.get(match[1]);
  asked.push(`${match?.[2]} ${match?.[1]}`);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify(
      !data
        ? match?.[2] === 'events'
          ? { events: [], teamMemberships: [] }
          : { stands: [], reviews: [], follows: { organizers: [] }, alerts: [] }
        : match[2] === 'events'
          ? { events: data.events, teamMemberships: data.teamMemberships ?? [] }
          : data.standData,
    ),
  );
});

let fresh: FreshDatabase;
let ds: DataSource;
let account: AccountSelfService;
let accountWithPeersDown: AccountSelfService;

function service(peerUrl: string): AccountSelfService {
  const config = {
    EVENTS_SERVICE_URL: [peerUrl],
    STANDS_SERVICE_URL: [peerUrl],
    INTERNAL_TOKEN: TOKEN,
    PEER_TIMEOUT_MS: 2000,
    ADMIN_EMAILS: [],
  } as unknown as TAuthEnv;
  const users = new UsersService(ds.getRepository(UserEntity), config);
  return new AccountSelfService(
    users,
    new ExhibitorProfilesService(ds.getRepository(ExhibitorProfileEntity)),
    new ExhibitorFiguresReadModel(ds),
    new AccountPeers(config),
    new UserDeletionService(ds),
    new FavouritesService(ds),
  );
}

beforeAll(async () => {
  fresh = await freshAuthDatabase();
  ds = fresh.ds;
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  account = service(`http://127.0.0.1:${(peer.address() as AddressInfo).port}`);
  // A port nothing listens on: the peers are down.
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  accountWithPeersDown = service(`http://127.0.0.1:${closedPort}`);
});

afterAll(async () => {
  await new Promise((resolve) => peer.close(resolve));
  await fresh?.drop();
});

beforeEach(() => {
  peerData.clear();
  asked.length = 0;
});

const newUser = (email: string) =>
  ds.getRepository(UserEntity).save({ email, firstName: 'Ida', lastName: 'Import', oidcIssuer: 'https://idp.example', oidcSubject: randomUUID() });

describe('export', () => {
  it('holds the account, the profile and what events and stands hold of the user, asked of each for this user only', async () => {
    const ida = await newUser(`ida.${randomUUID()}@example.de`);
    await ds.getRepository(ExhibitorProfileEntity).save({ userId: ida.id, bio: 'Bücher aus drei Jahrzehnten', specialties: ['Bücher'], visibility: 'private' });
    const organised = event(ida.id, 'ended');
    const standData: TUserStandsExport = {
      stands: [
        {
          id: randomUUID(),
          eventId: organised.id,
          eventName: 'Markt ended',
          standNumber: null,
          description: 'Bücher',
          categories: ['Bücher'],
          foodCategories: [],
          activityCategories: [],
          latitude: null,
          longitude: null,
          status: 'rejected',
          rejectionReason: 'Voll',
          acceptsPayPal: false,
          locationPrecision: 'approximate',
          nameDisplay: 'number',
          address: { street: 'Körnerstraße', houseNumber: '12a', postcode: '50823', town: 'Köln' },
          photos: ['/api/media/stands/a/b.jpg'],
          createdAt: organised.createdAt,
          updatedAt: organised.updatedAt,
        },
      ],
      reviews: [{ id: randomUUID(), standId: randomUUID(), rating: 4, comment: 'Schön', createdAt: organised.createdAt }],
      follows: { organizers: [randomUUID()] },
      alerts: [
        {
          id: randomUUID(),
          lat: 50.94,
          lng: 6.96,
          radiusKm: 10,
          label: 'Köln-Ehrenfeld',
          categories: ['Bücher'],
          query: 'Kinderfahrrad',
          createdAt: organised.createdAt,
        },
      ],
      items: [
        {
          id: randomUUID(),
          standId: randomUUID(),
          title: 'Kinderbücher im Karton',
          price: { kind: 'negotiable', cents: 500 },
          category: 'Bücher',
          photo: null,
          status: 'sold',
          createdAt: organised.createdAt,
          updatedAt: organised.updatedAt,
        },
      ],
      holds: [
        {
          id: randomUUID(),
          itemId: randomUUID(),
          standId: randomUUID(),
          eventId: organised.id,
          status: 'accepted',
          pickupCode: 'K7M2QX',
          endsAt: organised.startDateTime,
          createdAt: organised.createdAt,
          decidedAt: organised.updatedAt,
          item: { title: 'Holzeisenbahn', price: { kind: 'fixed', cents: 3500 } },
          stand: { label: 'Stand 12' },
          event: { name: organised.name, startDateTime: organised.startDateTime, location: organised.location },
        },
      ],
    };
    // A market whose team Ida is on (issue 36), as the events service lists it.
    const membership: TTeamMembership = { eventId: randomUUID(), eventName: 'Hofflohmarkt Ehrenfeld', role: 'helper', joinedAt: '2030-03-01T09:00:00.000Z' };
    peerData.set(ida.id, { events: [organised], teamMemberships: [membership], standData });
    const [keptStand, keptEvent] = [randomUUID(), randomUUID()];
    await new FavouritesService(ds).add(ida.id, 'stands', keptStand);
    await new FavouritesService(ds).add(ida.id, 'events', keptEvent, true);

    const data = ZAccountExport.parse(await account.export(ida.id, new Date('2030-04-01T12:00:00Z')));
    expect(data.exportedAt).toBe('2030-04-01T12:00:00.000Z');
    expect(data.account).toMatchObject({ id: ida.id, email: ida.email, firstName: 'Ida', lastName: 'Import' });
    // The privacy choices travel with the data: the profile's visibility, each stand's precision and name display.
    expect(data.exhibitorProfile).toMatchObject({ userId: ida.id, bio: 'Bücher aus drei Jahrzehnten', totalStands: 0, visibility: 'private' });
    expect(data.stands.map((s) => [s.locationPrecision, s.nameDisplay])).toEqual([['approximate', 'number']]);
    expect(data.events).toEqual([organised]);
    expect(data.teamMemberships).toEqual([membership]);
    expect(data.stands).toEqual(standData.stands);
    expect(data.reviews).toEqual(standData.reviews);
    // The organisers followed and the Flohmarkt-Alarme, as the stands service holds them (issue 34).
    expect(data.follows).toEqual(standData.follows);
    expect(data.alerts).toEqual(standData.alerts);
    // The items on the stands (issue 35).
    expect(data.items).toEqual(standData.items);
    // The holds the user asked for, with their pickup codes (issue 35).
    expect(data.holds).toEqual(standData.holds);
    // The Merkliste with the reminders the user switched on (issue 34).
    expect(data.favourites).toEqual({ events: [keptEvent], stands: [keptStand], reminders: [keptEvent] });
    expect(asked.sort()).toEqual([`events ${ida.id}`, `stand-data ${ida.id}`]);
  });

  it('is a 503 as a whole while a peer is down, never a partial export', async () => {
    const ida = await newUser(`ida.${randomUUID()}@example.de`);
    const err = await refusal(accountWithPeersDown.export(ida.id));
    expect(err).toMatchObject({ code: 'UNAVAILABLE', message: API_ERRORS.serviceUnavailable });
  });
});

describe('self-deletion', () => {
  it('refuses a confirmation that is not the account’s e-mail (400) and keeps everything', async () => {
    const ida = await newUser(`ida.${randomUUID()}@example.de`);
    for (const body of [{ confirm: 'jemand@example.de' }, {}, null, { confirm: 42 }]) {
      expect(await refusal(account.deleteOwn(ida.id, body))).toMatchObject({ code: 'VALIDATION', message: ACCOUNT_MESSAGES.confirmMismatch });
    }
    expect(await ds.getRepository(UserEntity).countBy({ id: ida.id })).toBe(1);
  });

  it('refuses an organiser of an upcoming or running event (409), not one whose events are over or cancelled', async () => {
    const olga = await newUser(`olga.${randomUUID()}@example.de`);
    for (const phase of ['upcoming', 'running'] as const) {
      peerData.set(olga.id, {
        events: [event(olga.id, 'ended'), event(olga.id, phase)],
        standData: { stands: [], reviews: [], follows: { organizers: [] }, alerts: [], items: [], holds: [] },
      });
      expect(await refusal(account.deleteOwn(olga.id, { confirm: olga.email }))).toMatchObject({ code: 'CONFLICT', message: ACCOUNT_MESSAGES.upcomingEvents });
    }
    expect(await ds.getRepository(UserEntity).countBy({ id: olga.id })).toBe(1);
    peerData.set(olga.id, {
      events: [event(olga.id, 'ended'), event(olga.id, 'cancelled')],
      standData: { stands: [], reviews: [], follows: { organizers: [] }, alerts: [], items: [], holds: [] },
    });
    await account.deleteOwn(olga.id, { confirm: olga.email });
    expect(await ds.getRepository(UserEntity).countBy({ id: olga.id })).toBe(0);
  });

  it('deletes the user row with its identity link and profile and announces UserDeleted, with the e-mail typed in any case; the second time finds nobody', async () => {
    const ida = await newUser(`ida.${randomUUID()}@example.de`);
    await ds.getRepository(ExhibitorProfileEntity).save({ userId: ida.id, bio: 'x', specialties: [] });
    await account.deleteOwn(ida.id, { confirm: `  ${ida.email.toUpperCase()} ` });
    expect(await ds.getRepository(UserEntity).countBy({ oidcSubject: ida.oidcSubject! })).toBe(0);
    expect(await ds.getRepository(ExhibitorProfileEntity).countBy({ userId: ida.id })).toBe(0);
    const announced = await ds.getRepository(OutboxMessageEntity).find({ where: { name: 'UserDeleted' } });
    expect(announced.map((m) => m.payload)).toContainEqual({ userId: ida.id });
    expect((await refusal(account.deleteOwn(ida.id, { confirm: ida.email }))).code).toBe('NOT_FOUND');
  });

  it('deletes nothing while events cannot say whether the user organises something upcoming (503)', async () => {
    const ida = await newUser(`ida.${randomUUID()}@example.de`);
    expect((await refusal(accountWithPeersDown.deleteOwn(ida.id, { confirm: ida.email }))).code).toBe('UNAVAILABLE');
    expect(await ds.getRepository(UserEntity).countBy({ id: ida.id })).toBe(1);
  });
});
