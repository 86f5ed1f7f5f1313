import { readAll, type ServiceClient } from '@flohmarkt/server-kit';
import type { PublicReadCache } from '../http/public-read-cache.js';
import { passedHeaders } from './passed-headers.js';

/** What a read the gateway makes itself brings back: the service's status and body. */
export interface PublicReadAnswer {
  status: number;
  body: Buffer;
}

/**
 * An anonymous public read that the gateway makes itself, through the same memory as the browsers'
 * anonymous reads (forward.ts): a current copy answers at once, a read already on its way is waited
 * for (no longer than `timeoutMs`), and a fresh 200 is kept for the next reader. The event page's first paint reads the event
 * this way, and the page's own `GET /api/events/:id` right after it then costs the events service
 * nothing. Only for targets the cache serves to every anonymous caller alike (PublicReadCache.applies).
 */
export function cachedPublicRead(cache: PublicReadCache, service: Pick<ServiceClient, 'call'>, timeoutMs: number) {
  return async (target: string, requestId: string): Promise<PublicReadAnswer> => {
    const generation = await cache.generation();
    const kept = generation === null ? null : (cache.lookup(target, generation) ?? (await cache.flight(target, generation, timeoutMs)));
    if (kept) return { status: 200, body: kept.body };
    const flight = generation === null ? null : cache.takeOff(target, generation);
    try {
      const answer = await service.call({ method: 'GET', path: target, requestId, caller: null, timeoutMs });
      const body = await readAll(answer.stream);
      flight?.land(answer.status === 200 && generation !== null ? cache.store(target, generation, passedHeaders(answer.headers), body) : null);
      return { status: answer.status, body };
    } catch (err) {
      flight?.fail(err);
      throw err;
    }
  };
}
