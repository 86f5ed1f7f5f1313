import { Controller, Get, Param } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isId, type TUserEventsExport } from '@flohmarkt/contracts';
import { EventEntity } from '../events/event.entity.js';
import { toEvent } from '../events/event-view.js';
import { membershipsOf } from '../team/team-memberships.js';

/**
 * The events a user organises, in every phase, and the markets whose team they are on (contracts USER_EVENTS_EXPORT): auth asks for them for
 * the user's data export and before the user deletes their account. Reached only with the internal
 * token; the caller (auth) decides whose data it asks for (the session's user, never an id from a path).
 */
@Controller('internal/users/:id/events')
export class UserEventsExportController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  async list(@Param('id') userId: string): Promise<TUserEventsExport> {
    // An id that names nobody organises nothing (a malformed one would be a uuid cast error).
    if (!isId(userId)) return { events: [], teamMemberships: [] };
    const rows = await this.dataSource.getRepository(EventEntity).find({ where: { organizerId: userId }, order: { startDateTime: 'ASC', id: 'ASC' } });
    const now = new Date();
    return { events: rows.map((e) => toEvent(e, undefined, now)), teamMemberships: await membershipsOf(this.dataSource.manager, userId) };
  }
}
