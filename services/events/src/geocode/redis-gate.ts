import { setTimeout as sleep } from 'node:timers/promises';
import { GEOCODER_MIN_INTERVAL_MS, GeocoderError } from '@flohmarkt/gazetteer';

/** The two Redis commands the gate needs (ioredis signatures). */
export interface SlotStore {
  set(key: string, value: string, px: 'PX', ms: number, nx: 'NX'): Promise<'OK' | null>;
  pttl(key: string): Promise<number>;
}

/**
 * One request per interval across every replica: a request may start only after taking a Redis key
 * that lives for the interval (SET NX PX). Whoever misses waits for the key to expire and tries
 * again, until the caller's deadline. Redis unreachable means no slot: the caller answers offline,
 * which keeps the geocoder's usage policy even then.
 */
export function redisSlotGate(store: SlotStore, key: string, intervalMs = GEOCODER_MIN_INTERVAL_MS): (deadline: number) => Promise<void> {
  return async (deadline) => {
    for (;;) {
      if ((await store.set(key, '1', 'PX', intervalMs, 'NX')) === 'OK') return;
      const ttl = await store.pttl(key);
      const wait = ttl > 0 ? ttl : 10;
      if (Date.now() + wait > deadline) throw new GeocoderError('busy', 'Der Geocoder ist gerade ausgelastet.');
      await sleep(wait);
    }
  };
}
