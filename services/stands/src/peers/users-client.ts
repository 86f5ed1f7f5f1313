import { Inject, Injectable } from '@nestjs/common';
import type { TAuthUser, TStandExhibitor } from '@flohmarkt/contracts';
import { fail, ServiceClient } from '@flohmarkt/server-kit';
import { STANDS_CONFIG, type TStandsEnv } from '../config.js';
import { peerGet } from './peer-call.js';

/** Ids per bulk request: keeps the query string far below Node's 16 KB header limit. */
const IDS_PER_CALL = 200;

/**
 * Users from the auth service, one bulk call per list (per 200 distinct users): only for users the
 * read model (read-models/user-names.ts) has not heard of yet.
 */
@Injectable()
export class UsersClient {
  private readonly client: ServiceClient;

  constructor(@Inject(STANDS_CONFIG) private readonly config: TStandsEnv) {
    this.client = new ServiceClient('auth', config.AUTH_SERVICE_URL, config.INTERNAL_TOKEN);
  }

  /** The users among `ids` that exist, by id. */
  async exhibitors(ids: string[]): Promise<Map<string, TStandExhibitor>> {
    const unique = [...new Set(ids)];
    const found = new Map<string, TStandExhibitor>();
    for (let i = 0; i < unique.length; i += IDS_PER_CALL) {
      const chunk = unique.slice(i, i + IDS_PER_CALL);
      const answer = await peerGet<TAuthUser[]>(this.client, `/internal/users?ids=${chunk.join(',')}`, this.config.SERVICE_TIMEOUT_MS);
      if (answer.status !== 200 || !Array.isArray(answer.body)) throw fail.unavailable();
      for (const u of answer.body) found.set(u.id, { id: u.id, firstName: u.firstName, lastName: u.lastName });
    }
    return found;
  }
}
