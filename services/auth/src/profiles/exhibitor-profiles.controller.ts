import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { USER_ADMIN_ERRORS, ZExhibitorProfileCreate, ZExhibitorProfileUpdate, type TExhibitorProfile } from '@flohmarkt/contracts';
import { Caller, SignedInCaller, fail, type CallerContext } from '@flohmarkt/server-kit';
import { NO_FIGURES } from '../read-models/exhibitor-figures.js';
import { ExhibitorFiguresReadModel } from '../read-models/exhibitor-figures-read-model.js';
import { parseBody } from '../http/parse-body.js';
import { mayEditOwnRecord, maySeeProfile } from '../users/permissions.js';
import type { ExhibitorProfileEntity } from './exhibitor-profile.entity.js';
import { ExhibitorProfilesService } from './exhibitor-profiles.service.js';
import { toExhibitorProfile } from './profile-view.js';

/** /api/exhibitor-profiles: read by anyone, created and changed by their owner only. */
@Controller('exhibitor-profiles')
export class ExhibitorProfilesController {
  constructor(
    private readonly profiles: ExhibitorProfilesService,
    private readonly figures: ExhibitorFiguresReadModel,
  ) {}

  /**
   * `?userId=`: an array (the client uses the first element), empty when the user has none or the
   * id is malformed, and for others' private profiles (as if there were none). Without userId it is a
   * 400: a list of every profile is not a call the product offers.
   */
  @Get()
  async list(@Query('userId') userId: unknown, @Caller() caller: CallerContext | null): Promise<TExhibitorProfile[]> {
    if (typeof userId !== 'string' || !userId.trim()) throw fail.invalid(USER_ADMIN_ERRORS.userIdRequired);
    const profiles = await this.profiles.listForUser(userId.trim());
    return this.answer(profiles.filter((p) => maySeeProfile(caller, p.userId, p.visibility)));
  }

  /** 401 → 400 → 409 (second profile) → 201. The owner is the session's user; a body userId is ignored. */
  @Post()
  async create(@SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<TExhibitorProfile> {
    const input = parseBody(ZExhibitorProfileCreate, body);
    const [profile] = await this.answer([await this.profiles.create(caller.id, input)]);
    return profile;
  }

  /** 401 → 404 → 403 (not the owner, admins included: "own profile only") → 400 → 200. */
  @Put(':id')
  async update(@Param('id') id: string, @SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<TExhibitorProfile> {
    const profile = await this.profiles.get(id);
    if (!mayEditOwnRecord(caller, profile.userId)) throw fail.forbidden();
    const input = parseBody(ZExhibitorProfileUpdate, body);
    const [updated] = await this.answer([await this.profiles.update(profile, input)]);
    return updated;
  }

  private async answer(profiles: ExhibitorProfileEntity[]): Promise<TExhibitorProfile[]> {
    const figures = await this.figures.of(profiles.map((p) => p.userId));
    return profiles.map((p) => toExhibitorProfile(p, figures.get(p.userId) ?? NO_FIGURES));
  }
}
