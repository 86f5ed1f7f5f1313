import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { API_ERRORS } from '@flohmarkt/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TGatewayEnv } from '../config.js';
import type { GatewayRedis } from './redis-deadline.js';
import { forwardingServer, gatewayConfig } from '../testing/forwarding-server.js';
import { testRedis } from '../testing/test-redis.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DAY_S = 24 * 3600;
const TYPO = 'Tippfehler';
/** A market the stub services take longer over than a repeat waits for it (IDEMPOTENCY_TIMINGS.waitMs). */
const SLOW = 'Langsamer Flohmarkt';
/** A market the stub services take 500 ms over: the repeats under its key come while it is in flight. */
const PAUSED = 'Gemächlicher Flohmarkt';

/**
 * The services behind the gateway as one stub: auth names each user with the role the test gave
 * them, every write succeeds (201 for creations) except a market named TYPO (400) and a stand
 * with `duplicate` (409); a market named SLOW is answered after 2.5 s, one named PAUSED after 500 ms.
 * A market sent with an Idempotency-Key is made once per user and key, as `@Idempotent()` does: a
 * repeat gets the first answer with Idempotent-Replayed. It counts the writes it applied.
 */
function stubServices(roles: Map<string, string>) {
  const writes: string[] = [];
  const kept = new Map<string, unknown>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const path = req.url ?? '';
      const user = /^\/internal\/users\/([^/]+)$/.exec(path);
      if (user) {
        const role = roles.get(user[1]);
        if (!role) return answer(404, { message: 'Benutzer nicht gefunden', code: 'NOT_FOUND' });
        return answer(200, { id: user[1], email: `${user[1]}@example.org`, firstName: null, lastName: null, profileImageUrl: null, role });
      }
      if (req.method === 'GET') return answer(200, []);
      const body = raw ? (JSON.parse(raw) as { name?: string; duplicate?: boolean }) : {};
      if (path === '/events' && body.name === TYPO) return answer(400, { message: 'Bitte gib einen Namen an.', code: 'VALIDATION' });
      if (path === '/stands' && body.duplicate) return answer(409, { message: 'Stand bereits angemeldet', code: 'CONFLICT' });
      const key = path === '/events' && req.headers['idempotency-key'] ? `${String(req.headers['x-user-id'])}:${String(req.headers['idempotency-key'])}` : null;
      if (key && kept.has(key))
        return res.writeHead(201, { 'content-type': 'application/json', 'idempotent-replayed': 'true' }).end(JSON.stringify(kept.get(key)));
      writes.push(`${req.method} ${path}`);
      const made = { id: randomUUID() };
      if (key) kept.set(key, made);
      if (body.name === SLOW || body.name === PAUSED) return void setTimeout(() => answer(201, made), body.name === SLOW ? 2500 : 500);
      return answer(req.method === 'POST' ? 201 : 200, { id: randomUUID() });
    });
  });
  return { server, writes };
}

/**
 * A TCP relay in front of Redis that can hold every byte back and let it go later: a Redis that
 * keeps its connections open and answers late (overloaded, or a network that stalls).
 */
function stallableRelay() {
  let held: (() => void)[] | null = null;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(new URL(REDIS_URL).port || 6379), new URL(REDIS_URL).hostname);
    sockets.add(client).add(upstream);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ]) {
      from.on('data', (chunk: Buffer) => (held ? held.push(() => to.write(chunk)) : to.write(chunk)));
      from.on('error', () => to.destroy()).on('close', () => to.destroy());
    }
  });
  return {
    server,
    stall: () => (held = []),
    resume: () => {
      const pending = held ?? [];
      held = null;
      pending.forEach((send) => send());
    },
    close: () => sockets.forEach((socket) => socket.destroy()),
  };
}

const listen = async (server: http.Server | net.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

const roles = new Map<string, string>();
const upstream = stubServices(roles);
const relay = stallableRelay();
const redis: GatewayRedis = testRedis(REDIS_URL);
let relayedRedis: GatewayRedis;
let gateways: string[] = [];
let stalledGateway: string;
const servers: http.Server[] = [];

/** A gateway replica: the real forwarding of /api with the given Redis; the session is the test's header. */
async function startGateway(config: TGatewayEnv, client: GatewayRedis): Promise<string> {
  const server = forwardingServer(config, client);
  servers.push(server);
  return `http://127.0.0.1:${await listen(server)}`;
}

beforeAll(async () => {
  const services = `http://127.0.0.1:${await listen(upstream.server)}`;
  const relayPort = await listen(relay.server);
  await redis.connect();
  relayedRedis = testRedis(`redis://127.0.0.1:${relayPort}`, 200);
  await relayedRedis.connect();
  const config = gatewayConfig(services, {
    REDIS_PREFIX: `flohmarkt-test-${randomBytes(4).toString('hex')}:`,
    // Markets at the contract's default (10); the others small enough to reach quickly.
    WRITE_BUDGET_STANDS: '3',
    WRITE_BUDGET_WALK_UP_STANDS: '4',
    WRITE_BUDGET_OTHER_WRITES: '5',
    WRITE_BUDGET_HOLDS: '2',
  });
  // Two replicas on one Redis: a budget is the user's, whichever replica answers.
  gateways = [await startGateway(config, redis), await startGateway(config, redis)];
  stalledGateway = await startGateway(config, relayedRedis);
});

afterAll(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all([...servers, upstream.server].map((server) => new Promise((resolve) => server.close(resolve))));
  relay.close();
  relay.server.close();
  relayedRedis.destroy();
  const keys = await redis.keys(`flohmarkt-test-*budget:*`);
  if (keys.length) await redis.del(keys);
  await redis.close();
});

function newUser(role = 'organizer'): string {
  const id = randomUUID();
  roles.set(id, role);
  return id;
}

async function write(user: string, method: string, path: string, body: unknown = { name: 'Hofflohmarkt' }, replica = 0) {
  const answer = await fetch(`${gateways[replica]}/api${path}`, {
    method,
    headers: { 'x-test-user': user, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: answer.status, retryAfter: answer.headers.get('retry-after'), body: (await answer.json()) as { message?: string } };
}

/** A valid market whose series has `count` dates (weekly), as the events service would make them. */
const series = (count: number, name = 'Hofflohmarkt') => ({
  name,
  location: 'Südstadt, 50677 Köln',
  startDateTime: '2027-06-12T10:00:00+02:00',
  endDateTime: '2027-06-12T16:00:00+02:00',
  series: { rule: 'weekly', count },
});

async function repeat(times: number, call: () => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await call()).status);
  return statuses;
}

const writesTo = (path: string) => upstream.writes.filter((line) => line === `POST ${path}`).length;

describe('write budgets (real Redis, two gateway replicas, stub services)', () => {
  it('keeps a budget of hold requests apart from the other writes: each asks a seller by mail', async () => {
    const user = newUser('participant');
    const hold = () => write(user, 'POST', `/items/${randomUUID()}/holds`, {});
    expect(await repeat(2, hold)).toEqual([201, 201]);
    const refused = await hold();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Du hast in den letzten 24 Stunden schon 2 Reservierungen angefragt. Bitte versuche es später erneut.' });
    // Other writes still have their own budget.
    expect((await write(user, 'PUT', `/items/${randomUUID()}`, {})).status).toBe(200);
  });

  it("counts a guest's writes with their manage token per token, not per address, and never a malformed token", async () => {
    const token = randomBytes(16).toString('base64url');
    const guestWrite = (manageToken: string) =>
      fetch(`${gateways[0]}/api/stands/${randomUUID()}/items`, {
        method: 'POST',
        headers: { 'x-manage-token': manageToken, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Kinderfahrrad' }),
      }).then(async (answer) => ({ status: answer.status, body: (await answer.json()) as { message?: string } }));
    expect(await repeat(5, () => guestWrite(token))).toEqual(Array(5).fill(201));
    const refused = await guestWrite(token);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Du hast in den letzten 24 Stunden schon 5 Änderungen vorgenommen. Bitte versuche es später erneut.');
    // Another guest's token has its own budget.
    expect((await guestWrite(randomBytes(16).toString('base64url'))).status).toBe(201);
    // No budget key names the token itself.
    const keys = await redis.keys(`flohmarkt-test-*budget:writes:guest:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(token))).toBe(false);
  });

  it('lets a user create 10 markets in 24 hours, then answers 429 with the German sentence and when a unit frees', async () => {
    const user = newUser();
    const before = writesTo('/events');
    expect(await repeat(10, () => write(user, 'POST', '/events', undefined, 1))).toEqual(Array(10).fill(201));
    const refused = await write(user, 'POST', '/events');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Du hast in den letzten 24 Stunden schon 10 Flohmärkte angelegt. Bitte versuche es später erneut.' });
    // The first of the ten leaves the window a day after it was taken.
    expect(Number(refused.retryAfter)).toBeGreaterThan(DAY_S - 600);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(DAY_S);
    expect(writesTo('/events') - before).toBe(10);
    // Another user's budget is their own.
    expect((await write(newUser(), 'POST', '/events')).status).toBe(201);
  });

  it('exempts admins', async () => {
    const admin = newUser('admin');
    expect(await repeat(12, () => write(admin, 'POST', '/events'))).toEqual(Array(12).fill(201));
    expect(await repeat(7, () => write(admin, 'PUT', `/events/${randomUUID()}`))).toEqual(Array(7).fill(200));
  });

  it('gives the unit back when the gateway or the service refuses the write, so a typo or a conflict costs nothing', async () => {
    const user = newUser('participant');
    expect((await write(user, 'POST', '/stands', '{"title":')).status).toBe(400);
    expect(await repeat(4, () => write(user, 'POST', '/stands', { duplicate: true }))).toEqual(Array(4).fill(409));
    expect(await repeat(3, () => write(user, 'POST', '/stands', { title: 'Bücher' }))).toEqual(Array(3).fill(201));
    const refused = await write(user, 'POST', '/stands', { title: 'Bücher' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Du hast in den letzten 24 Stunden schon 3 Stände angemeldet. Bitte versuche es später erneut.');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // The market budget is a budget of its own, and a typo there costs nothing either.
    expect((await write(user, 'POST', '/events', { name: TYPO })).status).toBe(400);
    expect((await write(user, 'POST', '/events')).status).toBe(201);
  });

  it('counts walk-up stands per user and market', async () => {
    const organiser = newUser();
    const [market, otherMarket] = [randomUUID(), randomUUID()];
    expect(await repeat(4, () => write(organiser, 'POST', `/events/${market}/walk-up-stands`))).toEqual(Array(4).fill(201));
    const refused = await write(organiser, 'POST', `/events/${market}/walk-up-stands`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Du hast für diesen Flohmarkt in den letzten 24 Stunden schon 4 Stände vor Ort eingetragen. Bitte versuche es später erneut.',
    );
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await write(organiser, 'POST', `/events/${otherMarket}/walk-up-stands`)).status).toBe(201);
    expect((await write(newUser(), 'POST', `/events/${market}/walk-up-stands`)).status).toBe(201);
  });

  it('counts every other write in one budget, and no read', async () => {
    const user = newUser();
    const calls = [
      () => write(user, 'PUT', `/events/${randomUUID()}`),
      () => write(user, 'DELETE', `/stands/${randomUUID()}`),
      () => write(user, 'PATCH', `/stands/${randomUUID()}/live`, { live: true }),
      () => write(user, 'PATCH', `/events/${randomUUID()}/cancel`, {}),
      () => write(user, 'PUT', `/stands/${randomUUID()}`, { title: 'Spielzeug' }, 1),
    ];
    for (const call of calls) expect((await call()).status).toBe(200);
    const refused = await write(user, 'PUT', `/events/${randomUUID()}`);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Du hast in den letzten 24 Stunden schon 5 Änderungen vorgenommen. Bitte versuche es später erneut.');
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    const read = await fetch(`${gateways[0]}/api/events`, { headers: { 'x-test-user': user } });
    expect(read.status).toBe(200);
    expect((await write(user, 'POST', '/events')).status).toBe(201);
  });

  it('lets exactly one of 20 parallel creations through at 9 of 10 used, across replicas', async () => {
    const user = newUser();
    expect(await repeat(9, () => write(user, 'POST', '/events'))).toEqual(Array(9).fill(201));
    const before = writesTo('/events');
    const race = await Promise.all(Array.from({ length: 20 }, (_, i) => write(user, 'POST', '/events', undefined, i % 2)));
    expect(race.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(race.filter((answer) => answer.status === 429)).toHaveLength(19);
    expect(writesTo('/events') - before).toBe(1);
  });

  it('counts a copy ("Kopieren") against the markets of the day, as a create', async () => {
    const user = newUser();
    const copy = () =>
      write(user, 'POST', `/events/${randomUUID()}/copy`, { startDateTime: '2027-06-12T10:00:00+02:00', endDateTime: '2027-06-12T16:00:00+02:00' });
    expect(await repeat(9, () => write(user, 'POST', '/events'))).toEqual(Array(9).fill(201));
    expect((await copy()).status).toBe(201);
    const before = upstream.writes.length;
    for (const refused of [await copy(), await write(user, 'POST', '/events')]) {
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: 'Du hast in den letzten 24 Stunden schon 10 Flohmärkte angelegt. Bitte versuche es später erneut.' });
      expect(Number(refused.retryAfter)).toBeGreaterThan(DAY_S - 600);
    }
    expect(upstream.writes.length).toBe(before);
    // The other writes keep their own budget.
    expect((await write(user, 'PUT', `/events/${randomUUID()}`)).status).toBe(200);
  });

  it('counts a series as its dates up to a year of weekly dates a day, and refuses one with more dates than are left whole, saying how many are left', async () => {
    const user = newUser();
    // Single markets stop at 10; a series may fill the day up to 52 (the contract's weekly year).
    expect(await repeat(10, () => write(user, 'POST', '/events'))).toEqual(Array(10).fill(201));
    expect((await write(user, 'POST', '/events', series(30))).status).toBe(201);
    const before = writesTo('/events');
    const tooMany = await write(user, 'POST', '/events', series(13), 1);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body).toEqual({
      message:
        'Die Reihe hätte 13 Termine, du kannst aber gerade nur noch 12 Flohmärkte anlegen (mit einer Reihe höchstens 52 Flohmärkte in 24 Stunden). ' +
        'Bitte wähle weniger Termine oder versuche es später erneut.',
    });
    expect(Number(tooMany.retryAfter)).toBeGreaterThan(DAY_S - 600);
    expect(writesTo('/events') - before).toBe(0);
    // The refused series took nothing: twelve more fit, then not one.
    expect((await write(user, 'POST', '/events', series(12))).status).toBe(201);
    const full = await write(user, 'POST', '/events', series(2));
    expect(full.status).toBe(429);
    expect(full.body.message).toBe(
      'Die Reihe hätte 2 Termine, du kannst aber gerade keinen Flohmarkt mehr anlegen (mit einer Reihe höchstens 52 Flohmärkte in 24 Stunden). ' +
        'Bitte wähle weniger Termine oder versuche es später erneut.',
    );
    expect((await write(user, 'POST', '/events')).status).toBe(429);
  });

  it('makes a year of weekly dates at once, then no single market that day, and gives back every date of a series the service refuses', async () => {
    const user = newUser();
    const before = writesTo('/events');
    expect((await write(user, 'POST', '/events', series(52, TYPO))).status).toBe(400);
    expect((await write(user, 'POST', '/events', series(52))).status).toBe(201);
    expect(writesTo('/events') - before).toBe(1);
    const single = await write(user, 'POST', '/events');
    expect(single.status).toBe(429);
    expect(single.body).toEqual({ message: 'Du hast in den letzten 24 Stunden schon 10 Flohmärkte angelegt. Bitte versuche es später erneut.' });
  });

  it('lets 52 parallel series of 2 take no more than the 52 markets a series may fill a day with, across replicas', async () => {
    const user = newUser();
    const before = writesTo('/events');
    const race = await Promise.all(Array.from({ length: 52 }, (_, i) => write(user, 'POST', '/events', series(2), i % 2)));
    expect(race.filter((answer) => answer.status === 201)).toHaveLength(26);
    expect(race.filter((answer) => answer.status === 429)).toHaveLength(26);
    expect(writesTo('/events') - before).toBe(26);
  });

  it('answers 20 parallel requests with one key with one market and its replays, never 429, and spends one unit for them all', async () => {
    const user = newUser();
    const before = writesTo('/events');
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${gateways[i % 2]}/api/events`, {
          method: 'POST',
          headers: { 'x-test-user': user, 'content-type': 'application/json', 'idempotency-key': 'twenty-at-once' },
          body: JSON.stringify({ name: PAUSED }),
        }).then(async (answer) => ({
          status: answer.status,
          replayed: answer.headers.get('idempotent-replayed'),
          body: (await answer.json()) as { id?: string },
        })),
      ),
    );
    expect(all.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    expect(new Set(all.map((answer) => answer.body.id)).size).toBe(1);
    expect(all.filter((answer) => answer.replayed === 'true')).toHaveLength(19);
    expect(writesTo('/events') - before).toBe(1);
    expect(await repeat(9, () => write(user, 'POST', '/events'))).toEqual(Array(9).fill(201));
    expect((await write(user, 'POST', '/events')).status).toBe(429);
  });

  it('answers a repeat of a key still in flight with the 409 of the contract, not a budget refusal, and spends nothing for it', async () => {
    const user = newUser();
    expect(await repeat(9, () => write(user, 'POST', '/events'))).toEqual(Array(9).fill(201));
    const keyed = (name: string, key: string) =>
      fetch(`${gateways[0]}/api/events`, {
        method: 'POST',
        headers: { 'x-test-user': user, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ name }),
      }).then(async (answer) => ({ status: answer.status, code: answer.headers.get('error-code'), body: (await answer.json()) as { message?: string } }));
    const first = keyed(SLOW, 'slow-tenth');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await keyed(SLOW, 'slow-tenth');
    expect(again).toEqual({ status: 409, code: 'IDEMPOTENT_REQUEST_PENDING', body: { message: API_ERRORS.idempotentRequestPending } });
    expect((await first).status).toBe(201);
    expect((await write(user, 'POST', '/events')).status).toBe(429);
  });

  it('answers 503 with the German sentence, and forwards nothing, when Redis does not answer in time; a unit taken late goes back', async () => {
    const user = newUser();
    const before = upstream.writes.length;
    relay.stall();
    const answer = await fetch(`${stalledGateway}/api/events`, {
      method: 'POST',
      headers: { 'x-test-user': user, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Hofflohmarkt' }),
    });
    expect(answer.status).toBe(503);
    expect(await answer.json()).toEqual({ message: API_ERRORS.serviceUnavailable });
    expect(upstream.writes.length).toBe(before);
    // Redis answers after all and takes the unit; the write never happened, so the unit comes back.
    relay.resume();
    const created = await repeat(10, async () => {
      const again = await fetch(`${stalledGateway}/api/events`, {
        method: 'POST',
        headers: { 'x-test-user': user, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Hofflohmarkt' }),
      });
      return { status: again.status };
    });
    expect(created).toEqual(Array(10).fill(201));
  });
});
