import { Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { berlinDay } from '@flohmarkt/contracts';
import { PrivacyClock } from '../privacy/privacy-clock.js';

/**
 * The read generation of an event: a short text that changes whenever anything its route answers,
 * printed kit or exports are made from may have changed, so it can be part of a cache key.
 *
 * Derived from the data itself, in one query: every row version in PostgreSQL has its own `xmin`
 * (the transaction that wrote it), so the event's facts row, and for each of its stands the stand
 * row, its live state and its holder's name, give a new fingerprint after any committed change,
 * whoever made it (a request, a read model's message, the retention run, a raw UPDATE) and on
 * whichever replica; a removed stand changes the count. No write path has to remember to bump
 * anything. The Berlin calendar day is part of it too: positions hidden before the event day and
 * live states shown only on it change at Berlin midnight without any write.
 */
@Injectable()
export class EventReadGenerations {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() private readonly clock: PrivacyClock = new PrivacyClock(),
  ) {}

  async of(eventId: string): Promise<string> {
    const [row] = (await this.dataSource.query(
      `SELECT
         (SELECT e."xmin"::text FROM "event_facts" e WHERE e."event_id" = $1) AS "event",
         (SELECT count(*) || '.' || coalesce(md5(string_agg(st."id"::text || ':' || st."xmin"::text || ':' || coalesce(l."xmin"::text, '') || ':' || coalesce(u."xmin"::text, ''), ',' ORDER BY st."id")), '')
            FROM "stands" st
            LEFT JOIN "stand_live_states" l ON l."stand_id" = st."id"
            LEFT JOIN "user_names" u ON u."user_id" = st."exhibitor_id"
           WHERE st."event_id" = $1) AS "stands"`,
      [eventId],
    )) as { event: string | null; stands: string }[];
    return `${berlinDay(this.clock.now())}.${row?.event ?? '-'}.${row?.stands ?? ''}`;
  }
}
