// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { eurosInput, parseEuros } from './price';

describe('item prices', () => {
  it('takes euros with a comma or a point and answers cents', () => {
    expect(parseEuros('12,50')).toBe(1250);
    expect(parseEuros('12.5')).toBe(1250);
    expect(parseEuros(' 12 ')).toBe(1200);
    expect(parseEuros('0,99 €')).toBe(99);
    expect(parseEuros('3,7')).toBe(370);
  });

  it('refuses what is no amount instead of guessing', () => {
    for (const text of ['', 'zwölf', '12,505', '1.250,00', '-3', '12,', '100001']) expect(parseEuros(text)).toBeNull();
  });

  it('shows cents again as the amount field takes them', () => {
    expect(eurosInput(1250)).toBe('12,50');
    expect(eurosInput(2000)).toBe('20');
    expect(eurosInput(undefined)).toBe('');
    expect(parseEuros(eurosInput(1205))).toBe(1205);
  });
});
