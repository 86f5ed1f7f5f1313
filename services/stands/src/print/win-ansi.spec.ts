import { describe, expect, it } from 'vitest';
import { shorten, winAnsi } from './win-ansi.js';

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

describe('shorten', () => {
  it('leaves short text alone and cuts long text at a word with an ellipsis', () => {
    expect(shorten('Bücher', 10)).toBe('Bücher');
    expect(shorten('Bücher und Schallplatten aus drei Jahrzehnten', 30)).toBe('Bücher und Schallplatten aus…');
    expect(shorten('Bücher und Schallplatten aus drei Jahrzehnten', 30).length).toBeLessThanOrEqual(30);
  });
});
