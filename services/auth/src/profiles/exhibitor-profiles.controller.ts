import { Body, Controller, Param, Query } from '@nestjs/common';
import { API_ERRORS, CREATE_EXHIBITOR_PROFILE, LIST_EXHIBITOR_PROFILES, UPDATE_EXHIBITOR_PROFILE, type TExhibitorProfile } from '@flohmarkt/contracts';
import { Caller, PublicRoute, SignedInCaller, fail, parseCallBody, parseCallQuery, type CallerContext } from '@flohmarkt/server-kit';
import { NO_FIGURES } from '../read-models/exhibitor-figures.js';
import { ExhibitorFiguresReadModel } from '../read-models/exhibitor-figures-read-model.js';
import { mayEditOwnRecord, maySeeProfile } from '../users/permissions.js';
import type { ExhibitorProfileEntity } from './exhibitor-profile.entity.js';
import { ExhibitorProfilesService } from './exhibitor-profiles.service.js';
import { toExhibitorProfile } from './profile-view.js';

/** Exhibitor profiles (LIST_, CREATE_, UPDATE_EXHIBITOR_PROFILE): read by anyone, created and changed by their owner only. */
@Controller()
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
  @PublicRoute(LIST_EXHIBITOR_PROFILES)
  async list(@Query('userId') rawUserId: unknown, @Caller() caller: CallerContext | null): Promise<TExhibitorProfile[]> {
    const { userId } = parseCallQuery(LIST_EXHIBITOR_PROFILES, { userId: rawUserId });
    const profiles = await this.profiles.listForUser(userId);
    return this.answer(profiles.filter((p) => maySeeProfile(caller, p.userId, p.visibility)));
  }

  /** 401 → 400 → 409 (second profile) → 201. The owner is the session's user; a body userId is ignored. */
  @PublicRoute(CREATE_EXHIBITOR_PROFILE)
  async create(@SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<TExhibitorProfile> {
    const input = parseCallBody(CREATE_EXHIBITOR_PROFILE, body);
    const [profile] = await this.answer([await this.profiles.create(caller.id, input)]);
    return profile;
  }

  /** 401 → 404 (also a private profile to whom it is hidden) → 403 (not the owner, admins included: "own profile only") → 400 → 200. */
  @PublicRoute(UPDATE_EXHIBITOR_PROFILE)
  async update(@Param('id') id: string, @SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<TExhibitorProfile> {
    const profile = await this.profiles.get(id);
    if (!maySeeProfile(caller, profile.userId, profile.visibility)) throw fail.notFound(API_ERRORS.profileNotFound);
    if (!mayEditOwnRecord(caller, profile.userId)) throw fail.forbidden();
    const input = parseCallBody(UPDATE_EXHIBITOR_PROFILE, body);
    const [updated] = await this.answer([await this.profiles.update(profile, input)]);
    return updated;
  }

  private async answer(profiles: ExhibitorProfileEntity[]): Promise<TExhibitorProfile[]> {
    const figures = await this.figures.of(profiles.map((p) => p.userId));
    return profiles.map((p) => toExhibitorProfile(p, figures.get(p.userId) ?? NO_FIGURES));
  }
}
