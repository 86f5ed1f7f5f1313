import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { manageTokenHash, manageUrl, newManageToken } from './guest-manage-token.js';

describe('guest manage token', () => {
  it('is 128 random bits in base64url, stored only as its SHA-256', () => {
    const { token, hash } = newManageToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    expect(hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hash).not.toContain(token);
    expect(manageTokenHash(token)).toBe(hash);
  });

  it('is new every time', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newManageToken().token));
    expect(tokens.size).toBe(1000);
  });

  it('answers no hash for anything that cannot be a token', () => {
    for (const raw of [undefined, '', 'abc', `${newManageToken().token}x`, '../../etc/passwd', 'AAAAAAAAAAAAAAAAAAAAA='])
      expect(manageTokenHash(raw), String(raw)).toBeNull();
  });

  it('builds the link of the manage page under the public URL', () => {
    expect(manageUrl('https://flohmarkt.example.org', 'AbCdEfGhIjKlMnOpQrSt-_')).toBe('https://flohmarkt.example.org/anmeldung/AbCdEfGhIjKlMnOpQrSt-_');
    expect(manageUrl('http://localhost:8080/', 'AbCdEfGhIjKlMnOpQrSt-_')).toBe('http://localhost:8080/anmeldung/AbCdEfGhIjKlMnOpQrSt-_');
  });
});
