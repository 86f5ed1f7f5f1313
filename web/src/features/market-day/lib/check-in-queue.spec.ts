import { MARKET_DAY_MESSAGES, type TCheckIn } from '@flohmarkt/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/testing/render-app';
import { sendCheckIn } from '../api/market-day';
import { checkInQueueKey, queueCheckIn, readCheckInQueue, syncCheckInQueue, type PendingCheckIn } from './check-in-queue';

/* The phone's check-in queue (issue 36): kept first, one tick per stand, sent with its own time. */

const eventId = '00000001-0000-4000-8000-000000000036';
const standA = '00000002-0000-4000-8000-0000000000a1';
const standB = '00000002-0000-4000-8000-0000000000b2';

interface Sent {
  standId: string;
  body: { state: string; at: string };
}

/** fetch as the gateway answers PATCH /api/stands/{id}/check-in, and every request the queue made. */
function serverAnswering(answer: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const standId = /^\/api\/stands\/([^/]+)\/check-in$/.exec(path)?.[1];
      if (!standId || init?.method !== 'PATCH') return json({ message: 'Nicht gefunden.' }, 404);
      const one = { standId, body: JSON.parse(String(init.body)) as Sent['body'] };
      sent.push(one);
      return answer(one);
    }),
  );
  return sent;
}

const winnerOf = (sent: Sent, status = 200) =>
  json({ standId: sent.standId, state: sent.body.state as TCheckIn['state'], at: sent.body.at } satisfies TCheckIn, status);

function hooks() {
  return { onSaved: vi.fn(), onRefused: vi.fn(), onKept: vi.fn() };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('queueCheckIn', () => {
  it('keeps one tick per stand, the later one, whichever order they are queued in', () => {
    queueCheckIn(eventId, { standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' });
    queueCheckIn(eventId, { standId: standB, state: 'absent', at: '2030-06-01T08:01:00.000Z' });
    queueCheckIn(eventId, { standId: standA, state: 'absent', at: '2030-06-01T08:02:00.000Z' });
    // An older tick of A arriving last (another tab's late write) does not replace the newer one.
    queueCheckIn(eventId, { standId: standA, state: 'unknown', at: '2030-06-01T07:59:00.000Z' });
    expect(readCheckInQueue(eventId)).toEqual([
      { standId: standB, state: 'absent', at: '2030-06-01T08:01:00.000Z' },
      { standId: standA, state: 'absent', at: '2030-06-01T08:02:00.000Z' },
    ]);
  });

  it('survives a reload: the ticks are in localStorage under the market’s key and read back by a fresh page', async () => {
    const tick: PendingCheckIn = { standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' };
    queueCheckIn(eventId, tick);
    expect(JSON.parse(localStorage.getItem(checkInQueueKey(eventId)) ?? 'null')).toEqual([tick]);
    vi.resetModules();
    const fresh = await import('./check-in-queue');
    expect(fresh.readCheckInQueue(eventId)).toEqual([tick]);
    // Another market's queue is its own.
    expect(fresh.readCheckInQueue('00000001-0000-4000-8000-000000000099')).toEqual([]);
  });

  it('reads a broken stored value as no ticks', () => {
    localStorage.setItem(checkInQueueKey(eventId), '[{"standId":1},{"standId":"x","state":"weg","at":"gestern"}');
    expect(readCheckInQueue(eventId)).toEqual([]);
    localStorage.setItem(checkInQueueKey(eventId), JSON.stringify([{ standId: 'x', state: 'weg', at: 'gestern' }]));
    expect(readCheckInQueue(eventId)).toEqual([]);
  });
});

describe('syncCheckInQueue', () => {
  it('sends each tick with the time it was made, not the time of sending, and empties the queue on 2xx', async () => {
    const sent = serverAnswering((one) => winnerOf(one));
    queueCheckIn(eventId, { standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' });
    queueCheckIn(eventId, { standId: standB, state: 'absent', at: '2030-06-01T08:03:00.000Z' });
    const h = hooks();
    await expect(syncCheckInQueue(eventId, sendCheckIn, h)).resolves.toBe('synced');
    expect(sent).toEqual([
      { standId: standA, body: { state: 'present', at: '2030-06-01T08:00:00.000Z' } },
      { standId: standB, body: { state: 'absent', at: '2030-06-01T08:03:00.000Z' } },
    ]);
    expect(readCheckInQueue(eventId)).toEqual([]);
    expect(localStorage.getItem(checkInQueueKey(eventId))).toBeNull();
    expect(h.onSaved).toHaveBeenCalledWith({ standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' });
  });

  it('keeps the ticks when there is no network, and sends them on the next run', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const tick: PendingCheckIn = { standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' };
    queueCheckIn(eventId, tick);
    queueCheckIn(eventId, { standId: standB, state: 'absent', at: '2030-06-01T08:01:00.000Z' });
    const h = hooks();
    await expect(syncCheckInQueue(eventId, sendCheckIn, h)).resolves.toBe('waiting');
    expect(readCheckInQueue(eventId)).toHaveLength(2);
    // Stopped at the first failure: the second tick would meet the same dead network.
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
    expect(h.onSaved).not.toHaveBeenCalled();
    expect(h.onRefused).not.toHaveBeenCalled();

    const sent = serverAnswering((one) => winnerOf(one));
    await expect(syncCheckInQueue(eventId, sendCheckIn, hooks())).resolves.toBe('synced');
    expect(sent.map((s) => s.body.at)).toEqual(['2030-06-01T08:00:00.000Z', '2030-06-01T08:01:00.000Z']);
  });

  it('keeps the ticks when the server or a service is down (503, 500)', async () => {
    queueCheckIn(eventId, { standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' });
    serverAnswering(() => json({ message: 'Der Dienst ist gerade nicht erreichbar.' }, 503));
    await expect(syncCheckInQueue(eventId, sendCheckIn, hooks())).resolves.toBe('waiting');
    serverAnswering(() => json({ message: 'Interner Fehler.' }, 500));
    await expect(syncCheckInQueue(eventId, sendCheckIn, hooks())).resolves.toBe('waiting');
    expect(readCheckInQueue(eventId)).toHaveLength(1);
  });

  it('drops a tick the server refuses for good (409 not approved) and says why, and goes on with the next', async () => {
    serverAnswering((one) => (one.standId === standA ? json({ message: MARKET_DAY_MESSAGES.checkInNotApproved }, 409) : winnerOf(one)));
    queueCheckIn(eventId, { standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' });
    queueCheckIn(eventId, { standId: standB, state: 'absent', at: '2030-06-01T08:01:00.000Z' });
    const h = hooks();
    await expect(syncCheckInQueue(eventId, sendCheckIn, h)).resolves.toBe('synced');
    expect(h.onRefused).toHaveBeenCalledWith({ standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' }, MARKET_DAY_MESSAGES.checkInNotApproved);
    expect(h.onSaved).toHaveBeenCalledTimes(1);
    expect(readCheckInQueue(eventId)).toEqual([]);
  });

  it('writes the server’s winner back, which may be another phone’s later tick', async () => {
    serverAnswering((one) => json({ standId: one.standId, state: 'absent', at: '2030-06-01T08:05:00.000Z' }));
    queueCheckIn(eventId, { standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' });
    const h = hooks();
    await syncCheckInQueue(eventId, sendCheckIn, h);
    expect(h.onSaved).toHaveBeenCalledWith({ standId: standA, state: 'absent', at: '2030-06-01T08:05:00.000Z' });
  });

  it('keeps a tick made while the older one was on its way, and sends it in the same sync', async () => {
    let release: () => void = () => undefined;
    const firstAnswered = new Promise<void>((resolve) => (release = resolve));
    const sent = serverAnswering(async (one) => {
      if (sent.length === 1) await firstAnswered;
      return winnerOf(one);
    });
    queueCheckIn(eventId, { standId: standA, state: 'present', at: '2030-06-01T08:00:00.000Z' });
    const running = syncCheckInQueue(eventId, sendCheckIn, hooks());
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // The helper taps again (back to "offen") while the first answer is outstanding.
    queueCheckIn(eventId, { standId: standA, state: 'unknown', at: '2030-06-01T08:00:30.000Z' });
    const again = syncCheckInQueue(eventId, sendCheckIn, hooks());
    release();
    await expect(running).resolves.toBe('synced');
    await expect(again).resolves.toBe('synced');
    expect(sent.map((s) => s.body)).toEqual([
      { state: 'present', at: '2030-06-01T08:00:00.000Z' },
      { state: 'unknown', at: '2030-06-01T08:00:30.000Z' },
    ]);
    expect(readCheckInQueue(eventId)).toEqual([]);
  });
});
