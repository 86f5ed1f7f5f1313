import { Inject, Injectable } from '@nestjs/common';
import { ADDRESS_CHECK, EVENT_NOW, STREET_AT, isId, type TAddressCheck, type TEvent, type TTeamFacts } from '@flohmarkt/contracts';
import { DomainError, PeerClient, ServiceClient } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';

/**
 * The events service owns events; stands never read its tables. Reads use the read model
 * (read-models/event-facts.ts); this call is for changes, which need the event as it is now, and
 * for an event the read model has not heard of yet (ARCHITECTURE.md, synchronous calls).
 */
@Injectable()
export class EventsClient {
  private readonly peer: PeerClient;

  constructor(@Inject(STANDS_CONFIG) config: TStandsEnv) {
    this.peer = new PeerClient(
      new ServiceClient('events', config.EVENTS_SERVICE_URL, config.INTERNAL_TOKEN, { serviceKeepAliveMs: config.SERVICE_KEEP_ALIVE_MS }),
      config.PEER_TIMEOUT_MS,
    );
  }

  /** The event, or null when it does not exist (any more). */
  async find(id: string): Promise<(TEvent & { team: TTeamFacts }) | null> {
    if (!isId(id)) return null;
    try {
      return await this.peer.call(EVENT_NOW, { params: { id } });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
      throw err;
    }
  }

  /** What the gazetteer says about a stand's postcode and town (contracts ADDRESS_CHECK); down: a DomainError UNAVAILABLE. */
  checkAddress(postcode: string, town: string): Promise<TAddressCheck> {
    return this.peer.call(ADDRESS_CHECK, { query: { postcode, town }, caller: null });
  }

  /**
   * The street at a position, named by the events service's online geocoder (streets/street-lookups.ts);
   * `geocoder: false` when none is configured. Busy or down: a DomainError UNAVAILABLE.
   */
  streetAt(latitude: string, longitude: string): Promise<{ geocoder: boolean; street: string | null; postcode: string | null; town: string | null }> {
    return this.peer.call(STREET_AT, { query: { lat: latitude, lng: longitude }, caller: null });
  }
}
