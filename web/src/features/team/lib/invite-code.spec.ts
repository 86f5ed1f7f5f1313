import { describe, expect, it } from 'vitest';
import { inviteCodeProblem, normaliseInviteCode } from './invite-code';
import { defaultExpiry, expiryToIso, toLocalInput } from './invite-expiry';

describe('invite codes as typed', () => {
  it('takes lowercase, spaces and dashes', () => {
    expect(normaliseInviteCode(' ab3-k 9z ')).toBe('AB3K9Z');
    expect(inviteCodeProblem('ab3-k 9z')).toBeNull();
  });

  it('says which look-alike is never in a code instead of guessing another letter', () => {
    expect(inviteCodeProblem('AB0K9Z')).toBe('Ein Einladungscode enthält nie 0, O, 1, I oder L. Prüfe das Zeichen noch einmal.');
    expect(inviteCodeProblem('abl k9z')).toBe('Ein Einladungscode enthält nie 0, O, 1, I oder L. Prüfe das Zeichen noch einmal.');
  });

  it('asks for six characters and a code at all', () => {
    expect(inviteCodeProblem('AB3K9')).toBe('Ein Einladungscode hat 6 Zeichen.');
    expect(inviteCodeProblem('   ')).toBe('Bitte gib den Einladungscode ein.');
    expect(inviteCodeProblem('AB3K9!')).toBe('Ein Einladungscode besteht nur aus Buchstaben und Ziffern.');
  });
});

describe('an invite’s expiry', () => {
  const now = new Date(2030, 4, 20, 10, 0);

  it('defaults to the market’s end while that is within 30 days', () => {
    const end = new Date(2030, 5, 1, 17, 0);
    expect(defaultExpiry(end.toISOString(), now)).toBe('2030-06-01T17:00');
  });

  it('defaults to a week from now for a market over or too far ahead', () => {
    expect(defaultExpiry(new Date(2030, 4, 1).toISOString(), now)).toBe('2030-05-27T10:00');
    expect(defaultExpiry(new Date(2030, 8, 1).toISOString(), now)).toBe('2030-05-27T10:00');
  });

  it('sends the local value as an instant, and nothing for an incomplete one', () => {
    expect(expiryToIso(toLocalInput(now))).toBe(now.toISOString());
    expect(expiryToIso('')).toBeNull();
  });
});
