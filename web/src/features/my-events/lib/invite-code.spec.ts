// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inviteCodeProblem, normaliseInviteCode } from './invite-code';

describe('invite codes as typed', () => {
  it('takes lowercase, spaces and dashes', () => {
    expect(normaliseInviteCode(' ab3-k 9z-q7 ')).toBe('AB3K9ZQ7');
    expect(inviteCodeProblem('ab3-k 9z q7')).toBeNull();
  });

  it('says which look-alike is never in a code instead of guessing another letter', () => {
    expect(inviteCodeProblem('AB0K9ZQ7')).toBe('Ein Einladungscode enthält nie 0, O, 1, I oder L. Prüfe das Zeichen noch einmal.');
    expect(inviteCodeProblem('abl k9z q7')).toBe('Ein Einladungscode enthält nie 0, O, 1, I oder L. Prüfe das Zeichen noch einmal.');
  });

  it('asks for eight characters and a code at all', () => {
    expect(inviteCodeProblem('AB3K9')).toBe('Ein Einladungscode hat 8 Zeichen.');
    expect(inviteCodeProblem('   ')).toBe('Bitte gib den Einladungscode ein.');
    expect(inviteCodeProblem('AB3K9!')).toBe('Ein Einladungscode besteht nur aus Buchstaben und Ziffern.');
  });
});
