import { describe, expect, it } from 'vitest';
import { HOLD_DECISIONS, HOLD_STATUSES, PICKUP_CODE_LENGTH } from '@flohmarkt/contracts';
import { mayDecide, partyOf, statusAfter, type HoldAsker } from './hold-access.js';
import { PICKUP_CODE_ALPHABET, newPickupCode } from './pickup-code.js';
import { holdTokenMatches, newHoldToken } from './hold-token.js';

const HOLDER = 'a0000000-0000-4000-8000-000000000001';
const nobody: HoldAsker = { callerId: null, isAdmin: false, ownsStand: false, hasMailToken: false };

describe('who a hold’s asker is', () => {
  it('names the seller by ownership or the mail token, then the holder, then an admin; anyone else is a stranger', () => {
    expect(partyOf({ ...nobody, ownsStand: true }, HOLDER)).toBe('seller');
    expect(partyOf({ ...nobody, hasMailToken: true }, HOLDER)).toBe('seller');
    expect(partyOf({ ...nobody, callerId: HOLDER }, HOLDER)).toBe('holder');
    expect(partyOf({ ...nobody, callerId: 'b0000000-0000-4000-8000-000000000002', isAdmin: true }, HOLDER)).toBe('admin');
    expect(partyOf({ ...nobody, callerId: 'b0000000-0000-4000-8000-000000000002' }, HOLDER)).toBeNull();
    expect(partyOf(nobody, HOLDER)).toBeNull();
  });

  it('lets only the seller accept or decline, and the seller, holder and an admin end', () => {
    expect(HOLD_DECISIONS.filter((d) => mayDecide('seller', d))).toEqual(['accept', 'decline', 'end']);
    expect(HOLD_DECISIONS.filter((d) => mayDecide('holder', d))).toEqual(['end']);
    expect(HOLD_DECISIONS.filter((d) => mayDecide('admin', d))).toEqual(['end']);
    expect(HOLD_DECISIONS.filter((d) => mayDecide(null, d))).toEqual([]);
  });
});

describe('a decision’s outcome', () => {
  it('accepts and declines a request only, ends a request or an accepted hold, and nothing after', () => {
    const table = Object.fromEntries(HOLD_STATUSES.map((s) => [s, HOLD_DECISIONS.map((d) => statusAfter(s, d))]));
    expect(table).toEqual({
      requested: ['accepted', 'declined', 'ended'],
      accepted: [null, null, 'ended'],
      declined: [null, null, null],
      ended: [null, null, null],
      lapsed: [null, null, null],
    });
  });
});

describe('codes and tokens', () => {
  it('draws pickup codes of the contract’s length without look-alike characters', () => {
    const codes = Array.from({ length: 200 }, newPickupCode);
    expect(codes.every((c) => c.length === PICKUP_CODE_LENGTH && [...c].every((ch) => PICKUP_CODE_ALPHABET.includes(ch)))).toBe(true);
    expect(codes.join('')).not.toMatch(/[01OIL]/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('matches the mail token only against its own hash', () => {
    const { token, hash } = newHoldToken();
    expect(holdTokenMatches(hash, token)).toBe(true);
    expect(holdTokenMatches(hash, newHoldToken().token)).toBe(false);
    expect(holdTokenMatches(hash, hash)).toBe(false);
    expect(holdTokenMatches(hash, undefined)).toBe(false);
    expect(holdTokenMatches(hash, 42)).toBe(false);
  });
});
