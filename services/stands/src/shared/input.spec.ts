import { describe, expect, it } from 'vitest';
import { API_ERRORS, VALIDATION, ZStandCreate } from '@flohmarkt/contracts';
import { parseInput, pathId, type DomainError } from '@flohmarkt/server-kit';
import { toDecimal } from './input.js';

const ID = 'D0000000-0000-4000-8000-000000000001';

function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('did not throw');
}

// The service reads path ids and bodies with server-kit's helpers; here with this service's own messages.
describe('input helpers', () => {
  it('answers a malformed path id with a 404, never a database error', () => {
    expect(pathId(ID, API_ERRORS.standNotFound)).toBe(ID.toLowerCase());
    const err = errorOf(() => pathId('123', API_ERRORS.standNotFound));
    expect([err.code, err.message]).toEqual(['NOT_FOUND', API_ERRORS.standNotFound]);
  });

  it('answers an invalid body with the first German sentence as a 400', () => {
    const err = errorOf(() => parseInput(ZStandCreate, { eventId: ID, description: 'zu kurz', categories: ['Bücher'] }));
    expect([err.code, err.message]).toEqual(['VALIDATION', VALIDATION.standDescriptionMinLength]);
    expect(errorOf(() => parseInput(ZStandCreate, undefined)).message).toBe(VALIDATION.eventIdRequired);
  });

  it('writes coordinates with the column scale', () => {
    expect(toDecimal(52.52)).toBe('52.52000000');
    expect(toDecimal(null)).toBeNull();
  });
});
