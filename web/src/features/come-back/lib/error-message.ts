import { isApiError, isNoConnectionError } from '@/lib/api-client';
import { readErrorBody } from '@/lib/api-error';

/**
 * What the user reads when a follow or an alert call failed: the server's German sentence ("Du hast
 * schon 10 Flohmarkt-Alarme …"), the German one of a missing connection, else `fallback` (an answer
 * without a sentence would read "HTTP error! status: 502").
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) return readErrorBody(error.body).message ?? fallback;
  if (isNoConnectionError(error)) return error.message;
  return fallback;
}
