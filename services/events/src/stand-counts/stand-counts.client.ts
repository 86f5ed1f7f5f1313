import { Inject, Injectable, Logger } from '@nestjs/common';
import { ZStandCounts } from '@flohmarkt/contracts';
import { ServiceClient, currentContext, fail } from '@flohmarkt/server-kit';
import { EVENTS_CONFIG, type TEventsEnv } from '../config.js';

/**
 * Ids per call, sent in the body: one call for any list a page asks for; only "every event" of a
 * very large database takes a few (each body stays under the services' 1 MB JSON limit).
 */
export const STAND_COUNT_BATCH = 20_000;

export const STANDS_CLIENT = Symbol('STANDS_CLIENT');

/** The part of ServiceClient this needs (tests pass a stub). */
export type StandsCaller = Pick<ServiceClient, 'json'>;

export function standsClient(config: TEventsEnv): ServiceClient {
  return new ServiceClient('stands', config.STANDS_SERVICE_URL, config.INTERNAL_TOKEN);
}

/**
 * Approved-stand counts for a list of events, from the stands service in bulk. A list with wrong
 * counts is worse than none: any failure is a 503, never zeros.
 */
@Injectable()
export class StandCounts {
  private readonly logger = new Logger(StandCounts.name);

  constructor(
    @Inject(STANDS_CLIENT) private readonly stands: StandsCaller,
    @Inject(EVENTS_CONFIG) private readonly config: Pick<TEventsEnv, 'INTERNAL_CALL_TIMEOUT_MS'>,
  ) {}

  async of(eventIds: string[]): Promise<Map<string, number>> {
    const ids = [...new Set(eventIds)];
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += STAND_COUNT_BATCH) batches.push(ids.slice(i, i + STAND_COUNT_BATCH));
    const answers = await Promise.all(batches.map((batch) => this.fetch(batch)));
    const counts = new Map<string, number>();
    for (const answer of answers) for (const [id, count] of Object.entries(answer)) counts.set(id, count);
    for (const id of ids) if (!counts.has(id)) counts.set(id, 0);
    return counts;
  }

  private async fetch(ids: string[]): Promise<Record<string, number>> {
    let answer: { status: number; body: unknown };
    try {
      answer = await this.stands.json<unknown>({
        method: 'POST',
        path: '/internal/stand-counts',
        body: { eventIds: ids },
        requestId: currentContext()?.requestId ?? 'internal',
        timeoutMs: this.config.INTERNAL_CALL_TIMEOUT_MS,
      });
    } catch (err) {
      // Refused, timed out, reset mid-answer or not JSON: the stands service cannot answer now.
      this.logger.warn(`stand counts unavailable: ${(err as Error).message}`);
      throw fail.unavailable();
    }
    const counts = answer.status === 200 ? ZStandCounts.safeParse(answer.body) : null;
    if (!counts?.success) {
      this.logger.warn(`stand counts unusable: status ${answer.status}`);
      throw fail.unavailable();
    }
    return counts.data;
  }
}
