import { LIST_ADMIN_USERS, type TAdminUserQuery } from '@flohmarkt/contracts';
import { parseCallQuery } from '@flohmarkt/server-kit';

/**
 * The admin's search of the user list (issue 30, A1): `q` matches a part of the e-mail, the first or
 * last name or both names together, case-insensitively; `role` keeps one role. Both optional.
 */
export type AdminUserFilter = TAdminUserQuery;

/** `?q=&role=` as LIST_ADMIN_USERS declares it; a mistake is a 400 with its German sentence. */
export function parseAdminUserFilter(query: Record<string, unknown>): AdminUserFilter {
  return parseCallQuery(LIST_ADMIN_USERS, query);
}
