import { Controller, Param } from '@nestjs/common';
import { API_ERRORS, GET_EXHIBITOR, type TExhibitor } from '@flohmarkt/contracts';
import { Caller, PublicRoute, fail, type CallerContext } from '@flohmarkt/server-kit';
import { ExhibitorProfilesService } from '../profiles/exhibitor-profiles.service.js';
import { maySeeProfile } from '../users/permissions.js';
import { UsersService } from '../users/users.service.js';
import { NO_FIGURES } from '../read-models/exhibitor-figures.js';
import { ExhibitorFiguresReadModel } from '../read-models/exhibitor-figures-read-model.js';
import { toExhibitor } from './exhibitor-view.js';

/**
 * GET_EXHIBITOR: public; takes a user id (docs/product.md#profiles-and-sellers), 404 for
 * unknown users. The figures come from auth's own read model: the page answers while stands is down.
 */
@Controller()
export class ExhibitorsController {
  constructor(
    private readonly users: UsersService,
    private readonly profiles: ExhibitorProfilesService,
    private readonly figures: ExhibitorFiguresReadModel,
  ) {}

  /** A private profile is 404 to everyone but its user and admins, with the unknown user's message. */
  @PublicRoute(GET_EXHIBITOR)
  async read(@Param('id') id: string, @Caller() caller: CallerContext | null): Promise<TExhibitor> {
    const user = await this.users.get(id);
    const profile = await this.profiles.findForUser(user.id);
    if (!maySeeProfile(caller, user.id, profile?.visibility)) throw fail.notFound(API_ERRORS.userNotFound);
    const figures = await this.figures.of([user.id]);
    return toExhibitor(user, profile, figures.get(user.id) ?? NO_FIGURES);
  }
}
