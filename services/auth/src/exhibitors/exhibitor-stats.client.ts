import { Inject, Injectable, Logger } from '@nestjs/common';
import { ServiceClient, currentContext } from '@flohmarkt/server-kit';
import { AUTH_CONFIG, type TAuthEnv } from '../config.js';
import { figuresFromAnswer, type ExhibitorFigures } from './exhibitor-figures.js';

/** Asks the stands service for exhibitor figures: one call for a whole list of users. */
@Injectable()
export class ExhibitorStatsClient {
  private readonly logger = new Logger(ExhibitorStatsClient.name);
  private readonly stands: ServiceClient;

  constructor(@Inject(AUTH_CONFIG) private readonly config: TAuthEnv) {
    this.stands = new ServiceClient('stands', config.STANDS_SERVICE_URL, config.INTERNAL_TOKEN);
  }

  /** The figures per user, or null when stands cannot answer now (down, slow, or a wrong answer). */
  async figures(userIds: string[]): Promise<Map<string, ExhibitorFigures> | null> {
    if (!userIds.length) return new Map();
    try {
      const answer = await this.stands.json<unknown>({
        method: 'GET',
        path: `/internal/exhibitor-stats?userIds=${userIds.map(encodeURIComponent).join(',')}`,
        requestId: currentContext()?.requestId ?? 'internal',
        timeoutMs: this.config.STANDS_TIMEOUT_MS,
      });
      const figures = answer.status === 200 ? figuresFromAnswer(userIds, answer.body) : null;
      if (!figures) this.logger.warn(`stands answered ${answer.status} for exhibitor-stats; using the stored figures`);
      return figures;
    } catch (err) {
      // Unreachable, timed out (ServiceUnavailableError), cut off mid-answer or not JSON: all mean
      // "no figures now", never a failed page.
      this.logger.warn(`exhibitor-stats unavailable (${(err as Error).message}); using the stored figures`);
      return null;
    }
  }
}
