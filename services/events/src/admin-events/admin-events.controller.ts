import { Controller, Query, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { LIST_ADMIN_EVENTS, containsPattern, type TEvent } from '@flohmarkt/contracts';
import { PublicRoute, SignedInCaller, fail, parseCallQuery, type CallerContext } from '@flohmarkt/server-kit';
import { EventEntity } from '../events/event.entity.js';
import { toEvent } from '../events/event-view.js';

/**
 * The admin's list of markets (issue 30, A1, `GET /api/admin/events?q=&limit=&offset=`): every event,
 * newest start first, `q` matching a part of its name, place or contact e-mail; the total in
 * `X-Total-Count`. Admins only (403). The primary is read: an event deleted a moment ago is gone here.
 */
@Controller()
export class AdminEventsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @PublicRoute(LIST_ADMIN_EVENTS)
  async list(@SignedInCaller() caller: CallerContext, @Query() raw: unknown, @Res({ passthrough: true }) res: Response): Promise<TEvent[]> {
    if (caller.role !== 'admin') throw fail.forbidden();
    const { q, limit, offset } = parseCallQuery(LIST_ADMIN_EVENTS, raw);
    const query = this.dataSource.getRepository(EventEntity).createQueryBuilder('e');
    if (q) query.where('(e.name ILIKE :pattern OR e.location ILIKE :pattern OR e.contact_email ILIKE :pattern)', { pattern: containsPattern(q) });
    const [rows, total] = await query.orderBy('e.start_date_time', 'DESC').addOrderBy('e.id', 'DESC').skip(offset).take(limit).getManyAndCount();
    res.setHeader('X-Total-Count', String(total));
    const now = new Date();
    return rows.map((e) => toEvent(e, e.approvedStands, now));
  }
}
