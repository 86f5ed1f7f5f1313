import { describe, expect, it } from 'vitest';
import { fileSlug } from './file-slug.js';

describe('fileSlug', () => {
  it('spells umlauts and ß out, drops other accents and joins words with dashes', () => {
    expect(fileSlug('Großer Hofflohmarkt Köln')).toBe('grosser-hofflohmarkt-koeln');
    expect(fileSlug('Café & Trödel – Südstadt!')).toBe('cafe-troedel-suedstadt');
  });

  it('is empty when the text has no letter or digit, so the caller picks its own name', () => {
    expect(fileSlug('!!! –– ???')).toBe('');
  });

  it('keeps at most 60 characters and never ends on a dash', () => {
    const slug = fileSlug(`${'a'.repeat(59)} b`);
    expect(slug).toBe('a'.repeat(59));
    expect(fileSlug('x'.repeat(80))).toHaveLength(60);
  });
});
