/*
 * The PDFs use the standard Helvetica, which every viewer and printer has and which covers
 * WinAnsi (CP1252): German umlauts, ß, „“, –, € and the Western European letters. What stands
 * and events are called can hold anything; a character outside WinAnsi would print as a wrong
 * glyph, so it is reduced to its base letter where it has one (ł → l is not, ő → o is) or left out.
 */

/** The CP1252 characters beyond Latin-1 (0x80-0x9F). */
const CP1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters without a decomposition that readers still recognise in their plain form. */
const PLAIN_FORMS: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ı: 'i', '\u2009': ' ', '\u202f': ' ', '−': '-', '‐': '-', '‑': '-' };

function printable(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRAS.has(ch);
}

/** The text as Helvetica (WinAnsi) can print it; line breaks and tabs become spaces. */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/[\r\n\t]+/g, ' ')) {
    if (printable(ch)) out += ch;
    else if (PLAIN_FORMS[ch]) out += PLAIN_FORMS[ch];
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      if (base && [...base].every(printable)) out += base;
    }
  }
  return out.replace(/ {2,}/g, ' ').trim();
}
