import { describe, expect, it } from 'vitest';
import { formatItemPrice } from './item-price-text.js';

describe('formatItemPrice', () => {
  it('reads like a German price tag', () => {
    expect(formatItemPrice({ kind: 'fixed', cents: 1250 })).toBe('12,50\u00a0€');
    expect(formatItemPrice({ kind: 'fixed', cents: 2000 })).toBe('20\u00a0€');
    expect(formatItemPrice({ kind: 'fixed', cents: 5 })).toBe('0,05\u00a0€');
    expect(formatItemPrice({ kind: 'fixed', cents: 123_456 })).toBe('1.234,56\u00a0€');
    expect(formatItemPrice({ kind: 'negotiable' })).toBe('VB');
    expect(formatItemPrice({ kind: 'negotiable', cents: 2000 })).toBe('VB 20\u00a0€');
    expect(formatItemPrice({ kind: 'free' })).toBe('zu verschenken');
  });
});
