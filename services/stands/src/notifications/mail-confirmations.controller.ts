import { Controller, Header, Param } from '@nestjs/common';
import { CONFIRM_MAIL_ADDRESS, type TMailConfirmation } from '@flohmarkt/contracts';
import { PublicRoute } from '@flohmarkt/server-kit';
import { MailConfirmations } from './mail-confirmations.js';

/**
 * The link of a confirmation request (GET /api/mail/confirm/{token}, called by the web page
 * /e-mail-bestaetigen/{token} from its button). No sign-in: the token is the credential.
 */
@Controller()
export class MailConfirmationsController {
  constructor(private readonly confirmations: MailConfirmations) {}

  @PublicRoute(CONFIRM_MAIL_ADDRESS)
  @Header('Cache-Control', 'private, no-store')
  async confirm(@Param('token') token: string): Promise<TMailConfirmation> {
    await this.confirmations.confirm(token);
    return { confirmed: true };
  }
}
