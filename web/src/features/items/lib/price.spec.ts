import { describe, expect, it } from 'vitest';
import { eurosInput, formatPrice, parseEuros } from './price';

describe('item prices', () => {
  it('reads as German price tags do', () => {
    expect(formatPrice({ kind: 'fixed', cents: 1250 })).toBe('12,50\u00a0€');
    expect(formatPrice({ kind: 'fixed', cents: 2000 })).toBe('20\u00a0€');
    expect(formatPrice({ kind: 'fixed', cents: 5 })).toBe('0,05\u00a0€');
    expect(formatPrice({ kind: 'fixed', cents: 123_400 })).toBe('1.234\u00a0€');
    expect(formatPrice({ kind: 'negotiable' })).toBe('VB');
    expect(formatPrice({ kind: 'negotiable', cents: 2000 })).toBe('VB 20\u00a0€');
    expect(formatPrice({ kind: 'free' })).toBe('zu verschenken');
  });

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
