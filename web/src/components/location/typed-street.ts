import { isHouseNumber } from '@flohmarkt/contracts';

/** The first comma part of a suggestion ('50677 Köln, Nordrhein-Westfalen' → '50677 Köln'). */
const shortName = (displayName: string) => displayName.split(',')[0]!.trim();

const lower = (text: string) => text.toLocaleLowerCase('de-DE');

/**
 * What was typed in front of the place a picked suggestion names: 'Merowingerstraße 10' of 'Merowingerstraße 10,
 * 50677 Köln' with '50677 Köln, Nordrhein-Westfalen' picked. Null when nothing with letters stands there, or the
 * suggestion holds it already (the address search's street answers).
 */
export function typedBeforePlace(typed: string, displayName: string): string | null {
  const firstWord = shortName(displayName).split(/\s+/)[0];
  if (!firstWord) return null;
  const at = lower(typed).indexOf(lower(firstWord));
  const before = (at > 0 ? typed.slice(0, at) : '').replace(/[\s,;]+$/, '').trim();
  if (!/\p{L}/u.test(before) || lower(displayName).includes(lower(before))) return null;
  return before;
}

/**
 * The location text after a suggestion was picked (issue 30, O2): what the user typed before the
 * place the suggestion names (street and house number) stays in front of it. 'Merowingerstraße 10,
 * 50677 Köln' with '50677 Köln, Nordrhein-Westfalen' picked stays 'Merowingerstraße 10, 50677 Köln';
 * a suggestion that already holds the typed street (the address search's street answers), or a text
 * that is only the place, becomes the suggestion's name.
 */
export function keepTypedStreet(typed: string, displayName: string): string {
  const before = typedBeforePlace(typed, displayName);
  return before ? `${before}, ${shortName(displayName)}` : displayName;
}

/**
 * A typed 'Straße des 17. Juni 5' as street and house number: the longest end that reads as a house
 * number ('5', '12 a', '12-14'), the rest the street; all street when it ends in none.
 */
export function splitHouseNumber(text: string): { street: string; houseNumber: string } {
  const words = text.trim().split(/\s+/);
  let from = words.length;
  // At most five words ('12 a - 14 b'), and at least one left for the street.
  for (let start = words.length - 1; start >= Math.max(1, words.length - 5); start -= 1) {
    if (isHouseNumber(words.slice(start).join(' '))) from = start;
  }
  return { street: words.slice(0, from).join(' '), houseNumber: words.slice(from).join(' ') };
}
