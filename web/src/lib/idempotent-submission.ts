/**
 * One Idempotency-Key per submission of a creating write (issue 31): the key is made when the user
 * presses "Absenden" (or "Freigeben", "Ablehnen", uploads a photo) and is kept while the outcome is
 * unknown (a 5xx, a lost connection, the server still working on it: the 409 with the code
 * ERROR_CODES.IDEMPOTENT_REQUEST_PENDING), so the automatic retry and the user's next press of the same
 * submission are answered with the first answer instead of doing it twice. A final answer (any 2xx,
 * any other 4xx, other 409s included) forgets it: the next submission is new.
 */

/** Before the one automatic retry: long enough for a restarting service or a dropped socket, short for a waiting user. */
export const SAFE_RETRY_DELAY_MS = 700;

/** Keys of submissions with an unknown outcome, by submission (method, URL, body), oldest first. */
const openSubmissions = new Map<string, { key: string; since: number }>();
/** The server remembers a key 24 h; keep it for less, and only a few (each is one failed press). */
const KEEP_MS = 23 * 3600 * 1000;
const KEEP_AT_MOST = 20;

function newKey(): string {
  // randomUUID needs a secure context; getRandomValues works on plain http too (a LAN address).
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A short stand-in for a submission (a photo's body is megabytes): 53 bits of cyrb53 with its length. */
function fingerprint(submission: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < submission.length; i++) {
    const c = submission.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${submission.length}:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

/** The key of this submission: the open one of an earlier press with an unknown outcome, else a new one. */
export function keyForSubmission(submission: string, now = Date.now()): string {
  const id = fingerprint(submission);
  const open = openSubmissions.get(id);
  if (open && now - open.since < KEEP_MS) return open.key;
  const key = newKey();
  openSubmissions.set(id, { key, since: now });
  while (openSubmissions.size > KEEP_AT_MOST) openSubmissions.delete(openSubmissions.keys().next().value as string);
  return key;
}

/**
 * After an answer: a final one (a success, a refusal) forgets the key; one whose outcome is unknown
 * keeps it for the next press.
 */
export function settleSubmission(submission: string, outcome: 'final' | 'unknown'): void {
  if (outcome === 'final') openSubmissions.delete(fingerprint(submission));
}
