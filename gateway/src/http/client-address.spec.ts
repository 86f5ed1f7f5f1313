import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { clientKey, expandIPv6 } from './client-address.js';

const req = (ip: string) => ({ ip, socket: {} }) as unknown as Request;

describe('clientKey', () => {
  it('uses an IPv4 address as it is, also when mapped into IPv6', () => {
    expect(clientKey(req('203.0.113.7'))).toBe('203.0.113.7');
    expect(clientKey(req('::ffff:203.0.113.7'))).toBe('203.0.113.7');
  });

  it('groups IPv6 clients by their /64', () => {
    expect(clientKey(req('2001:db8:1:2:aaaa::1'))).toBe(clientKey(req('2001:db8:1:2:bbbb:cccc:dddd:eeee')));
    expect(clientKey(req('2001:db8:1:2::1'))).not.toBe(clientKey(req('2001:db8:1:3::1')));
  });

  it('expands abbreviated IPv6 addresses', () => {
    expect(expandIPv6('2001:db8::1')).toEqual(['2001', '0db8', '0000', '0000', '0000', '0000', '0000', '0001']);
  });
});
