import { describe, expect, it } from 'vitest';
import { inviteCodeProblem, normaliseInviteCode } from './invite-code';

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
