import { z } from 'zod';
import type { TErrorCode } from './errors.js';
import { API_ERRORS } from './messages.js';
import { VALIDATION } from './validation-messages.js';

// The zod side of the error vocabulary (errors.ts stays free of zod: the web app's first paint reads
// its codes and must not load zod, issue 21).

/** The sentence to answer when the code is all that is known (the servers': the web app reads the body's own). */
export const ERROR_DEFAULT_MESSAGE: Record<TErrorCode, string> = {
  UNAUTHENTICATED: API_ERRORS.unauthenticated,
  NOT_FOUND: API_ERRORS.notFound,
  FORBIDDEN: API_ERRORS.forbidden,
  VALIDATION: API_ERRORS.invalidInput,
  CONFLICT: API_ERRORS.conflict,
  GONE: API_ERRORS.gone,
  UNPROCESSABLE: API_ERRORS.idempotencyKeyReused,
  PAYLOAD_TOO_LARGE: API_ERRORS.bodyTooLarge,
  REQUEST_TIMEOUT: API_ERRORS.bodyTimeout,
  RATE_LIMITED: API_ERRORS.tooManyRequests,
  UNAVAILABLE: API_ERRORS.serviceUnavailable,
  INTERNAL: API_ERRORS.internal,
  POINT_FAR_FROM_LOCATION: API_ERRORS.invalidInput,
  STAND_TOO_FAR: API_ERRORS.invalidInput,
  // The service always says which number; this is only for an answer without its sentence.
  STAND_NUMBER_TAKEN: API_ERRORS.conflict,
  IDEMPOTENT_REQUEST_PENDING: API_ERRORS.idempotentRequestPending,
};

export const ZErrorBody = z.object({
  message: z.string(),
  // Photo calls repeat the message here (docs/product.md#calls-and-answers: clients read `error` there).
  error: z.string().optional(),
  code: z.string().optional(),
  // Set on 500s so a user report can be matched to the log line.
  requestId: z.string().optional(),
});

// zod's built-in English defaults all start like this; a schema from outside this
// library may still produce one, and users must never see English.
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized key|Expected)/;

/** The first issue's message: one German sentence for the error body. */
export function firstZodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return VALIDATION.invalidInput;
  if (!ZOD_DEFAULT.test(issue.message)) return issue.message;
  const field = issue.path.map(String).join('.');
  return field ? `Ungültige Eingabe im Feld „${field}“.` : VALIDATION.invalidInput;
}
