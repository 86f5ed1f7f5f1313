import type { JobHandlers } from '@flohmarkt/server-kit';
import type { StandCountReadModel } from '../stand-counts/stand-count-read-model.js';
import type { EventsService } from './events.service.js';

/** What the events service does when other contexts announce something. */
export function eventsJobHandlers(events: EventsService, standCounts: StandCountReadModel): JobHandlers<'events'> {
  return {
    UserDeleted: async ({ userId }) => {
      await events.removeAllOf(userId);
    },
    EventStandCountChanged: async (change) => {
      await standCounts.apply(change);
    },
  };
}
