import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpSession } from '@flohmarkt/launcher/http-session';

/*
 * What the benchmarks that go through the public API set up alike: people signed in, markets in
 * Köln-Ehrenfeld, set-up calls that must succeed, and the wait until an uploaded photo is served.
 */

export const CENTER = { latitude: 50.9497, longitude: 6.9169 };
const DAY = 24 * 3600 * 1000;

/** A six-hour market at CENTER, `daysAhead` days from now, as POST /api/events takes it; `more` adds fields. */
export function marketBody(name, daysAhead, more = {}) {
  const start = new Date(Date.now() + daysAhead * DAY);
  const end = new Date(start.getTime() + 6 * 3600 * 1000);
  return { name, location: 'Ehrenfeld, Köln', ...CENTER, startDateTime: start.toISOString(), endDateTime: end.toISOString(), ...more };
}

export async function signedIn(base, person) {
  const session = new HttpSession(base);
  await session.signIn(person);
  return session;
}

/**
 * A set-up call that must succeed; on a 503 or a lost connection (a busy machine) it is sent again
 * with the same Idempotency-Key, a few times.
 */
export async function must(session, method, path, body, expected = [200, 201]) {
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

/** Polls a photo's URL every `intervalMs` until the gateway serves it (200); gives up after `polls` more. */
export async function untilServed(url, intervalMs, polls = Infinity) {
  for (let i = 0; ; i++) {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (res.status === 200) return;
    if (i > polls) throw new Error(`the photo ${url} is not served (${res.status})`);
    await sleep(intervalMs);
  }
}
