import type { Provider } from '@nestjs/common';
import { JOB_HANDLERS, type JobHandlers } from '@flohmarkt/server-kit';
import { ExhibitorFiguresReadModel } from '../read-models/exhibitor-figures-read-model.js';
import { FavouritesService } from '../favourites/favourites.service.js';
import { UsersService } from '../users/users.service.js';

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

/** The handlers of the auth queue, as the messaging module takes them. */
export const AUTH_JOB_HANDLERS: Provider = {
  provide: JOB_HANDLERS,
  useFactory: authJobHandlers,
  inject: [UsersService, ExhibitorFiguresReadModel, FavouritesService],
};
