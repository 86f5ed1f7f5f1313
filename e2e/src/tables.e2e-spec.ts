import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, signedInSession, type Answer } from './support/api-call.js';
import { type HttpSession } from './support/browser-session.js';
import { Mailbox } from './support/mailbox.js';
import { startTestStack, type TestStack } from './support/stack.js';

/*
 * Issue 35, "what is on the tables", through the whole stack as its people meet it: a seller lists items
 * with prices; a visitor near another market finds them by plural, umlaut and typo variants (not the
 * items of a pending stand); a wish alert mails once for a new matching item; a hold is asked for,
 * accepted from the seller's mail link without signing in, shows its pickup code to the holder only and
 * "held" to everyone else, and no answer ever shows the seller the holder's e-mail.
 * The come-back sweeps run every 5 s and gather for 1 s here (the product: 30 s and 120 s).
 */

type Signed = HttpSession & { id: string };

let stack: TestStack;
let mailbox: Mailbox;
let organiser: Signed;
let seller: Signed;
let visitor: Signed;
let eventId: string;
let standId: string;

// Leipzig: the market in the Waldstraßenviertel; the visitor searches from Connewitz, 4 km south-east.
const MARKET = { latitude: 51.3456, longitude: 12.3578 };
const STAND = { latitude: '51.34570000', longitude: '12.35800000' };
const CONNEWITZ = { lat: 51.3128, lng: 12.3819 };
const DAY = 24 * 3600_000;

const call = (who: Signed | null, method: string, path: string, body?: unknown): Promise<Answer> => apiCall(stack.publicUrl, who, method, path, body);
const search = (q: string) =>
  call(null, 'GET', `/api/items/search?q=${encodeURIComponent(q)}&lat=${CONNEWITZ.lat}&lng=${CONNEWITZ.lng}&radiusKm=10`).then((answer) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return (answer.body as { item: { title: string } | null }[]).flatMap((hit) => (hit.item ? [hit.item.title] : []));
  });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function newMarket(name: string): Promise<string> {
  const start = new Date(Date.now() + 7 * DAY);
  const created = await call(organiser, 'POST', '/api/events', {
    name,
    location: 'Waldstraßenviertel, Leipzig',
    startDateTime: start.toISOString(),
    endDateTime: new Date(start.getTime() + 5 * 3600_000).toISOString(),
    ...MARKET,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

async function item(stand: string, title: string, price: unknown, category = 'Spielzeug'): Promise<string> {
  const created = await call(seller, 'POST', `/api/stands/${stand}/items`, { title, price, category });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

beforeAll(async () => {
  stack = await startTestStack({ env: { COME_BACK_SWEEP_SECONDS: '1', COME_BACK_GATHER_S: '1', MAIL_RETRY_MAX_MS: '1000' } });
  mailbox = new Mailbox(stack.mailDir);
  [organiser, seller, visitor] = await Promise.all([
    signedInSession(stack.publicUrl, 'olga.tische@example.org', 'Olga', 'Orga'),
    signedInSession(stack.publicUrl, 'sina.tische@example.org', 'Sina', 'Sommer'),
    signedInSession(stack.publicUrl, 'vico.tische@example.org', 'Vico', 'Vogel'),
  ]);
  eventId = await newMarket('Hofflohmarkt im Waldstraßenviertel');
  const stand = await call(seller, 'POST', '/api/stands', { eventId, description: 'Spielsachen und Kinderkleidung', categories: ['Spielzeug'], ...STAND });
  expect(stand.status, JSON.stringify(stand.body)).toBe(201);
  standId = stand.body.id as string;
  expect((await call(organiser, 'PATCH', `/api/stands/${standId}/approve-draft`)).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

describe('items with prices, found from another neighbourhood', () => {
  it('lists the items with their prices and finds them by plural, umlaut, ß and typo variants; a pending stand’s stay hidden', async () => {
    await item(standId, 'Kinderfahrrad 20 Zoll', { kind: 'fixed', cents: 2500 });
    await item(standId, 'Karte der Straße von 1970', { kind: 'negotiable', cents: 500 }, 'Bücher');
    await item(standId, 'Puppenhaus aus Holz', { kind: 'free' });
    const listed = await call(null, 'GET', `/api/stands/${standId}/items`);
    expect(listed.body.map((i: { title: string; price: unknown; status: string }) => [i.title, i.price, i.status])).toEqual([
      ['Puppenhaus aus Holz', { kind: 'free' }, 'available'],
      ['Karte der Straße von 1970', { kind: 'negotiable', cents: 500 }, 'available'],
      ['Kinderfahrrad 20 Zoll', { kind: 'fixed', cents: 2500 }, 'available'],
    ]);

    // Another market's seller with a pending stand: their bike is not found until approved.
    const other = await newMarket('Trödel am Sonntag');
    const pending = await call(seller, 'POST', '/api/stands', { eventId: other, description: 'Fahrräder und Zubehör', categories: ['Spielzeug'], ...STAND });
    await item(pending.body.id as string, 'Kinderfahrrad blau', { kind: 'fixed', cents: 4000 });

    expect(await search('Kinderfahrräder')).toEqual(['Kinderfahrrad 20 Zoll']);
    expect(await search('kinderfahrrad')).toEqual(['Kinderfahrrad 20 Zoll']);
    expect(await search('Kinderfarrad')).toEqual(['Kinderfahrrad 20 Zoll']);
    expect(await search('Strasse')).toEqual(['Karte der Straße von 1970']);
    expect(await search('Puppenhäuser')).toEqual(['Puppenhaus aus Holz']);
    // 60 km away: nothing.
    const far = await call(null, 'GET', `/api/items/search?q=Kinderfahrrad&lat=51.0504&lng=13.7373&radiusKm=50`);
    expect(far.body).toEqual([]);
  });
});

describe("a guest's items", () => {
  it('are listed and given a photo through the manage link’s token alone, which no other token opens; the photo is public once approved', async () => {
    const registered = await call(null, 'POST', `/api/events/${eventId}/guest-stands`, {
      guestFirstName: 'Gerda',
      guestLastName: 'Gast',
      description: 'Schallplatten',
      categories: ['Bücher'],
      ...STAND,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const guestStand = registered.body.id as string;
    const token = String(registered.body.manageUrl).split('/').pop() ?? '';
    const asGuest = async (method: string, path: string, body: unknown, manageToken: string | null = token) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (manageToken) headers['x-manage-token'] = manageToken;
      const res = await fetch(`${stack.publicUrl}${path}`, { method, headers, body: JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    };
    const listed = await asGuest('POST', `/api/stands/${guestStand}/items`, {
      title: 'Schallplatte Abbey Road',
      price: { kind: 'fixed', cents: 1500 },
      category: 'Bücher',
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    const itemId = listed.body.id as string;
    const jpeg = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8f6b71' } })
      .jpeg()
      .toBuffer();
    const upload = { photoData: `data:image/jpeg;base64,${jpeg.toString('base64')}`, fileName: 'platte.jpg' };
    expect((await asGuest('POST', `/api/items/${itemId}/photo`, upload, null)).status).toBe(401);
    expect((await asGuest('POST', `/api/items/${itemId}/photo`, upload, 'Fremd_Token-0123456789')).status).toBe(404);
    const photo = await asGuest('POST', `/api/items/${itemId}/photo`, upload);
    expect(photo.status, JSON.stringify(photo.body)).toBe(200);
    const path = String(photo.body.photo);
    expect(path).toMatch(new RegExp(`^/api/media/stands/${guestStand}/items/${itemId}/[0-9a-f-]+\\.jpg$`));
    expect((await call(null, 'GET', `/api/stands/${guestStand}/items`)).status).toBe(404);

    expect((await call(organiser, 'PATCH', `/api/stands/${guestStand}/approve-draft`)).status).toBe(200);
    const items = await call(null, 'GET', `/api/stands/${guestStand}/items`);
    expect(items.body.map((i: { photo: string | null }) => i.photo)).toEqual([path]);
    // Processed in the background: the public gets the JPEG once the worker is done.
    let served = 0;
    for (let i = 0; i < 60 && served !== 200; i++) {
      served = (await fetch(`${stack.publicUrl}${path}`)).status;
      if (served !== 200) await pause(500);
    }
    expect(served).toBe(200);
    expect((await asGuest('DELETE', `/api/items/${itemId}/photo`, undefined)).status).toBe(200);
  });
});

describe('a wish alert', () => {
  it('mails once for a new matching item near its place, and waits with the next one', async () => {
    const alert = await call(visitor, 'POST', '/api/me/alerts', {
      lat: CONNEWITZ.lat,
      lng: CONNEWITZ.lng,
      radiusKm: 10,
      label: 'Connewitz',
      query: 'Schaukelpferde',
    });
    expect(alert.status, JSON.stringify(alert.body)).toBe(201);
    expect(alert.body.query).toBe('Schaukelpferde');
    await item(standId, 'Schaukelpferd aus Holz', { kind: 'fixed', cents: 1800 });
    const [mail] = await mailbox.waitFor({ to: 'vico.tische@example.org', subject: /Schaukelpferd/ }, 1, 60_000);
    expect(mail.text).toContain('Schaukelpferd aus Holz');
    expect(mail.text).toMatch(/Schaukelpferd aus Holz, 18\s€ – /);
    expect(mail.links).toContain(`${stack.publicUrl}/stands/${standId}`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // A second match within the day waits for the next mail.
    await item(standId, 'Schaukelpferd, klein', { kind: 'free' });
    // Three sweeps (1 s each) and the time a mail would take to arrive.
    await pause(6_000);
    expect((await mailbox.find({ to: 'vico.tische@example.org', subject: /Schaukelpferd/ })).length).toBe(1);
    // A one-letter wish is refused in German.
    const bad = await call(visitor, 'POST', '/api/me/alerts', { lat: CONNEWITZ.lat, lng: CONNEWITZ.lng, radiusKm: 10, query: 'S' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Suchauftrag/);
  }, 120_000);
});

describe('a free hold', () => {
  it('is asked for, accepted from the mail link without signing in, coded for the holder only and held for everyone else', async () => {
    const itemId = await item(standId, 'Holzeisenbahn mit Schienen', { kind: 'fixed', cents: 3500 });
    const asked = await call(visitor, 'POST', `/api/items/${itemId}/holds`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ itemId, status: 'requested' });
    const holdId = asked.body.id as string;
    // One open hold per item.
    const second = await call(organiser, 'POST', `/api/items/${itemId}/holds`);
    expect(second.status).toBe(409);
    // A seller cannot hold their own item.
    expect((await call(seller, 'POST', `/api/items/${await item(standId, 'Bilderbuch', { kind: 'free' }, 'Bücher')}/holds`)).status).toBe(400);

    const request = await mailbox.waitForOne({ to: 'sina.tische@example.org', subject: /^Reservierungsanfrage/ }, 60_000);
    expect(request.text).toContain('Vico V.');
    expect(request.text).not.toContain('vico.tische@example.org');
    const link = request.links.find((l) => l.includes(`/holds/${holdId}?token=`) && !l.includes('decision='));
    expect(link, request.links.join('\n')).toBeDefined();
    const token = new URL(link as string).searchParams.get('token') as string;

    // Opening the link changes nothing; deciding with its token needs no sign-in.
    const seen = await call(null, 'GET', `/api/holds/${holdId}?token=${encodeURIComponent(token)}`);
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe('requested');
    // A wrong token is a stranger's ask: the hold does not exist for it (404, as its read).
    expect((await call(null, 'PATCH', `/api/holds/${holdId}`, { decision: 'accept', token: 'falsch' })).status).toBe(404);
    const accepted = await call(null, 'PATCH', `/api/holds/${holdId}`, { decision: 'accept', token });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const code = accepted.body.pickupCode as string;
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect((await call(null, 'PATCH', `/api/holds/${holdId}`, { decision: 'decline', token })).status).toBe(409);

    // The holder sees the code; the seller sees the name and the code, never the e-mail.
    const mine = (await call(visitor, 'GET', '/api/me/holds')).body as { id: string; pickupCode: string | null; status: string }[];
    expect(mine.find((h) => h.id === holdId)).toMatchObject({ status: 'accepted', pickupCode: code });
    const sellers = await call(seller, 'GET', `/api/stands/${standId}/holds`);
    expect(sellers.body.find((h: { id: string }) => h.id === holdId)).toMatchObject({ holderName: 'Vico V.', pickupCode: code });
    expect(JSON.stringify(sellers.body)).not.toContain('vico.tische');
    // Everyone else: "held", and no code anywhere.
    const forOthers = await call(null, 'GET', `/api/stands/${standId}/items`);
    expect(forOthers.body.find((i: { id: string }) => i.id === itemId).status).toBe('held');
    expect(JSON.stringify(forOthers.body)).not.toContain(code);
    expect((await call(organiser, 'GET', `/api/holds/${holdId}`)).status).toBe(404);

    const toHolder = await mailbox.waitForOne({ to: 'vico.tische@example.org', subject: /^Reserviert: / }, 60_000);
    expect(toHolder.text).toContain(code);

    // The holder ends it; the item is free again.
    expect((await call(visitor, 'PATCH', `/api/holds/${holdId}`, { decision: 'end' })).status).toBe(200);
    const after = await call(null, 'GET', `/api/stands/${standId}/items`);
    expect(after.body.find((i: { id: string }) => i.id === itemId).status).toBe('available');
  }, 120_000);
});
