import { describe, expect, it } from 'vitest';
import { sameAlert, type TAlertAsk } from './same-alert.js';

const wish: TAlertAsk = { lat: 50.94, lng: 6.96, radiusKm: 10, categories: [], query: 'Nähmaschine' };

describe('sameAlert', () => {
  it('is the same alert for the same words in any case and spacing, and the same categories in any order', () => {
    expect(sameAlert(wish, { ...wish, query: '  NÄHMASCHINE ' })).toBe(true);
    expect(sameAlert({ ...wish, query: 'alte   Nähmaschine' }, { ...wish, query: 'Alte Nähmaschine' })).toBe(true);
    expect(sameAlert({ ...wish, categories: ['Bücher', 'Spielzeug'] }, { ...wish, categories: ['Spielzeug', 'Bücher'] })).toBe(true);
    expect(sameAlert({ ...wish, query: null }, { ...wish, query: null })).toBe(true);
  });

  it('is another alert for another radius, point, words or categories, and words against none', () => {
    expect(sameAlert(wish, { ...wish, radiusKm: 25 })).toBe(false);
    expect(sameAlert(wish, { ...wish, lng: 6.97 })).toBe(false);
    expect(sameAlert(wish, { ...wish, query: 'Nähmaschinentisch' })).toBe(false);
    expect(sameAlert(wish, { ...wish, categories: ['Bücher'] })).toBe(false);
    expect(sameAlert({ ...wish, categories: ['Bücher', 'Bücher'] }, { ...wish, categories: ['Bücher', 'Spielzeug'] })).toBe(false);
    expect(sameAlert(wish, { ...wish, query: null })).toBe(false);
  });
});
