import { isIPv6 } from 'node:net';
import type { Request } from 'express';

/**
 * The client's address as a rate-limit key. IPv6 clients usually own a whole /64, so they are
 * grouped by it; otherwise one client could rotate through billions of addresses.
 */
export function clientKey(req: Request): string {
  const raw = (req.ip ?? req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  if (!isIPv6(raw)) return raw;
  return `${expandIPv6(raw).slice(0, 4).join(':')}::/64`;
}

export function expandIPv6(address: string): string[] {
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - left.length - right.length : 0;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((part) => part.toLowerCase().padStart(4, '0'));
}
