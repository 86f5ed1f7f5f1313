import { Body, Controller, HttpCode, Param, Query } from '@nestjs/common';
import { CHANGE_USER_ROLE, DELETE_ADMIN_USER, LIST_ADMIN_USERS, USER_ADMIN_ERRORS, type TAdminUser } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, fail, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { isAdmin } from '../users/permissions.js';
import { toAdminUser } from '../users/user-view.js';
import { UsersService } from '../users/users.service.js';
import { parseAdminUserFilter } from './admin-user-filter.js';
import { UserDeletionService } from './user-deletion.service.js';

/** The user administration (LIST_ADMIN_USERS, DELETE_ADMIN_USER, CHANGE_USER_ROLE): admins only (403 for everyone else). */
@Controller()
export class AdminUsersController {
  constructor(
    private readonly users: UsersService,
    private readonly deletion: UserDeletionService,
  ) {}

  /** Every user with role and e-mail, newest first; `?q=` (name or e-mail) and `?role=` narrow it (issue 30). */
  @PublicRoute(LIST_ADMIN_USERS)
  async list(@SignedInCaller() caller: CallerContext, @Query() query: Record<string, unknown>): Promise<TAdminUser[]> {
    if (!isAdmin(caller)) throw fail.forbidden();
    return (await this.users.listNewestFirst(parseAdminUserFilter(query))).map(toAdminUser);
  }

  /**
   * 401 → 404 → 403 → 409 (an admin deleting themselves would lock themselves out mid-session)
   * → 204 No Content. Their profile goes at once; events, stands and reviews follow via UserDeleted.
   */
  @PublicRoute(DELETE_ADMIN_USER)
  @HttpCode(204)
  async remove(@Param('id') id: string, @SignedInCaller() caller: CallerContext): Promise<void> {
    const user = await this.users.get(id);
    if (!isAdmin(caller)) throw fail.forbidden();
    if (user.id === caller.id) throw fail.conflict(USER_ADMIN_ERRORS.cannotDeleteSelf);
    await this.deletion.delete(user.id);
  }

  /**
   * 401 → 404 → 403 → 400 → 409 (an admin changing their own role: they could demote the last
   * admin) → 200 with the user. The gateway re-reads the user on every request, so the new role
   * applies to that user's very next call.
   */
  @PublicRoute(CHANGE_USER_ROLE)
  async changeRole(@Param('id') id: string, @SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<TAdminUser> {
    const user = await this.users.get(id);
    if (!isAdmin(caller)) throw fail.forbidden();
    const { role } = parseCallBody(CHANGE_USER_ROLE, body);
    if (user.id === caller.id && role !== user.role) throw fail.conflict(USER_ADMIN_ERRORS.cannotChangeOwnRole);
    return toAdminUser(await this.users.setRole(user, role));
  }
}
