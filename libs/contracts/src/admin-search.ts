import { z } from 'zod';

/*
 * The admin lists' search text `q` (the users and the markets): one rule for both, so a search
 * behaves the same on either list.
 */

/** A search longer than any name, place or e-mail we keep finds nothing anyway. */
const ADMIN_SEARCH_MAX_LENGTH = 200;
export const ADMIN_SEARCH_TOO_LONG = `Der Suchbegriff darf höchstens ${ADMIN_SEARCH_MAX_LENGTH} Zeichen lang sein.`;

/** `?q=` trimmed; blank is no search (null), given twice a 400. */
export const ZAdminSearch = z
  .string({ error: 'Bitte gib genau einen Suchbegriff an.' })
  .trim()
  .max(ADMIN_SEARCH_MAX_LENGTH, ADMIN_SEARCH_TOO_LONG)
  .optional()
  .transform((q) => q || null);

/** `q` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
