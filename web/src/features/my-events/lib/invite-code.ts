import { TEAM_INVITE_CODE_ALPHABET, TEAM_INVITE_CODE_LENGTH } from '@flohmarkt/contracts';

/*
 * Invite codes are typed on a phone or read aloud (issue 36). Lowercase, spaces and dashes a person
 * adds to group the code are accepted. The alphabet leaves out 0/O and 1/I/L, so such a character is
 * never guessed into another letter (a wrong guess would spend one of the limited tries): the form
 * says which character to check instead.
 */

const LOOK_ALIKES = /[0O1IL]/;

/** The code as the server knows it: uppercase, without separators. */
export function normaliseInviteCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s.\-_]/g, '');
}

/** Why a typed code cannot be one, in German, or null when it may be one (the server decides whether it exists). */
export function inviteCodeProblem(typed: string): string | null {
  const code = normaliseInviteCode(typed);
  if (code === '') return 'Bitte gib den Einladungscode ein.';
  if (LOOK_ALIKES.test(code)) return 'Ein Einladungscode enthält nie 0, O, 1, I oder L. Prüfe das Zeichen noch einmal.';
  if ([...code].some((c) => !TEAM_INVITE_CODE_ALPHABET.includes(c))) return 'Ein Einladungscode besteht nur aus Buchstaben und Ziffern.';
  if (code.length !== TEAM_INVITE_CODE_LENGTH) return `Ein Einladungscode hat ${TEAM_INVITE_CODE_LENGTH} Zeichen.`;
  return null;
}
