import type { Response } from 'express';
import { ERROR_CODE_HEADER, ERROR_STATUS, isSpecificErrorCode, type TErrorCode } from '@flohmarkt/contracts';

/** Seconds a 503 tells the caller to wait when whoever answered named no time of its own. */
const UNAVAILABLE_RETRY_AFTER_S = 2;

/**
 * Every error the gateway answers: one German sentence in `message`, status from the code table, and
 * the code in the Error-Code header where it is a specific refusal a client reacts to (STAND_TOO_FAR …),
 * never to be told by its text.
 * Every 503 carries Retry-After. An answer already complete (the request's deadline answered it,
 * http/request-deadline.ts) is left alone; one under way is cut, so it never looks whole.
 */
export function sendError(res: Response, code: TErrorCode, message: string, extra: Record<string, unknown> = {}): void {
  if (res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (code === 'UNAVAILABLE' && !res.getHeader('retry-after')) res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
  if (isSpecificErrorCode(code)) res.setHeader(ERROR_CODE_HEADER, code);
  res.status(ERROR_STATUS[code]).json({ message, ...extra });
}
