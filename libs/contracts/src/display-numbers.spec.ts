import { describe, expect, it } from 'vitest';
import { formatCount, formatKm } from './display-numbers.js';

describe('display numbers', () => {
  it('counts in the noun form German needs', () => {
    expect(formatCount(1, 'Stand', 'Stände')).toBe('1 Stand');
    expect(formatCount(2, 'Stand', 'Stände')).toBe('2 Stände');
    expect(formatCount(0, 'Stand', 'Stände')).toBe('0 Stände');
    expect(formatCount(1250, 'Flohmarkt', 'Flohmärkte')).toBe('1.250 Flohmärkte');
  });

  it('writes kilometres with a comma', () => {
    expect(formatKm(0.3)).toBe('0,3 km');
    expect(formatKm(2.5)).toBe('2,5 km');
    expect(formatKm(12)).toBe('12 km');
  });
});
