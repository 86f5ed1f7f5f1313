import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CENTER, marketBody } from '../api-setup.mjs';

/** A request that has no answer after this long counts as "no answer" (and stops waiting). */
const REQUEST_TIMEOUT_MS = 30_000;
/** The writer gives a write up (unacknowledged) when retries found no answer for this long. */
const WRITE_GIVE_UP_MS = 60_000;

/**
 * One request, timed, never throwing: `outcome` is the status, 'conn' (refused, reset, closed
 * before an answer) or 'timeout' (no answer within REQUEST_TIMEOUT_MS).
 */
export async function timedFetch(url, init = {}) {
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    return { started, ms: performance.now() - started, outcome: res.status, res, text, requestId: res.headers.get('x-request-id') };
  } catch (err) {
    const timedOut = err?.name === 'TimeoutError' || err?.cause?.name === 'TimeoutError';
    return { started, ms: performance.now() - started, outcome: timedOut ? 'timeout' : 'conn', cause: err?.cause?.code ?? err?.message };
  }
}

/**
 * What every request of the run got, kept per phase (the fault running when it was sent). The
 * phase is set by the driver; reads and writes only append.
 */
export class Recorder {
  constructor() {
    this.phase = 'setup';
    this.requests = [];
    this.writes = [];
  }

  /** `what`: the method and path asked, so a stray answer can be told apart; the request id finds it in the logs. */
  record(kind, result, what) {
    this.requests.push({ phase: this.phase, kind, what, ms: result.ms, outcome: result.outcome, cause: result.cause, requestId: result.requestId });
  }
}

/**
 * A browser session's cookie with plain fetch (the launcher's HttpSession signs in; this only
 * sends its cookie), so every request goes through timedFetch.
 */
export const cookieOf = (session) => (session ? { cookie: session.cookieHeader() } : {});

/** `Connection: close` on every request when asked (`--fresh-connections`): each one on a new connection, as a script without keep-alive sends them. */
const connectionOf = (fresh) => (fresh ? { connection: 'close' } : {});

/**
 * What the readers read, as [session (null: anonymous), path]: the event list, an event page, its
 * stands and a photo anonymously; who am I, an event page and its stands signed in, and the
 * organiser's "Meine Flohmärkte".
 */
export function readsOf({ fixture, reader, organiser }) {
  return [
    [null, '/api/events?upcoming=true&limit=20'],
    [null, `/api/events/${fixture.eventId}`],
    [null, `/api/events/${fixture.eventId}/stands`],
    [null, fixture.photoPath],
    [reader, '/api/auth/user'],
    [reader, `/api/events/${fixture.eventId}`],
    [reader, `/api/events/${fixture.eventId}/stands`],
    [organiser, '/api/me/events'],
  ];
}

/** `connections` loops of the reads (readsOf) until stop() says so: the even ones anonymous, the odd ones signed in. */
export function startReaders({ base, recorder, connections, fixture, reader, organiser, freshConnections = false }) {
  let running = true;
  const reads = readsOf({ fixture, reader, organiser });
  const anonymous = reads.filter(([session]) => !session);
  const signedIn = reads.filter(([session]) => session);
  const loops = Array.from({ length: connections }, async (_, connection) => {
    for (let i = connection; running; i++) {
      const [session, target] = connection % 2 === 0 ? anonymous[i % anonymous.length] : signedIn[i % signedIn.length];
      recorder.record('read', await timedFetch(`${base}${target}`, { headers: { ...cookieOf(session), ...connectionOf(freshConnections) } }), `GET ${target}`);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * A write as the web app sends it: one Idempotency-Key per submission, kept across retries; a 503,
 * a connection error or no answer is sent again with the same key (after Retry-After, at most 2 s),
 * and so is a 409 saying the first attempt is still being worked on. It gives up after
 * WRITE_GIVE_UP_MS. Every attempt counts as a request of its phase; the write counts once, in the
 * phase of its first attempt, with its final answer.
 */
async function write(recorder, { base, session, method, path, body, what, marker, freshConnections }) {
  const key = randomUUID();
  const phase = recorder.phase;
  const began = performance.now();
  let attempts = 0;
  for (;;) {
    attempts++;
    const result = await timedFetch(`${base}${path}`, {
      method,
      headers: { ...cookieOf(session), ...connectionOf(freshConnections), 'content-type': 'application/json', 'idempotency-key': key },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    recorder.record('write', result, `${method} ${path}`);
    const stillWorking = result.outcome === 409 && /noch bearbeitet/i.test(result.text ?? '');
    const retry = result.outcome === 503 || result.outcome === 'conn' || result.outcome === 'timeout' || stillWorking;
    if (!retry || performance.now() - began > WRITE_GIVE_UP_MS) {
      let answer = null;
      try {
        answer = result.text ? JSON.parse(result.text) : null;
      } catch {
        answer = null;
      }
      const entry = { phase, what, marker, status: result.outcome, attempts, answer, replayed: result.res?.headers.get('idempotent-replayed') === 'true' };
      recorder.writes.push(entry);
      return entry;
    }
    const after = Number(result.res?.headers.get('retry-after'));
    await sleep(Number.isFinite(after) && after > 0 ? Math.min(after * 1000, 2000) : 1000);
  }
}

/** A write whose final answer was 2xx. */
export const acknowledged = (write) => typeof write.status === 'number' && write.status >= 200 && write.status < 300;

/**
 * One writer in cycles until stop(): the organiser creates a market (registration mails off, so
 * only the mails below are expected), a guest registers with an address of their own (one
 * confirmation request expected), the seller registers (signed in), the organiser approves the
 * seller's stand (one decision mail expected). Every name and address carries `runId` and the
 * cycle number, so the count afterwards finds each write's records.
 */
export function startWriter({ base, recorder, runId, organiser, seller, freshConnections = false }) {
  let running = true;
  const loop = (async () => {
    for (let n = 1; running; n++) {
      const marker = `${runId}-${n}`;
      // One write of this cycle: `what` names it in the count afterwards, `marker` finds its records.
      const submit = (what, session, method, path, body) => write(recorder, { base, freshConnections, session, method, path, what, marker, body });
      const event = await submit('market', organiser, 'POST', '/api/events', marketBody(`Störfallmarkt ${marker}`, 14, { notifyOnRegistration: false }));
      if (!acknowledged(event) || !event.answer?.id) continue;
      const eventId = event.answer.id;
      await submit('guest stand', null, 'POST', `/api/events/${eventId}/guest-stands`, {
        guestFirstName: 'Gast',
        guestEmail: `gast-${marker}@example.org`,
        description: `Gaststand ${marker}`,
        categories: ['Bücher'],
      });
      const stand = await submit('seller stand', seller, 'POST', '/api/stands', {
        eventId,
        description: `Verkäuferstand ${marker}`,
        categories: ['Bücher'],
        latitude: CENTER.latitude + 0.001,
        longitude: CENTER.longitude + 0.001,
      });
      if (!acknowledged(stand) || !stand.answer?.id) continue;
      await submit('approval', organiser, 'PATCH', `/api/stands/${stand.answer.id}/approve-draft`, {});
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}
