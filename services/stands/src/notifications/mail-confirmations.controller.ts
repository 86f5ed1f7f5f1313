import { Controller, Get, Header, Param } from '@nestjs/common';
import type { TMailConfirmation } from '@flohmarkt/contracts';
import { MailConfirmations } from './mail-confirmations.js';

/**
 * The link of a confirmation request (GET /api/mail/confirm/{token}, called by the web page
 * /e-mail-bestaetigen/{token} from its button). No sign-in: the token is the credential.
 */
@Controller('mail/confirm/:token')
export class MailConfirmationsController {
  constructor(private readonly confirmations: MailConfirmations) {}

  @Get()
  @Header('Cache-Control', 'private, no-store')
  async confirm(@Param('token') token: string): Promise<TMailConfirmation> {
    await this.confirmations.confirm(token);
    return { confirmed: true };
  }
}
