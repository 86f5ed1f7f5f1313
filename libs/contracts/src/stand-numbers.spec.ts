import { describe, expect, it } from 'vitest';
import { firstZodMessage } from './error-body.js';
import { STAND_NUMBER_MESSAGES, ZStandNumbering, plainStandNumber } from './stand-numbers.js';

const messageOf = (body: unknown) => {
  const result = ZStandNumbering.safeParse(body);
  return result.success ? null : firstZodMessage(result.error);
};

describe('ZStandNumbering', () => {
  it('takes either order, with or without a start', () => {
    expect(ZStandNumbering.parse({ order: 'street' })).toEqual({ order: 'street' });
    expect(ZStandNumbering.parse({ order: 'walk', start: { lat: '52.52', lng: 13.4 } })).toEqual({ order: 'walk', start: { lat: 52.52, lng: 13.4 } });
    expect(ZStandNumbering.parse({ order: 'walk', start: null })).toEqual({ order: 'walk', start: null });
  });

  it('answers German for a missing or unknown order and a half or wrong start', () => {
    expect(messageOf({})).toBe(STAND_NUMBER_MESSAGES.invalidOrder);
    expect(messageOf({ order: 'alphabet' })).toBe(STAND_NUMBER_MESSAGES.invalidOrder);
    expect(messageOf({ order: 'walk', start: { lat: 52.5 } })).toBe(STAND_NUMBER_MESSAGES.invalidStart);
    expect(messageOf({ order: 'walk', start: 'Markt' })).toBe(STAND_NUMBER_MESSAGES.invalidStart);
    expect(messageOf({ order: 'walk', start: { lat: 95, lng: 13 } })).toMatch(/Breitengrad/);
  });
});

describe('plainStandNumber', () => {
  it('reads plain numbers only', () => {
    expect(plainStandNumber('7')).toBe(7);
    expect(plainStandNumber(' 07 ')).toBe(7);
    expect(plainStandNumber('7a')).toBeNull();
    expect(plainStandNumber('Hof 17')).toBeNull();
    expect(plainStandNumber('-3')).toBeNull();
    expect(plainStandNumber('1234567890')).toBeNull();
    expect(plainStandNumber(null)).toBeNull();
  });
});
