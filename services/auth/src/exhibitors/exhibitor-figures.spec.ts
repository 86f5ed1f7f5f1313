import { describe, expect, it } from 'vitest';
import { NO_FIGURES, figuresDiffer, figuresFromAnswer, formatRating } from './exhibitor-figures.js';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

describe('exhibitor figures', () => {
  it('formats the rating like the decimal(3,2) column', () => {
    expect(formatRating(0)).toBe('0.00');
    expect(formatRating(4.5)).toBe('4.50');
    expect(formatRating(13 / 3)).toBe('4.33');
  });

  it('reads the stands answer and gives users it leaves out zero figures', () => {
    const figures = figuresFromAnswer([A, B], { [A]: { totalStands: 3, avgRating: 4.25 } });
    expect(figures?.get(A)).toEqual({ totalStands: 3, avgRating: '4.25' });
    expect(figures?.get(B)).toEqual(NO_FIGURES);
  });

  it.each([null, [], 'x', { [A]: { totalStands: -1, avgRating: 0 } }, { [A]: { totalStands: 1.5, avgRating: 0 } }, { [A]: { totalStands: 1, avgRating: '4.5' } }])(
    'refuses an answer of the wrong shape: %j',
    (raw) => {
      expect(figuresFromAnswer([A], raw)).toBeNull();
    },
  );

  it('sees a difference in either figure, not in how the rating is written', () => {
    expect(figuresDiffer({ totalStands: 1, avgRating: '4.50' }, { totalStands: 1, avgRating: '4.50' })).toBe(false);
    expect(figuresDiffer({ totalStands: 1, avgRating: '4.5' }, { totalStands: 1, avgRating: '4.50' })).toBe(false);
    expect(figuresDiffer({ totalStands: 1, avgRating: '4.50' }, { totalStands: 2, avgRating: '4.50' })).toBe(true);
    expect(figuresDiffer({ totalStands: 1, avgRating: '4.50' }, { totalStands: 1, avgRating: '4.00' })).toBe(true);
  });
});
