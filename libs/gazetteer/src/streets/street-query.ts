import { HOUSE_NUMBER, houseNumberKey, streetKeys, townKeys, type NameKeys } from './street-keys.js';

/** One reading of a query: this part is the street (a prefix of it), that part the town (or none). */
export interface StreetQuerySplit {
  street: NameKeys;
  town: NameKeys | null;
}

/** What a search box query says about a street address. */
export interface StreetQuery {
  postcode: string | null;
  /** Normalised like the index's ('12a'). */
  houseNumber: string | null;
  /** The readings worth asking the index about, the likeliest first. */
  splits: StreetQuerySplit[];
}

/** A street part needs this many letters: 'Ha' would match half the index. */
const MIN_STREET_KEY = 3;
/** No one types a street and a town in more words; a longer text is no address. */
const MAX_WORDS = 8;

interface Word {
  text: string;
  /** Index of the comma part it stands in. */
  part: number;
}

/**
 * The readings of a query as a street address: 'Hauptstraße 5, Köln', 'hauptstrasse koeln',
 * 'Musterweg 12 50667', 'Köln Hauptstr'. A five-digit number is the postcode, a number after a word
 * the house number; a comma or the house number marks where the street ends. Without such a mark
 * every cut is a reading: the street first and the town after it, or the town first. Null when no
 * part can be a street (too short, or too many words).
 */
export function streetQuery(query: string): StreetQuery | null {
  const parts = query.normalize('NFC').split(/[,;]/);
  const tokens: Word[] = parts.flatMap((text, part) =>
    text
      .split(/\s+/)
      .filter(Boolean)
      .map((t) => ({ text: t, part })),
  );
  let postcode: string | null = null;
  let houseNumber: string | null = null;
  let mark: number | null = null;
  const words: Word[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!postcode && /^\d{5}$/.test(token.text)) {
      postcode = token.text;
      continue;
    }
    if (!houseNumber && words.length && HOUSE_NUMBER.test(token.text)) {
      houseNumber = token.text;
      // '12 a' is one house number.
      if (/^\d+$/.test(token.text) && /^[a-zA-Z]$/.test(tokens[i + 1]?.text ?? '') && tokens[i + 1]!.part === token.part) houseNumber += tokens[++i]!.text;
      houseNumber = houseNumberKey(houseNumber);
      mark = words.length;
      continue;
    }
    // Another number is neither street nor town, but an ordinal is part of a name ('Straße des 17. Juni').
    if (/\d/.test(token.text) && !/^\d{1,2}\.$/.test(token.text)) continue;
    words.push(token);
  }
  if (!words.length || words.length > MAX_WORDS) return null;
  // A comma between two words marks the end of the street too, when no house number did.
  if (mark === null || mark === words.length) {
    const comma = words.findIndex((w, i) => i > 0 && w.part !== words[i - 1]!.part);
    if (comma > 0) mark = comma;
  }
  const text = (from: number, to: number) =>
    words
      .slice(from, to)
      .map((w) => w.text)
      .join(' ');
  const cuts: Array<[street: string, town: string]> = [];
  const n = words.length;
  if (mark !== null && mark > 0 && mark < n) {
    cuts.push([text(0, mark), text(mark, n)], [text(mark, n), text(0, mark)]);
  } else {
    for (let i = n; i >= 1; i--) cuts.push([text(0, i), text(i, n)]);
    for (let j = 1; j < n; j++) cuts.push([text(j, n), text(0, j)]);
  }
  const seen = new Set<string>();
  const splits: StreetQuerySplit[] = [];
  for (const [street, town] of cuts) {
    const split = { street: streetKeys(street), town: town ? townKeys(town) : null };
    const id = `${split.street.strict}|${split.town?.strict ?? ''}`;
    if (split.street.strict.length < MIN_STREET_KEY || seen.has(id) || (split.town && !split.town.strict)) continue;
    seen.add(id);
    splits.push(split);
  }
  return splits.length ? { postcode, houseNumber, splits } : null;
}
