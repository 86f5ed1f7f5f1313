import { Body, Controller, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DELETE_ACCOUNT, EXPORT_ACCOUNT, accountExportFileName, type TAccountExport } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { AccountSelfService } from './account-self-service.js';

/**
 * The signed-in user's own account (EXPORT_ACCOUNT, DELETE_ACCOUNT). No id in any path: whose data it is comes from the
 * session alone, so nobody can ask for anyone else's.
 */
@Controller()
export class AccountController {
  constructor(private readonly account: AccountSelfService) {}

  /** 401 → 200 with the JSON as a download (503 while an owner of some of the data is down). */
  @PublicRoute(EXPORT_ACCOUNT)
  async export(@SignedInCaller() caller: CallerContext, @Res({ passthrough: true }) res: Response): Promise<TAccountExport> {
    const now = new Date();
    const data = await this.account.export(caller.id, now);
    res.setHeader('Content-Disposition', `attachment; filename="${accountExportFileName(now)}"`);
    // Personal data: never kept by a shared cache or the browser's.
    res.setHeader('Cache-Control', 'no-store');
    return data;
  }

  /** 401 → 400 (confirmation is not the account's e-mail) → 409 (events not over) → 204; the gateway then ends the session. */
  @PublicRoute(DELETE_ACCOUNT)
  @HttpCode(204)
  async remove(@SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<void> {
    await this.account.deleteOwn(caller.id, body);
  }
}
