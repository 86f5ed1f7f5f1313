import { describe, expect, it } from 'vitest';
import { winAnsi } from './win-ansi.js';

describe('winAnsi', () => {
  it('keeps German text as it is: umlauts, ß, „“, –, €', () => {
    expect(winAnsi('Großer Hofflohmarkt „Südstadt“ – Bücher ab 1 €')).toBe('Großer Hofflohmarkt „Südstadt“ – Bücher ab 1 €');
  });

  it('reduces letters Helvetica lacks to their base letter and drops what has none', () => {
    expect(winAnsi('Łódź, Kraków, Gdańsk, İzmir, Dvořák 🎉 ok')).toBe('Lódz, Kraków, Gdansk, Izmir, Dvorák ok');
  });

  it('turns line breaks and tabs into single spaces', () => {
    expect(winAnsi('Bücher\r\nund\tSpiele\n\n')).toBe('Bücher und Spiele');
  });
});
