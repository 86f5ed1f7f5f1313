import type { JobHandlers } from '@flohmarkt/server-kit';
import type { ExhibitorFiguresReadModel } from '../exhibitors/exhibitor-figures-read-model.js';
import type { FavouritesService } from '../favourites/favourites.service.js';
import type { UsersService } from './users.service.js';

/** What the auth service does when other contexts announce something. */
export function authJobHandlers(users: UsersService, figures: ExhibitorFiguresReadModel, favourites: FavouritesService): JobHandlers<'auth'> {
  return {
    OrganizerAppointed: ({ userId }) => users.appointOrganizer(userId),
    ExhibitorStatsChanged: async (message) => {
      await figures.apply(message);
    },
    // Deleted events and stands leave every favourites list (and stay out: tombstones).
    EventDeleted: ({ eventId }) => favourites.forget('events', eventId),
    StandDeleted: ({ standId }) => favourites.forget('stands', standId),
  };
}
