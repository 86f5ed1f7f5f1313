import { Inject, Injectable } from '@nestjs/common';
import { ZId, type TEvent } from '@flohmarkt/contracts';
import { fail, ServiceClient } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { peerGet } from './peer-call.js';

/**
 * The events service owns events; stands never read its tables. Reads use the read model
 * (read-models/event-facts.ts); this call is for changes, which need the event as it is now, and
 * for an event the read model has not heard of yet (ARCHITECTURE.md, synchronous calls).
 */
@Injectable()
export class EventsClient {
  private readonly client: ServiceClient;

  constructor(@Inject(STANDS_CONFIG) private readonly config: TStandsEnv) {
    this.client = new ServiceClient('events', config.EVENTS_SERVICE_URL, config.INTERNAL_TOKEN);
  }

  /** The event, or null when it does not exist (any more). */
  async find(id: string): Promise<TEvent | null> {
    if (!ZId.safeParse(id).success) return null;
    const answer = await peerGet<TEvent>(this.client, `/internal/events/${encodeURIComponent(id)}`, this.config.SERVICE_TIMEOUT_MS);
    if (answer.status === 404) return null;
    if (answer.status !== 200 || !answer.body) throw fail.unavailable();
    return answer.body;
  }
}
