import { describe, expect, it } from 'vitest';
import { VALIDATION, ZUserUpdate } from '@flohmarkt/contracts';
import { DomainError } from '@flohmarkt/server-kit';
import { parseBody } from './parse-body.js';

describe('parseBody', () => {
  it('strips unknown fields', () => {
    expect(parseBody(ZUserUpdate, { firstName: 'Anna', lastName: 'S', role: 'admin' })).toEqual({ firstName: 'Anna', lastName: 'S' });
  });

  it('answers a missing body with the first field message as a 400', () => {
    try {
      parseBody(ZUserUpdate, undefined);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ code: 'VALIDATION', message: VALIDATION.firstNameRequired, status: 400 });
    }
  });
});
