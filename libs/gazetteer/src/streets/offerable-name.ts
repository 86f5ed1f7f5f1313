/*
 * The address search offers to everyone the streets and towns that organisers and sellers typed
 * (their markets' and stands' addresses). Only text that reads as such a name is offered: letters,
 * digits, spaces and the marks street names use ("Straße des 17. Juni", "St.-Anna-Platz",
 * "Auf'm Hennekamp", "Am Wall (Nord)"), no longer than a street name gets. So nobody can put a
 * sentence, a web address or an advertisement into others' suggestions (an abuse review typed
 * "Venloer Straße – Gewinnspiel auf evil.example"); the market or stand keeps its text all the same.
 */

const NAME = /^[\p{L}\p{M}\d][\p{L}\p{M}\d .'’\-/()]*$/u;
/** A dot right before a letter reads as a web address ("evil.example"); street names put a space or a hyphen there. */
const ADDRESS_LIKE = /\.\p{L}/u;
/** Longer than Germany's longest street names (about 50 characters, "Platz der Vereinten Nationen" has 4 words), so no sentence fits. */
const MAX_LENGTH = 60;
const MAX_WORDS = 6;

/** Whether a typed street or town may be offered to others by the address search. */
export function isOfferableName(name: string): boolean {
  return name.length <= MAX_LENGTH && name.split(/\s+/).length <= MAX_WORDS && NAME.test(name) && !ADDRESS_LIKE.test(name);
}
