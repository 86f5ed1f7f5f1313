import { Controller, Get, Param, Query } from '@nestjs/common';
import type { TAuthUser } from '@flohmarkt/contracts';
import { toAuthUser } from './user-view.js';
import { UsersService } from './users.service.js';

/** Reads the gateway and other services need; reached only with the internal token. */
@Controller('internal/users')
export class UsersInternalController {
  constructor(private readonly users: UsersService) {}

  /** The session's user, with the role as it is now (a role change shows at once). */
  @Get(':id')
  async one(@Param('id') id: string): Promise<TAuthUser> {
    return toAuthUser(await this.users.get(id));
  }

  /** Bulk read: `?ids=a,b,c`. */
  @Get()
  async many(@Query('ids') ids = ''): Promise<TAuthUser[]> {
    const users = await this.users.getMany(ids.split(',').filter(Boolean));
    return users.map(toAuthUser);
  }
}
