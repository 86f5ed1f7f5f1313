import type { EntityManager } from 'typeorm';
import { withinOneTypo } from './one-typo.js';

/** A query word this long or longer (in letters) may carry one typo; a shorter one is taken as written. */
export const TYPO_MIN_LETTERS = 5;
/** At most this many corrections of one word: the query stays small whatever the vocabulary holds. */
const CORRECTIONS_MAX = 20;
/** A search of 100 characters has at most 50 words; more than this many add nothing but cost. */
const WORDS_MAX = 20;
/** A word this long or longer (its lexeme, in characters) also finds the compounds ending in it. */
export const COMPOUND_MIN_LENGTH = 4;
/** At most this many compounds of one word, the first in the ending index's order. */
const COMPOUNDS_MAX = 20;

interface Lexeme {
  lexeme: string;
  letters: number;
  /** The vocabulary holds it. */
  known: boolean;
  /** The vocabulary's longer words ending in it („kinderfahrrad“ for „fahrrad“). */
  compounds: string[];
}

/**
 * The tsquery of a search text as one value (a query parameter, never part of the SQL): every word of
 * the text must match (AND, as `plainto_tsquery`), each word in the `german` configuration's form (so
 * „Kinderfahrräder“ meets „Kinderfahrrad“, „Straße“ meets „Strasse“). A word the vocabulary
 * (`search_words`) does not hold, of at least TYPO_MIN_LETTERS letters, is replaced by the vocabulary's
 * words one typo away (OR); without any it stays and the search finds nothing. A word whose lexeme has
 * COMPOUND_MIN_LENGTH characters or more also matches the vocabulary's compounds ending in it (OR): German
 * writes „Damenfahrrad“ as one word, and a visitor looking for a „Fahrrad“ wants it. Null: no word left
 * (only stop words or punctuation), nothing can match.
 *
 * The typo check runs here in TypeScript on the few candidates of the same first letter and a length
 * ±1 (an index of `search_words`), not with fuzzystrmatch or pg_trgm: no extension to install in every
 * PostgreSQL the service runs on (Debian's and the tests' embedded one), and the rule is one small
 * function with its own spec (one-typo.ts).
 */
export async function searchTsquery(manager: EntityManager, text: string): Promise<string | null> {
  return (await searchTerms(manager, text)).tsquery;
}

/** A search text's tsquery (searchTsquery), and whether it holds while the vocabulary grows. */
export interface SearchTerms {
  tsquery: string | null;
  /**
   * No word of it was looked up for typos. The vocabulary only grows (items and descriptions add
   * words, nothing takes them out), so such a text gives the same tsquery later too and may be kept.
   * A word that was looked up (the vocabulary lacked it) is taken as written once an item brings it:
   * that tsquery is not kept. (A compound first listed while a text's tsquery is kept is found by that
   * text once the keeping ends, after minutes: kept-answers.ts.)
   */
  lasting: boolean;
}

export async function searchTerms(manager: EntityManager, text: string): Promise<SearchTerms> {
  const lexemes = await lexemesOf(manager, text);
  if (lexemes.length === 0) return { tsquery: null, lasting: true };
  const unknown = lexemes.filter((l) => !l.known && l.letters >= TYPO_MIN_LETTERS).map((l) => l.lexeme);
  const corrections = await correctionsOf(manager, unknown);
  const groups = lexemes.map(({ lexeme, compounds }) => {
    const alternatives = corrections.get(lexeme);
    return [...(alternatives?.length ? alternatives : [lexeme]), ...compounds];
  });
  return { tsquery: groups.map((alternatives) => `(${alternatives.map(quotedLexeme).join(' | ')})`).join(' & '), lasting: unknown.length === 0 };
}

/**
 * The words' lexemes, as `to_tsvector('german', …)` makes them of each word of the text (split at
 * white space, so „Lego-Technik“ gives the same lexemes as in an item), without duplicates, whether
 * the vocabulary holds each, and its compounds (one statement: a search's round trips add up). The
 * words ending in a lexeme are those whose reversed form starts with the reversed lexeme: one range
 * of `IDX_search_words_ending` in byte order, from just above the reversed lexeme to it followed by
 * the highest code point.
 */
async function lexemesOf(manager: EntityManager, text: string): Promise<Lexeme[]> {
  const words = text.split(/\s+/u).filter(Boolean).slice(0, WORDS_MAX);
  if (words.length === 0) return [];
  const rows = (await manager.query(
    `SELECT w."word", l."lexeme", EXISTS (SELECT 1 FROM "search_words" v WHERE v."word" = l."lexeme") AS "known",
       ARRAY(SELECT c."word" FROM "search_words" c
             WHERE length(l."lexeme") >= $2
               AND reverse(c."word") COLLATE "C" > reverse(l."lexeme") COLLATE "C"
               AND reverse(c."word") COLLATE "C" < (reverse(l."lexeme") || chr(1114111)) COLLATE "C"
             ORDER BY reverse(c."word") COLLATE "C" LIMIT $3) AS "compounds"
     FROM unnest($1::text[]) WITH ORDINALITY AS w("word", "position")
       CROSS JOIN LATERAL unnest(tsvector_to_array(to_tsvector('german', w."word"))) AS l("lexeme")
     ORDER BY w."position"`,
    [words, COMPOUND_MIN_LENGTH, COMPOUNDS_MAX],
  )) as { word: string; lexeme: string; known: boolean; compounds: string[] }[];
  const seen = new Map<string, Lexeme>();
  for (const { word, lexeme, known, compounds } of rows) {
    if (!seen.has(lexeme)) seen.set(lexeme, { lexeme, letters: word.replace(/[^\p{L}]/gu, '').length, known, compounds });
  }
  return [...seen.values()];
}

/** For each lexeme, the vocabulary's words one typo away (candidates: same first letter, length ±1). */
async function correctionsOf(manager: EntityManager, lexemes: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (lexemes.length === 0) return found;
  const rows = (await manager.query(
    `SELECT u."lexeme", w."word" FROM unnest($1::text[]) AS u("lexeme")
       JOIN "search_words" w ON left(w."word", 1) = left(u."lexeme", 1)
        AND length(w."word") BETWEEN length(u."lexeme") - 1 AND length(u."lexeme") + 1
     ORDER BY w."word"`,
    [lexemes],
  )) as { lexeme: string; word: string }[];
  for (const { lexeme, word } of rows) {
    const list = found.get(lexeme) ?? [];
    if (list.length < CORRECTIONS_MAX && withinOneTypo(lexeme, word)) found.set(lexeme, [...list, word]);
  }
  return found;
}

/** A lexeme in tsquery syntax, quoted, so no character of it is read as an operator (&, |, !, :*). */
function quotedLexeme(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}
