/**
 * Safe retries of creating writes (issue 31, docs/adr/0016-idempotent-writes.md): the client sends
 * one key per user action and the same key on its retry; the service answers a repeat with the
 * first answer. Header names as on the wire (HTTP header names are case-insensitive).
 */
export const IDEMPOTENCY_HEADERS = {
  /** Request: the client's key for this one action. */
  key: 'Idempotency-Key',
  /** Answer: `true` when the answer is the stored first answer and nothing was applied now. */
  replayed: 'Idempotent-Replayed',
} as const;

/** 1–200 printable ASCII characters (space to tilde). */
const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,200}$/;

/** Whether a header value is a usable idempotency key; gateway and services check it alike. */
export function isIdempotencyKey(value: string): boolean {
  return IDEMPOTENCY_KEY.test(value);
}
