import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { HttpSession } from '@flohmarkt/launcher/http-session';

export const CENTER = { latitude: 50.9497, longitude: 6.9169 };
const DAY = 24 * 3600 * 1000;

/**
 * A set-up call that must succeed; on a 503 or a lost connection (a busy machine) it is sent again
 * with the same Idempotency-Key, a few times.
 */
async function must(session, method, path, body, expected = [200, 201]) {
  const key = randomUUID();
  for (let attempt = 1; ; attempt++) {
    const res = await session
      .fetch(path, {
        method,
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      .catch(() => null);
    const text = res ? await res.text() : '';
    if (res && expected.includes(res.status)) return text ? JSON.parse(text) : null;
    if ((res && res.status !== 503) || attempt === 10) throw new Error(`${method} ${path}: ${res?.status ?? 'no connection'} ${text}`);
    await sleep(2000);
  }
}

async function signedIn(base, person) {
  const session = new HttpSession(base);
  await session.signIn(person);
  return session;
}

/**
 * What the readers read and who writes: an organiser, a seller and a reader signed in; one market
 * with the seller's approved stand and its photo, served (the photo worker has written it).
 */
export async function prepareFixture(base, runId) {
  const organiser = await signedIn(base, { email: `organisatorin-${runId}@example.org`, firstName: 'Olga', lastName: 'Störfall' });
  const sellerEmail = `verkaeufer-${runId}@example.org`;
  const seller = await signedIn(base, { email: sellerEmail, firstName: 'Sven', lastName: 'Störfall' });
  const reader = await signedIn(base, { email: `leser-${runId}@example.org`, firstName: 'Lea', lastName: 'Störfall' });
  const start = new Date(Date.now() + 10 * DAY);
  const event = await must(organiser, 'POST', '/api/events', {
    name: 'Hofflohmarkt der Lesenden',
    location: 'Ehrenfeld, Köln',
    ...CENTER,
    startDateTime: start.toISOString(),
    endDateTime: new Date(start.getTime() + 6 * 3600 * 1000).toISOString(),
    notifyOnRegistration: false,
  });
  const stand = await must(seller, 'POST', '/api/stands', {
    eventId: event.id,
    description: 'Bücher und Platten zum Lesen.',
    categories: ['Bücher'],
    latitude: CENTER.latitude + 0.0005,
    longitude: CENTER.longitude + 0.0005,
  });
  await must(organiser, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();
  const uploaded = await must(seller, 'POST', `/api/stands/${stand.id}/photos`, {
    photoData: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    fileName: 'stand.jpg',
  });
  const photoPath = uploaded.photos.at(-1);
  for (let i = 0; ; i++) {
    const res = await fetch(`${base}${photoPath}`);
    await res.arrayBuffer();
    if (res.status === 200) break;
    if (i > 120) throw new Error(`the photo ${photoPath} is not served (${res.status})`);
    await sleep(500);
  }
  return { organiser, seller, sellerEmail, reader, fixture: { eventId: event.id, standId: stand.id, photoPath } };
}
