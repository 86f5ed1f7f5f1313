import { shortenAtWord } from '@flohmarkt/contracts';
import type { Pdf } from './pdf-document.js';

/*
 * What people typed (a market's name of 200 characters, a stand number of 50, a reason) must fit the
 * room the page has for it: shortened at a word with "…" (contracts' shortenAtWord, the one way the
 * product shortens a text), in the document's current font and size, never drawn past its box.
 */

/** The longest shortening of `text` for which `fits` holds (a binary search over the length). */
function longestFitting(text: string, fits: (candidate: string) => boolean): string {
  if (fits(text)) return text;
  let low = 1;
  let high = text.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(shortenAtWord(text, mid))) low = mid;
    else high = mid - 1;
  }
  return shortenAtWord(text, low);
}

/** `sentence(text)` on one line of `width`, the text inside it shortened as far as needed (a footer around a name). */
export function fitLine(doc: Pdf, text: string, width: number, sentence: (text: string) => string = (t) => t): string {
  return sentence(longestFitting(text, (candidate) => doc.widthOfString(sentence(candidate)) <= width));
}

/** The text wrapped into `width`, shortened as far as needed to take at most `maxHeight`. */
export function fitBox(doc: Pdf, text: string, width: number, maxHeight: number, align: 'left' | 'center' = 'left'): string {
  return longestFitting(text, (candidate) => doc.heightOfString(candidate, { width, align }) <= maxHeight);
}
