import { randomInt } from 'node:crypto';
import { TEAM_INVITE_CODE_ALPHABET, TEAM_INVITE_CODE_LENGTH } from '@flohmarkt/contracts';

const CODE_SHAPE = new RegExp(`^[${TEAM_INVITE_CODE_ALPHABET}]{${TEAM_INVITE_CODE_LENGTH}}$`);

/** A new code from the crypto source: 31^6 ≈ 887 million codes, the gateway limits the guesses per address. */
export function newInviteCode(): string {
  return Array.from({ length: TEAM_INVITE_CODE_LENGTH }, () => TEAM_INVITE_CODE_ALPHABET[randomInt(TEAM_INVITE_CODE_ALPHABET.length)]).join('');
}

/**
 * A code as typed or read aloud: spaces around it and lower case are forgiven. Null for anything
 * that cannot be a code (no database read for it: it is unknown whatever it is).
 */
export function normalisedInviteCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return CODE_SHAPE.test(code) ? code : null;
}
