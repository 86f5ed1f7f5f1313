/**
 * Where the browser goes after sign-in: a path on our own origin that is safe to send as a
 * `Location` (the gateway) or to offer as a link (the web app's "Zurück" after a refused sign-in), or
 * '/' for anything doubtful. Without zod: the web app's pages import it.
 *
 * The value is resolved against PUBLIC_URL and compared as a whole URL, and the answer is checked
 * again after the URL parser has normalised it: `/.//evil.example` and `/%2e%2e//evil.example`
 * normalise to the path `//evil.example`, which a browser reads as another host. Backslashes,
 * control characters (the parser silently drops tabs and newlines, so `/\t/evil` becomes `//evil`)
 * and encoded slashes or percent signs in the path (a later decoding could turn them into `//`)
 * are refused outright rather than cleaned up.
 */
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || DOUBTFUL_CHARACTERS.test(value)) return '/';
  const isPath = value.startsWith('/') && !value.startsWith('//');
  // Absolute URLs only with their `//`: `http:evil` would otherwise resolve relative to our origin.
  if (!isPath && !ABSOLUTE_HTTP.test(value)) return '/';
  let base: URL;
  let target: URL;
  try {
    base = new URL(publicUrl);
    target = isPath ? new URL(value, base) : new URL(value);
  } catch {
    return '/';
  }
  if (target.origin !== base.origin) return '/';
  if (!target.pathname.startsWith('/') || target.pathname.startsWith('//') || ENCODED_IN_PATH.test(target.pathname)) return '/';
  return `${target.pathname}${target.search}${target.hash}`;
}

const MAX_LENGTH = 2048;
/** Control characters (C0, DEL, C1) and backslashes anywhere in the raw value. */
// eslint-disable-next-line no-control-regex
const DOUBTFUL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\]/;
const ABSOLUTE_HTTP = /^https?:\/\//i;
/** An encoded slash, backslash or percent sign: one or two decodings away from `//` or `/\`. */
const ENCODED_IN_PATH = /%(2f|5c|25)/i;
