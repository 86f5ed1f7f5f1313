import { describe, expect, it } from 'vitest';
import { mailboxKey } from './mailbox-key.js';

describe('mailboxKey', () => {
  it('ignores letter case and surrounding blanks', () => {
    expect(mailboxKey('  Victim@Example.ORG ')).toBe('victim@example.org');
  });

  it('drops a +tag at every domain', () => {
    for (const address of ['victim+1@example.org', 'victim+2@example.org', 'Victim+Flohmarkt+x@Example.org', 'victim+@example.org'])
      expect(mailboxKey(address), address).toBe('victim@example.org');
    expect(mailboxKey('vic.tim+1@web.de')).toBe('vic.tim@web.de');
  });

  it('ignores dots in the local part at gmail.com and googlemail.com, which are one mailbox', () => {
    for (const address of ['vic.tim@gmail.com', 'V.I.C.T.I.M+spam@GMail.com', 'victim@googlemail.com', 'vic.tim+2@googlemail.com'])
      expect(mailboxKey(address), address).toBe('victim@gmail.com');
  });

  it('keeps the dots of other domains', () => {
    expect(mailboxKey('vic.tim@example.org')).toBe('vic.tim@example.org');
    expect(mailboxKey('vic.tim@gmail.de')).toBe('vic.tim@gmail.de');
  });

  it('leaves umlaut and IDN domains as written (lower case only)', () => {
    expect(mailboxKey('jürgen+markt@Müller-Flohmarkt.de')).toBe('jürgen@müller-flohmarkt.de');
    expect(mailboxKey('anna@xn--mller-kva.de')).toBe('anna@xn--mller-kva.de');
  });

  it('keeps what it cannot split: no @, or a local part that is only a tag', () => {
    expect(mailboxKey('keine-adresse')).toBe('keine-adresse');
    expect(mailboxKey('+tag@example.org')).toBe('+tag@example.org');
  });
});
