import { ADMIN_USER_SEARCH_MAX_LENGTH, ROLES, type TRole } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';

/**
 * The admin's search of the user list (issue 30, A1): `q` matches a part of the e-mail, the first or
 * last name or both names together, case-insensitively; `role` keeps one role. Both optional.
 */
export interface AdminUserFilter {
  q: string | null;
  role: TRole | null;
}

export function parseAdminUserFilter(query: Record<string, unknown>): AdminUserFilter {
  return { q: parseAdminSearch(query.q), role: parseRole(query.role) };
}

/**
 * `q` of an admin list: trimmed, blank is no search; a repeated or overlong one is 400. Read here
 * rather than by LIST_ADMIN_USERS' schema: each mistake has its own sentence, and '' means no filter.
 */
export function parseAdminSearch(raw: unknown): string | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string') throw fail.invalid('Bitte gib genau einen Suchbegriff an.');
  const q = raw.trim();
  if (q.length > ADMIN_USER_SEARCH_MAX_LENGTH) throw fail.invalid(`Der Suchbegriff darf höchstens ${ADMIN_USER_SEARCH_MAX_LENGTH} Zeichen lang sein.`);
  return q === '' ? null : q;
}

function parseRole(raw: unknown): TRole | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw === 'string' && (ROLES as readonly string[]).includes(raw)) return raw as TRole;
  throw fail.invalid('Unbekannte Rolle.');
}

/** `q` as a LIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
