import { Body, Controller, HttpCode, Param } from '@nestjs/common';
import {
  ACCEPT_TEAM_INVITE,
  API_ERRORS,
  CREATE_TEAM_INVITE,
  GET_TEAM,
  GET_TEAM_INVITE,
  REMOVE_TEAM_MEMBER,
  REVOKE_TEAM_INVITE,
  type TTeam,
  type TTeamInvite,
  type TTeamInvitePreview,
} from '@flohmarkt/contracts';
import { Caller, Idempotent, PublicRoute, SignedInCaller, pathId, type CallerContext } from '@flohmarkt/server-kit';
import { TeamService } from './team.service.js';

/** The market's team (issue 36), routed by the declarations in libs/contracts/src/public-api/market-day.ts. */
@Controller()
export class TeamController {
  constructor(private readonly team: TeamService) {}

  /** 201 with the code and its link. */
  @PublicRoute(CREATE_TEAM_INVITE)
  @Idempotent()
  createInvite(@SignedInCaller() caller: CallerContext, @Param('id') id: string, @Body() body: unknown): Promise<TTeamInvite> {
    return this.team.createInvite(caller, pathId(id, API_ERRORS.eventNotFound), body);
  }

  @PublicRoute(REVOKE_TEAM_INVITE)
  @HttpCode(204)
  async revokeInvite(@SignedInCaller() caller: CallerContext, @Param('id') id: string, @Param('code') code: string): Promise<void> {
    await this.team.revokeInvite(caller, pathId(id, API_ERRORS.eventNotFound), code);
  }

  /** No sign-in: the page of the link shows what it invites to before the visitor signs in (signed in: 403 if removed from the team). */
  @PublicRoute(GET_TEAM_INVITE)
  preview(@Caller() caller: CallerContext | null, @Param('code') code: string): Promise<TTeamInvitePreview> {
    return this.team.preview(caller, code);
  }

  @PublicRoute(ACCEPT_TEAM_INVITE)
  @HttpCode(200)
  accept(@SignedInCaller() caller: CallerContext, @Param('code') code: string): Promise<{ eventId: string; role: TTeamInvite['role'] }> {
    return this.team.accept(caller, code);
  }

  @PublicRoute(GET_TEAM)
  list(@SignedInCaller() caller: CallerContext, @Param('id') id: string): Promise<TTeam> {
    return this.team.team(caller, pathId(id, API_ERRORS.eventNotFound));
  }

  /** 204; the member's rights end with it (the stands service hears of it through the market's facts). */
  @PublicRoute(REMOVE_TEAM_MEMBER)
  @HttpCode(204)
  async remove(@SignedInCaller() caller: CallerContext, @Param('id') id: string, @Param('userId') userId: string): Promise<void> {
    await this.team.removeMember(caller, pathId(id, API_ERRORS.eventNotFound), userId);
  }
}
