import { describe, expect, it } from 'vitest';
import { formatRating } from './exhibitor-figures.js';

describe('exhibitor figures', () => {
  it('formats the rating like the decimal(3,2) column', () => {
    expect(formatRating(0)).toBe('0.00');
    expect(formatRating(4.5)).toBe('4.50');
    expect(formatRating(13 / 3)).toBe('4.33');
  });
});
