import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('an item’s price as the list says it', () => {
  it('gives euros with the German comma, VB with or without an asking price, and free things', () => {
    expect(formatPrice({ kind: 'fixed', cents: 1250 })).toBe('12,50\u00a0€');
    expect(formatPrice({ kind: 'fixed', cents: 123_456 })).toBe('1.234,56\u00a0€');
    expect(formatPrice({ kind: 'negotiable' })).toBe('VB');
    expect(formatPrice({ kind: 'negotiable', cents: 800 })).toBe('8,00\u00a0€ VB');
    expect(formatPrice({ kind: 'free' })).toBe('zu verschenken');
  });
});
