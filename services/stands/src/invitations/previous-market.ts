import type { EntityManager } from 'typeorm';
import { EventFactsEntity } from '../read-models/event-facts.entity.js';
import { toKnownEvent, type KnownEvent } from '../read-models/event-facts.js';

/** A market as the invitation needs it: its facts and where it came from (series, copy). */
export interface MarketWithOrigin {
  event: KnownEvent;
  seriesId: string | null;
  copiedFromId: string | null;
}

/** The market as the read model holds it; null when unknown, deleted or only a placeholder. */
export async function loadMarket(m: EntityManager, eventId: string): Promise<MarketWithOrigin | null> {
  const row = await m.getRepository(EventFactsEntity).findOneBy({ eventId, deleted: false });
  const event = row && toKnownEvent(row);
  return event ? { event, seriesId: row.seriesId, copiedFromId: row.copiedFromId } : null;
}

/**
 * The market whose sellers are invited to `market`: in a series, the latest other date of it that
 * starts earlier and was not cancelled; else (or when there is none) the market it was copied from,
 * when the read model knows it. Only a market of the same organiser: their sellers gave their
 * address for that organiser's markets, not for someone else's.
 */
export async function previousMarket(m: EntityManager, market: MarketWithOrigin): Promise<KnownEvent | null> {
  const { event } = market;
  if (market.seriesId) {
    const earlier = await m
      .getRepository(EventFactsEntity)
      .createQueryBuilder('e')
      .where('e.seriesId = :seriesId AND e.eventId <> :eventId AND NOT e.deleted', { seriesId: market.seriesId, eventId: event.id })
      .andWhere(`e.status <> 'cancelled' AND e.startDateTime < :start AND e.organizerId = :organizerId`, {
        start: event.startDateTime,
        organizerId: event.organizerId,
      })
      .orderBy('e.startDateTime', 'DESC')
      .addOrderBy('e.eventId', 'ASC')
      .getOne();
    const found = earlier && toKnownEvent(earlier);
    if (found) return found;
  }
  if (!market.copiedFromId) return null;
  const original = await loadMarket(m, market.copiedFromId);
  return original && original.event.organizerId === event.organizerId ? original.event : null;
}
