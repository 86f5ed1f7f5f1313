import { Controller, Get, Param } from '@nestjs/common';
import type { TExhibitor } from '@flohmarkt/contracts';
import { ExhibitorProfilesService } from '../profiles/exhibitor-profiles.service.js';
import { UsersService } from '../users/users.service.js';
import { NO_FIGURES } from './exhibitor-figures.js';
import { ExhibitorFiguresReadModel } from './exhibitor-figures-read-model.js';
import { toExhibitor } from './exhibitor-view.js';

/**
 * GET /api/exhibitors/{userId}: public; takes a user id (docs/product.md#profiles-and-sellers), 404 for
 * unknown users. The figures come from auth's own read model: the page answers while stands is down.
 */
@Controller('exhibitors')
export class ExhibitorsController {
  constructor(
    private readonly users: UsersService,
    private readonly profiles: ExhibitorProfilesService,
    private readonly figures: ExhibitorFiguresReadModel,
  ) {}

  @Get(':id')
  async read(@Param('id') id: string): Promise<TExhibitor> {
    const user = await this.users.get(id);
    const profile = await this.profiles.findForUser(user.id);
    const figures = await this.figures.of([user.id]);
    return toExhibitor(user, profile, figures.get(user.id) ?? NO_FIGURES);
  }
}
