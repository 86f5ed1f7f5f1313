import { describe, expect, it } from 'vitest';
import { fitAround, shortenAtWord } from './text-fit.js';

const longName = `${'Großer Hofflohmarkt im Veedel '.repeat(7)}Ende`.slice(0, 200);

describe('shortenAtWord', () => {
  it('leaves a text that fits unchanged', () => {
    expect(shortenAtWord('Hofflohmarkt Südstadt', 21)).toBe('Hofflohmarkt Südstadt');
  });

  it('cuts after the last whole word and appends an ellipsis within the limit', () => {
    expect(shortenAtWord('Hofflohmarkt in der Südstadt', 20)).toBe('Hofflohmarkt in der…');
    expect(shortenAtWord('Hofflohmarkt in der Südstadt', 18)).toBe('Hofflohmarkt in…');
  });

  it('never ends a word in the middle: every word before the ellipsis is a word of the text', () => {
    const words = new Set(longName.split(' '));
    for (let max = 20; max < 200; max += 7) {
      const short = shortenAtWord(longName, max);
      expect(short.length).toBeLessThanOrEqual(max);
      expect(short.endsWith('…')).toBe(true);
      for (const word of short.slice(0, -1).split(' ')) expect(words.has(word)).toBe(true);
    }
  });

  it('drops a comma or dash left before the ellipsis', () => {
    expect(shortenAtWord('Flohmarkt, Trödel und mehr', 13)).toBe('Flohmarkt…');
  });

  it('cuts one overlong word rather than leaving almost nothing', () => {
    expect(shortenAtWord('Donaudampfschifffahrtsgesellschaftskapitän', 10)).toBe('Donaudamp…');
  });

  it('never splits an emoji into half a surrogate pair', () => {
    const short = shortenAtWord('Flohmarkt😀😀😀😀', 11);
    expect(short).toBe('Flohmarkt…');
    expect(shortenAtWord('ab😀cdefgh', 4)).toBe('ab…');
  });
});

describe('fitAround', () => {
  const subject = (name: string) => `Dein Stand beim Flohmarkt „${name}“ ist genehmigt`;

  it('keeps the sentence when it fits', () => {
    expect(fitAround(subject, 'Südstadt', 200)).toBe('Dein Stand beim Flohmarkt „Südstadt“ ist genehmigt');
  });

  it('shortens the name at a word so the sentence, its closing quote included, stays within the limit', () => {
    const fitted = fitAround(subject, longName, 200);
    expect(fitted.length).toBeLessThanOrEqual(200);
    expect(fitted.startsWith('Dein Stand beim Flohmarkt „Großer Hofflohmarkt')).toBe(true);
    expect(fitted.endsWith('…“ ist genehmigt')).toBe(true);
  });
});
