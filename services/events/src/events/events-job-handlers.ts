import type { JobHandlers } from '@flohmarkt/server-kit';
import type { EventsService } from './events.service.js';

/** What the events service does when other contexts announce something. */
export function eventsJobHandlers(events: EventsService): JobHandlers<'events'> {
  return {
    UserDeleted: async ({ userId }) => {
      await events.removeAllOf(userId);
    },
  };
}
