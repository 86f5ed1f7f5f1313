import { foldLoose, foldStrict } from '../text/fold.js';

/*
 * The one normaliser of street and town names, used both when an address is indexed and when a
 * query is read, so that what people type meets what organisers wrote:
 *  - case, punctuation, hyphens and spaces do not count ('Konrad-Adenauer-Str.' = 'konrad adenauer str');
 *  - ß is ss, and umlauts are folded two ways like place names (text/fold.ts): strict 'ö' → 'oe'
 *    ('Kölner' = 'Koelner'), loose 'ö' → 'o' ('Kolner');
 *  - 'Str.', 'Str' and 'Strasse' are 'Straße' ('Hauptstr. 5' = 'Hauptstraße 5').
 * A key is compact (no spaces): 'Haupt Straße' and 'Hauptstraße' are the same street to a person typing.
 */

export interface NameKeys {
  /** Umlauts as two letters: 'koelnerstrasse'. */
  strict: string;
  /** Umlauts without their dots: 'kolnerstrasse'. */
  loose: string;
}

/** A word that is, or ends in, the abbreviation of 'Straße' ('str', 'hauptstr'), once folded. */
const STREET_ABBREVIATION = /str$/;

function expandWords(folded: string): string {
  return folded
    .split(' ')
    .map((word) => (STREET_ABBREVIATION.test(word) ? `${word}asse` : word))
    .join('');
}

/** The keys of a street name, or of the street part of a query. */
export function streetKeys(name: string): NameKeys {
  // 'St. Georg-Straße' would read as 'sankt georg strasse' in both: the place folds' abbreviations
  // are fine for streets too ('a.d.', 'St.'), only the street word itself is added here.
  return { strict: expandWords(foldStrict(name)), loose: expandWords(foldLoose(name)) };
}

/** The keys of a town name, or of the town part of a query. */
export function townKeys(name: string): NameKeys {
  return { strict: foldStrict(name).replaceAll(' ', ''), loose: foldLoose(name).replaceAll(' ', '') };
}

/** A house number as written on the sign: '12a', '12 A', '12-14' → '12a', '12a', '12-14'. */
export function houseNumberKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, '').replace(/[–—]/g, '-');
}

/** What a house number looks like: 1–4 digits, perhaps a letter, perhaps a range ('12-14', '63–64', '3/5'). */
export const HOUSE_NUMBER = /^\d{1,4}(?:\s?[a-zA-Z])?(?:[-–/]\d{1,4}[a-zA-Z]?)?$/;
