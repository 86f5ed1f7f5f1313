import { Injectable } from '@nestjs/common';
import { ACCOUNT_MESSAGES, DELETE_ACCOUNT, confirmsAccountEmail, type TAccountExport } from '@flohmarkt/contracts';
import { fail, parseCallBody } from '@flohmarkt/server-kit';
import { UserDeletionService } from '../admin/user-deletion.service.js';
import { NO_FIGURES } from '../read-models/exhibitor-figures.js';
import { ExhibitorFiguresReadModel } from '../read-models/exhibitor-figures-read-model.js';
import { FavouritesService } from '../favourites/favourites.service.js';
import { toExhibitorProfile } from '../profiles/profile-view.js';
import { ExhibitorProfilesService } from '../profiles/exhibitor-profiles.service.js';
import { toUser } from '../users/user-view.js';
import { UsersService } from '../users/users.service.js';
import { AccountPeers } from '../peers/account-peers.js';
import { eventsBlockingSelfDeletion } from './account-rules.js';

/** A user's own data: all of it as one export, and the deletion of the account. Only ever the caller's own. */
@Injectable()
export class AccountSelfService {
  constructor(
    private readonly users: UsersService,
    private readonly profiles: ExhibitorProfilesService,
    private readonly figures: ExhibitorFiguresReadModel,
    private readonly peers: AccountPeers,
    private readonly deletion: UserDeletionService,
    private readonly favourites: FavouritesService,
  ) {}

  /** Everything every owner holds of the user now; a peer that cannot answer fails the whole export (503). */
  async export(userId: string, now = new Date()): Promise<TAccountExport> {
    const [user, profile, { events, teamMemberships }, { stands, reviews, follows, alerts, items, holds }, favourites] = await Promise.all([
      this.users.get(userId),
      this.profiles.findForUser(userId),
      this.peers.eventsOf(userId),
      this.peers.standDataOf(userId),
      this.favourites.list(userId),
    ]);
    const figures = profile ? ((await this.figures.of([userId])).get(userId) ?? NO_FIGURES) : NO_FIGURES;
    return {
      exportedAt: now.toISOString(),
      account: toUser(user),
      exhibitorProfile: profile ? toExhibitorProfile(profile, figures) : null,
      events,
      teamMemberships,
      stands,
      reviews,
      favourites,
      follows,
      alerts,
      items,
      holds,
    };
  }

  /**
   * 400 unless the body names the account's e-mail → 409 while the user organises an event that is
   * not over → the admin delete's cascades (UserDeleted: events, stands, reviews, photos follow).
   * An event created between the check and the deletion still goes with the account (the cascade).
   */
  async deleteOwn(userId: string, body: unknown): Promise<void> {
    const user = await this.users.get(userId);
    const { confirm } = parseCallBody(DELETE_ACCOUNT, body);
    if (!confirmsAccountEmail(confirm, user.email)) throw fail.invalid(ACCOUNT_MESSAGES.confirmMismatch);
    const { events } = await this.peers.eventsOf(user.id);
    if (eventsBlockingSelfDeletion(events).length) throw fail.conflict(ACCOUNT_MESSAGES.upcomingEvents);
    await this.deletion.delete(user.id);
  }
}
