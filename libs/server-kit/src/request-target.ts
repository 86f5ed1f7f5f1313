/**
 * The one rule for request targets, applied where a request enters (the gateway's public port, every
 * service) and where one is sent (every service client). A target passes only when no URL parser or
 * server behind us could read it as another path than the one the route table matched: URL parsers
 * turn `\` into `/`, resolve `.`/`..` (also when written `%2e`), and an absolute-form target
 * (`http://host/...`) makes `new URL(target, base)` drop the base altogether.
 */
export interface RequestTarget {
  /** Origin-form path, e.g. `/api/events/1`, exactly as received. */
  path: string;
  /** `?…` or empty. */
  search: string;
}

/**
 * Backslashes, encoded dots, slashes and backslashes, encoded control characters, and the characters
 * a URL parser would percent-encode in a path (so the path sent would differ from the one matched).
 */
const ENCODED_OR_ESCAPED = /[\\"<>`{}]|%(2e|2f|5c|[01][0-9a-f]|7f)/i;
/** Anything but visible ASCII (control characters, spaces, raw UTF-8 bytes) and fragments. */
const NOT_VISIBLE_ASCII = /[^\x21-\x7e]|#/;
const BROKEN_PERCENT = /%(?![0-9a-f]{2})/i;

/** The target split into path and query when it is canonical origin-form, else null. */
export function parseRequestTarget(raw: string): RequestTarget | null {
  if (!raw.startsWith('/') || NOT_VISIBLE_ASCII.test(raw)) return null;
  const queryAt = raw.indexOf('?');
  const path = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const search = queryAt === -1 ? '' : raw.slice(queryAt);
  if (!isCanonicalPath(path) || BROKEN_PERCENT.test(search)) return null;
  return { path, search };
}

/** Whether the path's escapes are UTF-8 (`%c0` is not): the router would fail to decode a parameter of it. */
function decodes(path: string): boolean {
  if (!path.includes('%')) return true;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** A path that every URL parser reads as itself: no dot segments, no empty segments but a trailing slash. */
export function isCanonicalPath(path: string): boolean {
  if (!path.startsWith('/') || ENCODED_OR_ESCAPED.test(path) || BROKEN_PERCENT.test(path) || NOT_VISIBLE_ASCII.test(path) || !decodes(path)) return false;
  const segments = path.split('/').slice(1);
  return segments.every((segment, i) => segment !== '.' && segment !== '..' && (segment !== '' || i === segments.length - 1));
}

/** A call that would leave the service's base (absolute target, dot segments, …): a bug or an attack, never sent. */
export class UnsafeTargetError extends Error {
  constructor(target: string) {
    super(`refused to send a non-canonical request target: ${JSON.stringify(target.slice(0, 200))}`);
  }
}

/** A service's base URL, read once: every call to that service is sent to its host with its path in front. */
export interface ServiceBase {
  href: string;
  protocol: string;
  /** Without the brackets of an IPv6 address, as node:http takes it. */
  hostname: string;
  port: string;
  /** The base's own path without its trailing slash ('' for most bases). */
  path: string;
}

export function serviceBase(href: string): ServiceBase {
  const url = new URL(href);
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { href, protocol: url.protocol, hostname, port: url.port, path: url.pathname.replace(/\/$/, '') };
}

/**
 * The path sent for `target` on a base: the base's path, then the target byte for byte. Refused before
 * anything is sent unless canonical origin-form, so neither the host (fixed by the base) nor the path
 * (no dot segment, backslash or encoded one) can be read by the service as anything but what was matched.
 */
export function pathOnBase(base: ServiceBase, target: string): string {
  const parsed = parseRequestTarget(target);
  if (!parsed) throw new UnsafeTargetError(target);
  return `${base.path}${parsed.path}${parsed.search}`;
}
