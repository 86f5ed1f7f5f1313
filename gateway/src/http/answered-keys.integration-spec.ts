import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardApi } from '../routing/forward.js';
import { startForwardingGateway, type FakeAnswer, type ForwardingGateway, type ReceivedCall } from '../testing/forwarding-gateway.js';

/** The calls whose fake service keeps the first answer per caller and key, as `@Idempotent()` does. */
const KEYED = [/^POST \/events$/, /^POST \/events\/[^/]+\/(guest-stands|copy)$/, /^POST \/stands\/[^/]+\/photos$/];
/** media's question before an upload's body: every stand may take photos here. */
const UPLOAD_ACCESS = /^\/internal\/stands\/([^/]+)\/photo-upload-access$/;

/**
 * One fake for every service: a keyed call of KEYED is applied once per caller (x-user-id, guests
 * share one scope) and key, its repeats get the first answer with Idempotent-Replayed, and the key
 * sent again with another path or body gets 422 (server-kit's request fingerprint); every other
 * write is applied each time and its key ignored. `applied` lists what was applied.
 */
function idempotentServices() {
  const kept = new Map<string, { fingerprint: string; answer: FakeAnswer }>();
  const applied: string[] = [];
  const answer = (call: ReceivedCall): FakeAnswer => {
    const access = UPLOAD_ACCESS.exec(call.path);
    if (access) return { status: 200, body: { standId: access[1] } };
    const line = `${call.method} ${call.path}`;
    const key = call.headers['idempotency-key'];
    const store = typeof key === 'string' && KEYED.some((pattern) => pattern.test(line)) ? `${call.headers['x-user-id'] ?? 'guest'}:${key}` : null;
    const fingerprint = `${line}\n${call.body}`;
    const first = store ? kept.get(store) : undefined;
    if (first && first.fingerprint !== fingerprint) return { status: 422, body: { message: 'Anderer Auftrag', code: 'IDEMPOTENCY_KEY_REUSED' } };
    if (first) return { ...first.answer, headers: { 'idempotent-replayed': 'true' } };
    applied.push(line);
    const fresh = { status: call.method === 'POST' ? 201 : 200, body: { id: randomUUID() } };
    if (store) kept.set(store, { fingerprint, answer: fresh });
    return fresh;
  };
  return { answer, applied };
}

const services = idempotentServices();
let gateway: ForwardingGateway;
beforeAll(async () => {
  gateway = await startForwardingGateway((app, deps) => app.use('/api', forwardApi(deps)), services.answer);
});
afterAll(async () => {
  await gateway?.close();
});

async function send(method: string, path: string, key: string, user?: string, body: unknown = { name: 'Hofflohmarkt' }) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': key };
  if (user) headers.cookie = `test-user=${user}`;
  const answer = await fetch(`${gateway.base}/api${path}`, { method, headers, body: JSON.stringify(body) });
  return { status: answer.status, replayed: answer.headers.get('idempotent-replayed'), body: (await answer.json()) as { id?: string; message?: string } };
}

async function inTurn(times: number, call: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await call(i)).status);
  return statuses;
}

const appliedCount = (pattern: RegExp) => services.applied.filter((line) => pattern.test(line)).length;

describe('a retried write costs nothing again (write budgets and rate limits, real Redis)', () => {
  it('answers the retry of the 10th market of the day with its first answer, not 429, and still refuses an 11th', async () => {
    const user = randomUUID();
    const before = appliedCount(/^POST \/events$/);
    expect(await inTurn(10, (i) => send('POST', '/events', `market-${i}`, user))).toEqual(Array(10).fill(201));
    const tenth = await send('POST', '/events', 'market-9', user);
    expect(tenth.status).toBe(201);
    for (let retry = 0; retry < 11; retry++) {
      const again = await send('POST', '/events', 'market-9', user);
      expect(again).toEqual({ status: 201, replayed: 'true', body: tenth.body });
    }
    expect(appliedCount(/^POST \/events$/) - before).toBe(10);
    const eleventh = await send('POST', '/events', 'market-10', user);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.message).toBe('Du hast in den letzten 24 Stunden schon 10 Flohmärkte angelegt. Bitte versuche es später erneut.');
  });

  it('takes one unit for two requests with one key at once: the one answered by replay gives its unit back', async () => {
    const user = randomUUID();
    expect(await inTurn(8, (i) => send('POST', '/events', `market-${i}`, user))).toEqual(Array(8).fill(201));
    const both = await Promise.all([send('POST', '/events', 'twice', user), send('POST', '/events', 'twice', user)]);
    expect(both.map((answer) => answer.status)).toEqual([201, 201]);
    expect(both.filter((answer) => answer.replayed === 'true')).toHaveLength(1);
    expect((await send('POST', '/events', 'the-tenth', user)).status).toBe(201);
    expect((await send('POST', '/events', 'one-too-many', user)).status).toBe(429);
  });

  it('lets a key answered on a call that keeps no answers buy nothing on a call that does', async () => {
    const user = randomUUID();
    expect(await inTurn(10, (i) => send('POST', '/events', `market-${i}`, user))).toEqual(Array(10).fill(201));
    expect((await send('PUT', `/events/${randomUUID()}`, 'borrowed', user)).status).toBe(200);
    expect((await send('POST', '/events', 'borrowed', user)).status).toBe(429);
  });

  it("gives a guest's repeated registration no new slot of the address's 20, once seen and when two come at once", async () => {
    const event = randomUUID();
    const guestRegistration = (key: string) => send('POST', `/events/${event}/guest-stands`, key);
    expect(await inTurn(18, (i) => guestRegistration(`guest-${i}`))).toEqual(Array(18).fill(201));
    const both = await Promise.all([guestRegistration('twice'), guestRegistration('twice')]);
    expect(both.filter((answer) => answer.replayed === 'true')).toHaveLength(1);
    const twentieth = await guestRegistration('the-twentieth');
    expect(twentieth.status).toBe(201);
    expect(await guestRegistration('the-twentieth')).toEqual({ status: 201, replayed: 'true', body: twentieth.body });
    const refused = await guestRegistration('one-too-many');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Zu viele Anmeldungen. Bitte versuche es später erneut.');
  });

  it('takes a key answered for one market for a new write at another: it pays, it is no repeat', async () => {
    const user = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    const copy = (event: string, key: string) => send('POST', `/events/${event}/copy`, key, user, { startDateTime: '2031-06-14T08:00:00.000Z' });
    expect(await inTurn(10, (i) => copy(first, `copy-${i}`))).toEqual(Array(10).fill(201));
    // The day's 10 markets are made; a key answered for the first market's copy is refused for the second's, not waved through.
    expect((await copy(second, 'copy-0')).status).toBe(429);
    expect((await copy(first, 'copy-0')).replayed).toBe('true');
  });

  it("counts an upload's repeats against the photo limit while they send their bodies; a true replay gives its slot back", async () => {
    const user = randomUUID();
    const stand = randomUUID();
    const upload = (key: string, photo: string) => send('POST', `/stands/${stand}/photos`, key, user, { photoData: photo, fileName: 'foto.png' });
    expect((await upload('photo-1', 'data:image/png;base64,AAAA')).status).toBe(201);
    // Replays of the same upload: each takes a slot and gets it back, so the 30 of the window stay.
    for (let i = 0; i < 35; i++) expect((await upload('photo-1', 'data:image/png;base64,AAAA')).replayed).toBe('true');
    // The same key with other bodies (a slow-body loop needs no more): each pays; the 30th of the window is the last.
    expect(await inTurn(29, (i) => upload('photo-1', `data:image/png;base64,${i}`))).toEqual(Array(29).fill(422));
    expect((await upload('photo-1', 'data:image/png;base64,BBBB')).status).toBe(429);
  });
});
