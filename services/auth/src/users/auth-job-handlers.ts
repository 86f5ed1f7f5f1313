import type { JobHandlers } from '@flohmarkt/server-kit';
import type { ExhibitorFiguresReadModel } from '../exhibitors/exhibitor-figures-read-model.js';
import type { UsersService } from './users.service.js';

/** What the auth service does when other contexts announce something. */
export function authJobHandlers(users: UsersService, figures: ExhibitorFiguresReadModel): JobHandlers<'auth'> {
  return {
    OrganizerAppointed: ({ userId }) => users.appointOrganizer(userId),
    ExhibitorStatsChanged: async (message) => {
      await figures.apply(message);
    },
  };
}
