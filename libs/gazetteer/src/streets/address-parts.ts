import { foldStrict } from '../text/fold.js';
import { HOUSE_NUMBER } from './street-keys.js';

/** The parts of a written address; null where the text does not say. */
export interface AddressParts {
  /** As written, 'Str.' spelt out: 'Kölner Straße'. */
  street: string;
  houseNumber: string | null;
  postcode: string | null;
  /** Town text written next to the postcode or the house number ('50667 Köln', 'Hauptstraße 5 Köln'). */
  townText: string | null;
  /** The other comma parts after the street, in order: one of them may name the town. */
  laterParts: string[];
}

/** Last words that make a name a street ('Hauptstraße', 'Mühlenweg', 'Am Alten Markt'). */
const STREET_ENDINGS =
  /(?:strasse|str|weg|gasse|allee|platz|ring|damm|ufer|chaussee|pfad|steig|stieg|markt|promenade|kai|zeile|wall|graben|twiete|anger|gang|steinweg)$/;
/** First words of street names that name no thing of their own ('Am Markt', 'Zur Alten Mühle', 'An der Alster'). */
const STREET_OPENERS = new Set([
  'am',
  'an',
  'auf',
  'im',
  'in',
  'zum',
  'zur',
  'unter',
  'hinter',
  'vor',
  'bei',
  'ueber',
  'oben',
  'alt',
  'alte',
  'alter',
  'altes',
]);
const POSTCODE = /^(?:d-?)?(\d{5})$/i;

/** 'Hauptstr.' → 'Hauptstraße', 'Kölner Str.' → 'Kölner Straße': the display form of an abbreviation. */
export function spellOutStreet(street: string): string {
  return street
    .replace(/(\p{L})str\.?(?=$|\s)/gu, '$1straße')
    .replace(/(^|\s)Str\.?(?=$|\s)/g, '$1Straße')
    .replace(/(^|\s)str\.?(?=$|\s)/g, '$1straße')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether words without a house number read as a street name. */
function looksLikeStreet(words: readonly string[]): boolean {
  if (!words.length) return false;
  const folded = words.map((w) => foldStrict(w)).filter(Boolean);
  if (!folded.length) return false;
  const last = folded[folded.length - 1]!.split(' ').pop() ?? '';
  if (STREET_ENDINGS.test(last) && last.length > 3) return true;
  return folded.length > 1 && STREET_OPENERS.has(folded[0]!);
}

/** What one comma part says: the address without the parts after it. */
type StreetInSegment = Omit<AddressParts, 'laterParts'>;

/**
 * A street in one comma part: 'Hauptstraße 5', 'Hauptstraße 5 50667 Köln', 'Am Markt 12 a',
 * 'Marktplatz'. A leading house number (Nominatim writes '5, Hauptstraße, ...') comes from the caller.
 */
function streetIn(segment: string, leadingNumber: string | null): StreetInSegment | null {
  let tokens = segment.split(/\s+/).filter(Boolean);
  let postcode: string | null = null;
  let townText: string | null = null;
  const p = tokens.findIndex((t) => POSTCODE.test(t));
  if (p >= 0) {
    postcode = POSTCODE.exec(tokens[p]!)![1]!;
    townText = tokens.slice(p + 1).join(' ') || null;
    tokens = tokens.slice(0, p);
  }
  // '12 a' is one house number.
  const h = tokens.findIndex((t, i) => i > 0 && HOUSE_NUMBER.test(t) && /\p{L}/u.test(tokens[i - 1]!));
  if (h > 0) {
    let number = tokens[h]!;
    let after = h + 1;
    if (/^\d+$/.test(number) && /^[a-zA-Z]$/.test(tokens[after] ?? '')) number += tokens[after++]!;
    const rest = tokens.slice(after).join(' ');
    return { street: spellOutStreet(tokens.slice(0, h).join(' ')), houseNumber: number, postcode, townText: townText ?? (rest || null) };
  }
  if (!looksLikeStreet(tokens)) return null;
  return { street: spellOutStreet(tokens.join(' ')), houseNumber: leadingNumber, postcode, townText };
}

/**
 * The street of a free-text location as organisers write it ('Hauptstraße 5, 50667 Köln',
 * 'Marktplatz, Bonn', 'Kölner Str. 12 Düsseldorf', Nominatim's '5, Hauptstraße, Altstadt-Nord, Köln,
 * Nordrhein-Westfalen, 50667, Deutschland'), or null when no part of it reads as a street ('Rheinaue',
 * 'Schulhof der Grundschule'). The town is decided by the caller, who knows the places.
 */
export function addressParts(text: string): AddressParts | null {
  const segments = text
    .normalize('NFC')
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  let postcode: string | null = null;
  let found: { at: number; street: StreetInSegment } | null = null;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const code = POSTCODE.exec(segment.split(/\s+/)[0] ?? '');
    if (code && !found) {
      // '50667 Köln' before the street is no street; a postcode part after it is read below.
      postcode ??= code[1]!;
      continue;
    }
    if (found) continue;
    const previous = segments[i - 1];
    const leading = previous !== undefined && HOUSE_NUMBER.test(previous) ? previous : null;
    const street = streetIn(segment, leading);
    if (street && foldStrict(street.street)) found = { at: i, street };
  }
  if (!found) return null;
  const later = segments.slice(found.at + 1);
  let townText = found.street.townText;
  postcode = found.street.postcode ?? postcode;
  const laterParts: string[] = [];
  for (const part of later) {
    const tokens = part.split(/\s+/);
    const code = POSTCODE.exec(tokens[0] ?? '');
    if (code) {
      postcode ??= code[1]!;
      townText ??= tokens.slice(1).join(' ') || null;
    } else {
      laterParts.push(part);
    }
  }
  return { street: found.street.street, houseNumber: found.street.houseNumber, postcode, townText, laterParts };
}
