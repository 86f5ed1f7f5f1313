import { Inject, Injectable, Logger } from '@nestjs/common';
import { EXHIBITOR_STATS } from '@flohmarkt/contracts';
import { PeerClient, ServiceClient } from '@flohmarkt/server-kit';
import { AUTH_CONFIG, type TAuthEnv } from '../config.js';
import { figuresFromAnswer, type ExhibitorFigures } from './exhibitor-figures.js';

/** Asks the stands service for exhibitor figures: one call for a whole list of users. */
@Injectable()
export class ExhibitorStatsClient {
  private readonly logger = new Logger(ExhibitorStatsClient.name);
  private readonly stands: PeerClient;

  constructor(@Inject(AUTH_CONFIG) config: TAuthEnv) {
    this.stands = new PeerClient(new ServiceClient('stands', config.STANDS_SERVICE_URL, config.INTERNAL_TOKEN), config.PEER_TIMEOUT_MS);
  }

  /** The figures per user, or null when stands cannot answer now (down, slow, or a wrong answer). */
  async figures(userIds: string[]): Promise<Map<string, ExhibitorFigures> | null> {
    if (!userIds.length) return new Map();
    try {
      return figuresFromAnswer(userIds, await this.stands.call(EXHIBITOR_STATS, { query: { userIds } }));
    } catch (err) {
      // Unreachable, timed out, refused or off-contract: all mean "no figures now", never a failed page.
      this.logger.warn(`exhibitor-stats unavailable (${(err as Error).message}); using the stored figures`);
      return null;
    }
  }
}
