import type { Response } from 'express';
import { ERROR_STATUS, type TErrorCode } from '@flohmarkt/contracts';

/** Every error the gateway answers: one German sentence in `message`, status from the code table. */
export function sendError(res: Response, code: TErrorCode, message: string, extra: Record<string, unknown> = {}): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(ERROR_STATUS[code]).json({ message, ...extra });
}
