import type { JobHandlers } from '@flohmarkt/server-kit';
import type { UsersService } from './users.service.js';

/** What the auth service does when other contexts announce something. */
export function authJobHandlers(users: UsersService): JobHandlers<'auth'> {
  return {
    OrganizerAppointed: ({ userId }) => users.appointOrganizer(userId),
  };
}
