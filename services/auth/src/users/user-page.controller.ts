import { Body, Controller, Param } from '@nestjs/common';
import { API_ERRORS, GET_USER, UPDATE_USER, type TPublicUser } from '@flohmarkt/contracts';
import { Caller, PublicRoute, SignedInCaller, fail, parseCallBody, type CallerContext } from '@flohmarkt/server-kit';
import { ExhibitorProfilesService } from '../profiles/exhibitor-profiles.service.js';
import { mayEditOwnRecord, maySeeEmail, maySeeProfile } from './permissions.js';
import { toPublicUser } from './user-view.js';
import { UsersService } from './users.service.js';

/** The public user page and the user's own name change (GET_USER, UPDATE_USER). */
@Controller()
export class UserPageController {
  constructor(
    private readonly users: UsersService,
    private readonly profiles: ExhibitorProfilesService,
  ) {}

  /**
   * Public (anonymous too); unknown and malformed ids are 404 'Der Benutzer wurde nicht gefunden.', and
   * so is the page of a user whose profile is private, to everyone but them and admins.
   */
  @PublicRoute(GET_USER)
  async read(@Param('id') id: string, @Caller() caller: CallerContext | null): Promise<TPublicUser> {
    const user = await this.users.get(id);
    const profile = await this.profiles.findForUser(user.id);
    if (!maySeeProfile(caller, user.id, profile?.visibility)) throw fail.notFound(API_ERRORS.userNotFound);
    return toPublicUser(user, maySeeEmail(caller, user.id));
  }

  /**
   * 401 → 404 (also a private profile's user, as its page answers) → 403 (someone else's record,
   * admins included) → 400 → 200 with the user.
   */
  @PublicRoute(UPDATE_USER)
  async update(@Param('id') id: string, @SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<TPublicUser> {
    const user = await this.users.get(id);
    const profile = await this.profiles.findForUser(user.id);
    if (!maySeeProfile(caller, user.id, profile?.visibility)) throw fail.notFound(API_ERRORS.userNotFound);
    if (!mayEditOwnRecord(caller, user.id)) throw fail.forbidden();
    const names = parseCallBody(UPDATE_USER, body);
    return toPublicUser(await this.users.updateNames(user, names), true);
  }
}
