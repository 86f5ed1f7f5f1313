import { Controller, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { LIST_MY_EVENTS, MY_EVENTS_LIMIT, isId, type TMyEvent } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { EventEntity } from '../events/event.entity.js';
import { toEvent } from '../events/event-view.js';
import { teamRolesOf } from '../team/team-memberships.js';

/**
 * "Meine Flohmärkte" (issue 30, `GET /api/me/events`): the markets the caller organises or is on the team
 * of (issue 36, with `teamRole`; null for their own), those not over
 * yet first (soonest first), then the past ones (latest first), each with its registrations' counters
 * from the read model on its row (no call to stands: the page answers while stands is down, its
 * counters lagging until it is back). Whose markets comes from the session alone: no id in the path.
 * The primary is read, not the standby: an organiser who just created a market finds it here at once.
 */
@Controller()
export class MyEventsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @PublicRoute(LIST_MY_EVENTS)
  async list(@SignedInCaller() caller: CallerContext, @Res({ passthrough: true }) res: Response): Promise<TMyEvent[]> {
    // A caller id that names nobody organises nothing (a malformed one would be a uuid cast error).
    if (!isId(caller.id)) return [];
    const now = new Date();
    const query = this.dataSource
      .getRepository(EventEntity)
      .createQueryBuilder('e')
      .where('(e.organizer_id = :me OR e.id IN (SELECT t.event_id FROM event_team t WHERE t.user_id = :me))', { me: caller.id })
      .setParameter('now', now);
    const [rows, total] = await query
      .orderBy('CASE WHEN e.end_date_time >= :now THEN 0 ELSE 1 END', 'ASC')
      .addOrderBy('CASE WHEN e.end_date_time >= :now THEN e.start_date_time END', 'ASC')
      .addOrderBy('e.start_date_time', 'DESC')
      .addOrderBy('e.id', 'ASC')
      .take(MY_EVENTS_LIMIT)
      .getManyAndCount();
    res.setHeader('X-Total-Count', String(total));
    const roles = await teamRolesOf(
      this.dataSource.manager,
      caller.id,
      rows.filter((e) => e.organizerId !== caller.id).map((e) => e.id),
    );
    return rows.map((e) => ({ ...toMyEvent(e, now), teamRole: roles.get(e.id) ?? null }));
  }
}

function toMyEvent(e: EventEntity, now: Date): TMyEvent {
  const event = toEvent(e, e.approvedStands, now);
  return {
    ...event,
    counts: {
      approved: e.approvedStands,
      pending: e.pendingStands,
      waitlisted: e.waitlistedStands,
      rejected: e.rejectedStands,
      freePlaces: event.freePlaces ?? null,
    },
  };
}
