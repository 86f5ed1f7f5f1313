import { isId } from '@flohmarkt/contracts';
import type { JobHandlers } from '@flohmarkt/server-kit';
import type { StandCommands } from '../stands/stand-commands.js';

export type CascadeHandlers = Pick<JobHandlers<'stands'>, 'EventDeleted' | 'UserDeleted'>;

/**
 * What the stands service does when other contexts announce a deletion. Both handlers re-read
 * what is left and delete only that, so a job that runs twice does nothing the second time.
 * Every deleted stand announces StandDeleted (its photos go from the bucket). A malformed id matches
 * nothing: skipping it keeps a bad message from retrying forever on a uuid cast error.
 */
export function cascadeHandlers(commands: StandCommands): CascadeHandlers {
  return {
    EventDeleted: async ({ eventId }) => {
      if (isId(eventId)) await commands.removeOfEvent(eventId);
    },
    UserDeleted: async ({ userId }) => {
      if (isId(userId)) await commands.removeOfUser(userId);
    },
  };
}
