/*
 * The one reading of an error answer's body in the web app: `{ message, error?, code? }`, the shape of
 * ZErrorBody in libs/contracts. The API client (api-client.ts, its ApiError), the photo upload and the
 * framed page's own small loader (embed/load-embed.ts) all read it here. Checked by hand, not with the zod
 * schema: the embed's script stays small (build/embed-budget.ts).
 *
 * A caller tells a refusal apart by its `code` (ERROR_CODES of libs/contracts: STAND_TOO_FAR,
 * STAND_NUMBER_TAKEN …), never by the German sentence, which may change.
 */

export interface ErrorBodyFields {
  /** The German sentence for the user: `message`, else `error` (photo calls repeat it there). */
  message: string | undefined;
  /** The specific refusal the gateway passed through, if the answer names one. */
  code: string | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** The message and code of an error answer's body, each undefined when the body has none (or is no object). */
export function readErrorBody(body: unknown): ErrorBodyFields {
  if (typeof body !== 'object' || body === null) return { message: undefined, code: undefined };
  const { message, error, code } = body as { message?: unknown; error?: unknown; code?: unknown };
  return { message: text(message) ?? text(error), code: text(code) };
}
