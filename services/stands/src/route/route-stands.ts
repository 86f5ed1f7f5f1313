import { Injectable } from '@nestjs/common';
import type { TStand } from '@flohmarkt/contracts';
import { PrintSheets } from '../print/print-sheet.js';
import type { KnownEvent } from '../read-models/event-facts.js';

/** Events whose public stands are kept at once: the few markets being planned right now. */
const KEPT_EVENTS = 16;

type PublicStands = { event: KnownEvent; stands: TStand[] };

/**
 * The public stands of an event as the route plans over them, read once per read generation
 * (print/read-generation.ts): every new stand set of the same event is a cache miss of its own, and
 * reading and presenting 150 stands for each would cost the event loop more than the plan's worker
 * saves. Concurrent readers of one generation share one read.
 */
@Injectable()
export class RouteStands {
  private readonly kept = new Map<string, Promise<PublicStands>>();

  constructor(private readonly sheets: PrintSheets) {}

  of(rawEventId: string, eventId: string, generation: string): Promise<PublicStands> {
    const key = `${eventId}:${generation}`;
    const found = this.kept.get(key);
    if (found) return found;
    const read = this.sheets.publicStands(rawEventId);
    // A failed read is not kept: the next call reads again.
    read.catch(() => this.kept.get(key) === read && this.kept.delete(key));
    this.kept.set(key, read);
    // Map order is insertion order: the oldest generation read goes first.
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT_EVENTS) break;
      this.kept.delete(oldest);
    }
    return read;
  }
}
