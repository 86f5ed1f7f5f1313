import type { Provider } from '@nestjs/common';
import { JOB_HANDLERS, type JobHandlers } from '@flohmarkt/server-kit';
import { EventsService } from '../events/events.service.js';
import { StandCountReadModel } from '../read-models/stand-count-read-model.js';
import { StandStreetReadModel } from '../read-models/stand-street-read-model.js';
import { TeamNamesReadModel } from '../read-models/team-names.js';
import { TeamService } from '../team/team.service.js';

/** What the events service does when other contexts announce something. */
export function eventsJobHandlers(
  events: EventsService,
  standCounts: StandCountReadModel,
  standStreets: StandStreetReadModel,
  team: TeamService,
  teamNames: TeamNamesReadModel,
): JobHandlers<'events'> {
  return {
    // The user's markets go, and they leave every team (those markets' facts re-announced), their names with them.
    UserDeleted: async ({ userId }) => {
      await events.removeAllOf(userId);
      await team.removeUserEverywhere(userId);
      await teamNames.forget(userId);
    },
    UserProfileChanged: async (change) => {
      await teamNames.apply(change);
    },
    EventStandCountChanged: async (change) => {
      await standCounts.apply(change);
    },
    StandStreetChanged: async (change) => {
      await standStreets.apply(change);
    },
  };
}

/** The handlers of the events queue, as the messaging module takes them. */
export const EVENTS_JOB_HANDLERS: Provider = {
  provide: JOB_HANDLERS,
  useFactory: eventsJobHandlers,
  inject: [EventsService, StandCountReadModel, StandStreetReadModel, TeamService, TeamNamesReadModel],
};
