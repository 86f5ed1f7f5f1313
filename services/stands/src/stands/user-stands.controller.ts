import { Controller, Param, Query } from '@nestjs/common';
import { API_ERRORS, LIST_EXHIBITOR_STANDS, LIST_MY_STANDS, LIST_USER_STANDS, STAND_API_ERRORS, type TStand, type TStandStatus } from '@flohmarkt/contracts';
import { Caller, PublicRoute, fail, pathId, type CallerContext } from '@flohmarkt/server-kit';
import { PhotoStatesReadModel } from '../read-models/photo-states.js';
import { UserNamesReadModel } from '../read-models/user-names.js';
import { mayListUser, userListStatuses } from './stand-access.js';
import { StandPresenter } from './stand-presenter.js';
import { StandQueries } from './stand-queries.js';
import { toStand } from './stand-view.js';

/** A user's stands, in the three forms the web app asks for them. */
@Controller()
export class UserStandsController {
  constructor(
    private readonly queries: StandQueries,
    private readonly users: UserNamesReadModel,
    private readonly photos: PhotoStatesReadModel,
    private readonly presenter: StandPresenter,
  ) {}

  /** My stands: the user and admins see every status ('Abgelehnt' included); others the approved ones. */
  @PublicRoute(LIST_MY_STANDS)
  byUserPath(@Param('userId') userId: string, @Caller() caller: CallerContext | null): Promise<TStand[]> {
    const id = pathId(userId, API_ERRORS.userNotFound);
    return this.list(id, userListStatuses(caller, id), caller);
  }

  /** The same list under the user's page. */
  @PublicRoute(LIST_USER_STANDS)
  byUserPage(@Param('id') userId: string, @Caller() caller: CallerContext | null): Promise<TStand[]> {
    const id = pathId(userId, API_ERRORS.userNotFound);
    return this.list(id, userListStatuses(caller, id), caller);
  }

  /**
   * The exhibitor page: approved stands only, whoever asks. Read by hand rather than with the declared
   * query: a missing id has its own 400, a malformed one is an unknown user (404).
   */
  @PublicRoute(LIST_EXHIBITOR_STANDS)
  byExhibitor(@Query('exhibitorId') exhibitorId: string | undefined, @Caller() caller: CallerContext | null): Promise<TStand[]> {
    if (!exhibitorId) throw fail.invalid(STAND_API_ERRORS.exhibitorIdRequired);
    return this.list(pathId(exhibitorId, API_ERRORS.userNotFound), ['approved'], caller);
  }

  /**
   * The read model names the exhibitor and tells whether the user exists (404 when not). A stand shown
   * by number only is not in anyone else's list of this user: the list itself would name its person
   * (such a stand reads without an exhibitor id for them, privacy/stand-privacy.ts).
   */
  private async list(userId: string, statuses: TStandStatus[], caller: CallerContext | null): Promise<TStand[]> {
    const exhibitors = await this.users.existing(userId, API_ERRORS.userNotFound, caller);
    // A private profile: the same 404 as for a user who does not exist.
    if (!mayListUser(caller, userId, exhibitors.get(userId))) throw fail.notFound(API_ERRORS.userNotFound);
    const stands = await this.queries.ofExhibitor(userId, statuses);
    const photoStates = await this.photos.of(stands.filter((s) => s.photos.length > 0).map((s) => s.id));
    const reads = await this.presenter.forReader(
      stands.map((s) => toStand(s, exhibitors, photoStates)),
      { caller },
    );
    return reads.filter((s) => s.exhibitorId === userId);
  }
}
