import { Controller, Param } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { GET_SERIES, SERIES_MESSAGES, type TSeries } from '@flohmarkt/contracts';
import { PublicRoute, fail, pathId } from '@flohmarkt/server-kit';
import { EventEntity } from '../events/event.entity.js';
import { toEvent } from '../events/event-view.js';

/** The dates of a series (issue 34), for anyone: a series is the markets that carry its id. */
@Controller()
export class SeriesController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Earliest first, cancelled dates too (they say so); a series whose markets are all deleted is gone: 404. */
  @PublicRoute(GET_SERIES)
  async one(@Param('id') raw: string): Promise<TSeries> {
    const id = pathId(raw, SERIES_MESSAGES.seriesNotFound);
    const events = await this.dataSource.getRepository(EventEntity).find({ where: { seriesId: id }, order: { startDateTime: 'ASC', id: 'ASC' } });
    if (!events.length) throw fail.notFound(SERIES_MESSAGES.seriesNotFound);
    return { id, events: events.map((e) => toEvent(e, e.approvedStands)) };
  }
}
