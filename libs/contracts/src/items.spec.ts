import { describe, expect, it } from 'vitest';
import { ITEM_MESSAGES, ZItemSearchQuery } from './items.js';
import { VALIDATION } from './validation-messages.js';
import { firstMessage } from './testing/issues.js';

describe('ZItemSearchQuery market days', () => {
  const query = { q: 'Fahrrad', lat: '50.94', lng: '6.96' };

  it('takes Berlin days as JJJJ-MM-TT', () => {
    expect(ZItemSearchQuery.parse({ ...query, from: '2030-05-10', to: '2030-05-11' })).toMatchObject({ from: '2030-05-10', to: '2030-05-11' });
  });

  // These threw inside the check (a 500 for anyone); they are the German 400 now.
  it.each(['x', '2026-13-01', '2026-02-30', '2026-1-01', ''])('refuses %j with the German message', (day) => {
    expect(firstMessage(ZItemSearchQuery, { ...query, from: day })).toBe(ITEM_MESSAGES.dayInvalid);
    expect(firstMessage(ZItemSearchQuery, { ...query, to: day })).toBe(ITEM_MESSAGES.dayInvalid);
  });

  // 9999-12-31 passed and its next day („+010000-01“) failed inside the search: a 500 for anyone.
  it.each(['9999-12-31', '1999-12-31', '2100-01-01'])('refuses %j outside the years a market may lie in', (day) => {
    expect(firstMessage(ZItemSearchQuery, { ...query, from: day })).toBe(VALIDATION.dateOutOfRange);
    expect(firstMessage(ZItemSearchQuery, { ...query, to: day })).toBe(VALIDATION.dateOutOfRange);
  });
});
