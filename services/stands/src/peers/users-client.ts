import { Inject, Injectable } from '@nestjs/common';
import { USERS_BY_ID, type TStandExhibitor } from '@flohmarkt/contracts';
import { PeerClient, ServiceClient } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';

/** Ids per bulk request: keeps the query string far below Node's 16 KB header limit. */
const IDS_PER_CALL = 200;

/**
 * Users from the auth service, one bulk call per list (per 200 distinct users): only for users the
 * read model (read-models/user-names.ts) has not heard of yet.
 */
@Injectable()
export class UsersClient {
  private readonly peer: PeerClient;

  constructor(@Inject(STANDS_CONFIG) config: TStandsEnv) {
    this.peer = new PeerClient(
      new ServiceClient('auth', config.AUTH_SERVICE_URL, config.INTERNAL_TOKEN, { serviceKeepAliveMs: config.SERVICE_KEEP_ALIVE_MS }),
      config.PEER_TIMEOUT_MS,
    );
  }

  /** The users among `ids` that exist, by id. */
  async exhibitors(ids: string[]): Promise<Map<string, TStandExhibitor>> {
    const unique = [...new Set(ids)];
    const found = new Map<string, TStandExhibitor>();
    for (let i = 0; i < unique.length; i += IDS_PER_CALL) {
      const chunk = unique.slice(i, i + IDS_PER_CALL);
      const users = await this.peer.call(USERS_BY_ID, { query: { ids: chunk } });
      for (const u of users) found.set(u.id, { id: u.id, firstName: u.firstName, lastName: u.lastName });
    }
    return found;
  }
}
