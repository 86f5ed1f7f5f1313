import { Controller, Get, Param } from '@nestjs/common';
import type { TAuthUser } from '@flohmarkt/contracts';
import { toAuthUser } from './user-view.js';
import { UsersService } from './users.service.js';

/** The session's user for the gateway (SESSION_USER); no other service reads users here (they keep read models). */
@Controller('internal/users')
export class UsersInternalController {
  constructor(private readonly users: UsersService) {}

  /** The session's user, with the role as it is now (a role change shows at once). */
  @Get(':id')
  async one(@Param('id') id: string): Promise<TAuthUser> {
    return toAuthUser(await this.users.get(id));
  }
}
