import { Body, Controller, Delete, Get, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import { accountExportFileName, type TAccountExport } from '@flohmarkt/contracts';
import { SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { AccountSelfService } from './account-self-service.js';

/**
 * /api/me: the signed-in user's own account. No id in any path: whose data it is comes from the
 * session alone, so nobody can ask for anyone else's.
 */
@Controller('me')
export class AccountController {
  constructor(private readonly account: AccountSelfService) {}

  /** 401 → 200 with the JSON as a download (503 while an owner of some of the data is down). */
  @Get('export')
  async export(@SignedInCaller() caller: CallerContext, @Res({ passthrough: true }) res: Response): Promise<TAccountExport> {
    const now = new Date();
    const data = await this.account.export(caller.id, now);
    res.setHeader('Content-Disposition', `attachment; filename="${accountExportFileName(now)}"`);
    // Personal data: never kept by a shared cache or the browser's.
    res.setHeader('Cache-Control', 'no-store');
    return data;
  }

  /** 401 → 400 (confirmation is not the account's e-mail) → 409 (events not over) → 204; the gateway then ends the session. */
  @Delete()
  @HttpCode(204)
  async remove(@SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<void> {
    await this.account.deleteOwn(caller.id, body);
  }
}
