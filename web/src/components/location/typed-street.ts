/** The first comma part of a suggestion ('50677 Köln, Nordrhein-Westfalen' → '50677 Köln'). */
const shortName = (displayName: string) => displayName.split(',')[0]!.trim();

const lower = (text: string) => text.toLocaleLowerCase('de-DE');

/**
 * The location text after a suggestion was picked (issue 30, O2): what the user typed before the
 * place the suggestion names (street and house number) stays in front of it. 'Merowingerstraße 10,
 * 50677 Köln' with '50677 Köln, Nordrhein-Westfalen' picked stays 'Merowingerstraße 10, 50677 Köln';
 * a suggestion that already holds the typed street (the address search's street answers), or a text
 * that is only the place, becomes the suggestion's name.
 */
export function keepTypedStreet(typed: string, displayName: string): string {
  const place = shortName(displayName);
  const firstWord = place.split(/\s+/)[0];
  if (!firstWord) return displayName;
  const at = lower(typed).indexOf(lower(firstWord));
  const before = (at > 0 ? typed.slice(0, at) : '').replace(/[\s,;]+$/, '').trim();
  if (!/\p{L}/u.test(before) || lower(displayName).includes(lower(before))) return displayName;
  return `${before}, ${place}`;
}
