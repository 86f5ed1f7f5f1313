import { Controller, HttpCode, Param } from '@nestjs/common';
import { INVITE_PREVIOUS_SELLERS, type TInvitedPrevious } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { PreviousInvitations } from './previous-invitations.js';

/** "Frühere Aussteller einladen" (contracts public-api/come-back.ts): the organiser of a market, or an admin. */
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: PreviousInvitations) {}

  /** Not idempotent by key, and needs none: a repeat invites nobody twice and answers `invited: 0`. */
  @PublicRoute(INVITE_PREVIOUS_SELLERS)
  @HttpCode(200)
  invite(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<TInvitedPrevious> {
    return this.invitations.invite(caller, id);
  }
}
