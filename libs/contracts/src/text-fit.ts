/*
 * Texts people typed travel into places with their own, smaller room: a mail subject, a PDF cell, a
 * GPX name. One way to shorten them for every such place: at a word boundary, with "…", never in the
 * middle of a word (unless a single word is longer than the room) and never between the two halves
 * of a surrogate pair, so the result is still valid text for every check that follows.
 */

const ELLIPSIS = '…';

/** The longest subject a mail job carries (MailRequested in jobs.ts); every subject is fitted into it. */
export const MAIL_SUBJECT_MAX_LENGTH = 200;

/** A shortened word is only kept when at least this share of the room is used; else the word is cut. */
const MIN_WORD_CUT_SHARE = 0.5;

/** Punctuation that should not stand right before the ellipsis ("Markt, …" reads as "Markt…"). */
const TRAILING_PUNCTUATION = /[\s,;:.\-–—(/„“"']+$/u;

/**
 * The text in at most `max` UTF-16 code units (what zod's `max` counts): unchanged when it fits, else
 * cut after its last whole word that leaves room for "…", and "…" appended. A text without a space
 * early enough (one very long word) is cut inside the word rather than left almost empty.
 */
export function shortenAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= ELLIPSIS.length) return ELLIPSIS.slice(0, Math.max(0, max));
  let room = max - ELLIPSIS.length;
  // Never leave the first half of a surrogate pair at the end.
  if (isHighSurrogate(text.charCodeAt(room - 1))) room -= 1;
  const head = text.slice(0, room);
  const nextIsBreak = /\s/u.test(text.charAt(room));
  const lastBreak = nextIsBreak ? room : head.search(/\s\S*$/u);
  const atWord = lastBreak >= room * MIN_WORD_CUT_SHARE ? head.slice(0, lastBreak) : head;
  const kept = atWord.replace(TRAILING_PUNCTUATION, '');
  return `${kept || atWord}${ELLIPSIS}`;
}

/**
 * A sentence around a text that must stay within `max` as a whole (a mail subject around a market's
 * name): the text is shortened at a word boundary until the whole fits, so the sentence's own words
 * and closing quote stay intact. Falls back to shortening the whole sentence when even an empty text
 * would not fit.
 */
export function fitAround(sentence: (text: string) => string, text: string, max: number): string {
  const whole = sentence(text);
  if (whole.length <= max) return whole;
  const room = max - sentence('').length;
  const fitted = room > ELLIPSIS.length ? sentence(shortenAtWord(text, room)) : whole;
  return fitted.length <= max ? fitted : shortenAtWord(fitted, max);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
