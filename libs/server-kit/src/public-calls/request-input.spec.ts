import { describe, expect, it } from 'vitest';
import { VALIDATION, ZUserUpdate } from '@flohmarkt/contracts';
import { DomainError } from '../errors.js';
import { parseInput } from './request-input.js';

describe('parseInput', () => {
  it('strips unknown fields', () => {
    expect(parseInput(ZUserUpdate, { firstName: 'Anna', lastName: 'S', role: 'admin' })).toEqual({ firstName: 'Anna', lastName: 'S' });
  });

  it('answers a missing body with the first field message as a 400', () => {
    try {
      parseInput(ZUserUpdate, undefined);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ code: 'VALIDATION', message: VALIDATION.firstNameRequired, status: 400 });
    }
  });
});
