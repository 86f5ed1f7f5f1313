import { Body, Controller, HttpCode, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ANSWER_CONFIRMATION, GET_CONFIRMATION, REMIND_CONFIRMATIONS, type TConfirmation } from '@flohmarkt/contracts';
import { Idempotent, PublicRoute, SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { PRIVATE_LIST_CACHE } from '../privacy/stand-privacy.js';
import { ReconfirmationAsks } from './reconfirmation-asks.js';
import { ReconfirmationMails } from './reconfirmation-mails.js';
import { Reconfirmations } from './reconfirmations.js';

/**
 * "Bist du dabei?" (issue 36): the link's page reads the stand and posts "ja" or "nein" without
 * signing in (the token is the credential, so no cache outside the browser keeps an answer); the
 * organiser reminds the open stands once.
 */
@Controller()
export class ReconfirmationController {
  constructor(private readonly reconfirmations: Reconfirmations) {}

  @PublicRoute(GET_CONFIRMATION)
  read(@Param('token') token: string, @Res({ passthrough: true }) res: Response): Promise<TConfirmation> {
    res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    return this.reconfirmations.read(token);
  }

  @PublicRoute(ANSWER_CONFIRMATION)
  @HttpCode(200)
  answer(@Param('token') token: string, @Body() body: unknown, @Res({ passthrough: true }) res: Response): Promise<TConfirmation> {
    res.setHeader('Cache-Control', PRIVATE_LIST_CACHE);
    return this.reconfirmations.answer(token, body);
  }

  @PublicRoute(REMIND_CONFIRMATIONS)
  @HttpCode(200)
  @Idempotent()
  remind(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<{ reminded: number }> {
    return this.reconfirmations.remind(id, caller);
  }
}

export const RECONFIRMATION_CONTROLLERS = [ReconfirmationController];
export const RECONFIRMATION_PROVIDERS = [ReconfirmationMails, ReconfirmationAsks, Reconfirmations];
