import { Injectable } from '@nestjs/common';
import type { KnownEvent } from '../read-models/event-facts.js';
import { HeavyReadCache, type CachedFile, type CacheOutcome, type MadeFile } from './heavy-read-cache.js';
import { EventReadGenerations } from './read-generation.js';

/**
 * An event's heavy reads through the cache, under the event's current read generation. The
 * generation is read before `make` reads the data, so a kept answer is never older than the
 * generation it is filed under (a change landing in between files newer data under the older
 * generation, which the next call no longer asks for). `make` reads the event again itself.
 */
@Injectable()
export class KeptEventReads {
  constructor(
    private readonly generations: EventReadGenerations,
    private readonly cache: HeavyReadCache,
  ) {}

  /**
   * `kind` names the file ('poster', 'route'...), `variant` what else the answer depends on (a route's
   * stops and options); `make` learns the generation, to key what it reads on the way (route-stands.ts).
   */
  async get(
    event: KnownEvent,
    kind: string,
    variant: string,
    make: (generation: string) => Promise<MadeFile>,
  ): Promise<{ file: CachedFile; outcome: CacheOutcome }> {
    const generation = await this.generations.of(event.id);
    return this.cache.get(kind, `${event.id}:${generation}:${variant}`, () => make(generation));
  }
}
