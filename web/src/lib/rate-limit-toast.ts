import { API_ERRORS } from '@flohmarkt/contracts';
import { toastError } from '@/components/ui/toast/use-toast';
import { isRateLimitedError } from '@/lib/api-client';
import { readErrorBody } from '@/lib/api-error';

/**
 * A call refused by a limit or a budget (429) is shown as the destructive toast with the gateway's
 * German sentence ('Du hast in den letzten 24 Stunden schon 10 Flohmärkte angelegt. …'), so the
 * user learns why and that it passes; the general sentence when the body brought none.
 */
export function toastIfRateLimited(error: unknown): void {
  if (isRateLimitedError(error)) toastError(readErrorBody(error.body).message ?? API_ERRORS.tooManyRequests);
}
