import { describe, expect, it } from 'vitest';
import { withoutAddresses } from './without-addresses.js';

describe('SMTP words in the log', () => {
  it('lose every address a server quotes, with or without angle brackets', () => {
    expect(withoutAddresses("Can't send mail - all recipients were rejected: 450 4.1.1 <Anna.Becker+flohmarkt@example.org>: Recipient address rejected")).toBe(
      "Can't send mail - all recipients were rejected: 450 4.1.1 <Adresse>: Recipient address rejected",
    );
    expect(withoutAddresses('550 mailbox anna@example.org unavailable; from noreply@flohmarkt.example')).toBe(
      '550 mailbox <Adresse> unavailable; from <Adresse>',
    );
  });

  it('keep everything else as the server said it', () => {
    expect(withoutAddresses('250 2.0.0 Ok: queued as 4F3A21C0B2')).toBe('250 2.0.0 Ok: queued as 4F3A21C0B2');
    expect(withoutAddresses('ECONNREFUSED 127.0.0.1:2525')).toBe('ECONNREFUSED 127.0.0.1:2525');
  });
});
