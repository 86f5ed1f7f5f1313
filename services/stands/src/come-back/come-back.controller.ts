import { Body, Controller, Header, HttpCode, Param } from '@nestjs/common';
import {
  CREATE_ALERT,
  DELETE_ALERT,
  FOLLOW_ORGANIZER,
  LIST_ALERTS,
  LIST_FOLLOWS,
  RESUME_ALERT_MAILS,
  RESUME_FOLLOW_MAILS,
  UNFOLLOW_ORGANIZER,
  type TAlert,
  type TFollows,
} from '@flohmarkt/contracts';
import { Idempotent, PublicRoute, SignedInCaller, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { ComeBackSubscriptions } from './subscriptions.js';

/** The signed-in user's own follows and alerts (contracts public-api/come-back.ts); whose they are comes from the session alone. */
@Controller()
export class ComeBackController {
  constructor(private readonly subscriptions: ComeBackSubscriptions) {}

  @PublicRoute(LIST_FOLLOWS)
  @Header('Cache-Control', 'no-store')
  follows(@SignedInCaller() caller: CallerContext): Promise<TFollows> {
    return this.subscriptions.follows(caller.id);
  }

  @PublicRoute(FOLLOW_ORGANIZER)
  @HttpCode(204)
  async follow(@SignedInCaller() caller: CallerContext, @Param('userId') organizerId: string): Promise<void> {
    await this.subscriptions.follow(caller.id, organizerId);
  }

  @PublicRoute(UNFOLLOW_ORGANIZER)
  @HttpCode(204)
  async unfollow(@SignedInCaller() caller: CallerContext, @Param('userId') organizerId: string): Promise<void> {
    await this.subscriptions.unfollow(caller.id, organizerId);
  }

  @PublicRoute(RESUME_FOLLOW_MAILS)
  @HttpCode(204)
  async resumeFollowMails(@SignedInCaller() caller: CallerContext, @Param('userId') organizerId: string): Promise<void> {
    await this.subscriptions.resumeFollowMails(caller.id, organizerId);
  }

  @PublicRoute(LIST_ALERTS)
  @Header('Cache-Control', 'no-store')
  alerts(@SignedInCaller() caller: CallerContext): Promise<TAlert[]> {
    return this.subscriptions.alerts(caller.id);
  }

  @PublicRoute(CREATE_ALERT)
  @Idempotent()
  createAlert(@Body() body: unknown, @SignedInCaller() caller: CallerContext): Promise<TAlert> {
    return this.subscriptions.createAlert(caller.id, parseCallBody(CREATE_ALERT, body));
  }

  @PublicRoute(DELETE_ALERT)
  @HttpCode(204)
  async removeAlert(@SignedInCaller() caller: CallerContext, @Param('id') id: string): Promise<void> {
    await this.subscriptions.removeAlert(caller.id, id);
  }

  @PublicRoute(RESUME_ALERT_MAILS)
  @HttpCode(204)
  async resumeAlertMails(@SignedInCaller() caller: CallerContext, @Param('id') id: string): Promise<void> {
    await this.subscriptions.resumeAlertMails(caller.id, id);
  }
}
