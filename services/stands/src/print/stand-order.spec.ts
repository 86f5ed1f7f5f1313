import { describe, expect, it } from 'vitest';
import { byStandNumber, printedNumber } from './stand-order.js';

const stand = (standNumber: string | null, createdAt = '2026-05-01T10:00:00.000Z', id = standNumber ?? 'x') => ({ standNumber, createdAt, id });

describe('byStandNumber', () => {
  it('counts like a person: 2 before 10, 7a after 7, then the stands without a number by registration', () => {
    const sorted = [
      stand(null, '2026-05-02T10:00:00.000Z', 'spät'),
      stand('10'),
      stand('7a'),
      stand('  '),
      stand('2'),
      stand(null, '2026-05-01T09:00:00.000Z', 'früh'),
      stand('7'),
      stand('B3'),
      stand('b12'),
    ].sort(byStandNumber);
    expect(sorted.map((s) => s.standNumber?.trim() || s.id)).toEqual(['2', '7', '7a', '10', 'B3', 'b12', 'früh', '  ', 'spät']);
  });

  it('keeps two stands with the same number in registration order', () => {
    const sorted = [stand('4', '2026-05-03T00:00:00.000Z', 'b'), stand('4', '2026-05-01T00:00:00.000Z', 'a')].sort(byStandNumber);
    expect(sorted.map((s) => s.id)).toEqual(['a', 'b']);
  });
});

describe('printedNumber', () => {
  it('is the trimmed number, or null for none or blanks', () => {
    expect(printedNumber({ standNumber: ' 12 ' })).toBe('12');
    expect(printedNumber({ standNumber: '   ' })).toBeNull();
    expect(printedNumber({ standNumber: null })).toBeNull();
  });
});
