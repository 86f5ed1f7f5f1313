import { Inject, Injectable } from '@nestjs/common';
import { USER_EVENTS_EXPORT, USER_STANDS_EXPORT, type TUserEventsExport, type TUserStandsExport } from '@flohmarkt/contracts';
import { PeerClient, ServiceClient } from '@flohmarkt/server-kit';
import { AUTH_CONFIG, type TAuthEnv } from '../config.js';

/**
 * The owners of a user's other data, asked synchronously (ARCHITECTURE.md, synchronous calls): an
 * export must hold everything as it is at that instant, and self-deletion decides by the user's
 * events as they are now. A peer that is down is a 503 for the whole call, never a partial answer.
 */
@Injectable()
export class AccountPeers {
  private readonly events: PeerClient;
  private readonly stands: PeerClient;

  constructor(@Inject(AUTH_CONFIG) config: TAuthEnv) {
    this.events = new PeerClient(
      new ServiceClient('events', config.EVENTS_SERVICE_URL, config.INTERNAL_TOKEN, { serviceKeepAliveMs: config.SERVICE_KEEP_ALIVE_MS }),
      config.PEER_TIMEOUT_MS,
    );
    this.stands = new PeerClient(
      new ServiceClient('stands', config.STANDS_SERVICE_URL, config.INTERNAL_TOKEN, { serviceKeepAliveMs: config.SERVICE_KEEP_ALIVE_MS }),
      config.PEER_TIMEOUT_MS,
    );
  }

  eventsOf(userId: string): Promise<TUserEventsExport> {
    return this.events.call(USER_EVENTS_EXPORT, { params: { id: userId } });
  }

  standDataOf(userId: string): Promise<TUserStandsExport> {
    return this.stands.call(USER_STANDS_EXPORT, { params: { id: userId } });
  }
}
