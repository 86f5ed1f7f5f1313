import { setTimeout as sleep } from 'node:timers/promises';
import { GeocoderError } from './geocoder-error.js';

/**
 * Nominatim's usage policy: one request per second, absolute. The geocoder counts arrivals, we can
 * only space departures: the first request on a new connection arrives later than the next one on
 * the kept-alive connection. A tenth of a second of margin keeps arrivals a second apart too.
 */
export const DEFAULT_INTERVAL_MS = 1100;

/**
 * At most one request per interval. Callers reserve the next free slot synchronously, so concurrent
 * callers get distinct slots, then wait for it.
 */
export class Throttle {
  private nextSlot = 0;

  constructor(readonly intervalMs = DEFAULT_INTERVAL_MS) {}

  /**
   * Waits for the caller's slot. Refuses at once (GeocoderError 'busy') when that slot is after the
   * deadline: a queue of waiting users would only end in timeouts.
   */
  async acquire(deadline: number): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, this.nextSlot);
    if (slot > deadline) throw new GeocoderError('busy', 'Der Geocoder ist gerade ausgelastet.');
    this.nextSlot = slot + this.intervalMs;
    if (slot > now) await sleep(slot - now);
  }
}

const shared = new Map<string, Throttle>();

/** One throttle per geocoder (by origin) for the whole process, whichever client instance asks. */
export function sharedThrottle(origin: string, intervalMs = DEFAULT_INTERVAL_MS): Throttle {
  let throttle = shared.get(origin);
  if (!throttle) {
    throttle = new Throttle(intervalMs);
    shared.set(origin, throttle);
  }
  return throttle;
}
