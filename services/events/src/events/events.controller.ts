import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { TEvent } from '@flohmarkt/contracts';
import { SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { EventSearch } from '../search/event-search.js';
import { parseListQuery } from '../search/list-query.js';
import { toEvent } from './event-view.js';
import { EventsService } from './events.service.js';

/** The public event calls (docs/product.md#events; the gateway strips /api). */
@Controller('events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly search: EventSearch,
  ) {}

  /**
   * Sorted by start, at most 500 per call, the number of all matching events in X-Total-Count;
   * every event carries its approved-stand count from the read model on its row (no call to
   * stands: the list answers while stands is down, its counts lagging at most until it is back).
   */
  @Get()
  async list(@Query() raw: unknown, @Res({ passthrough: true }) res: Response): Promise<TEvent[]> {
    const { events, total } = await this.search.find(parseListQuery(raw));
    res.setHeader('X-Total-Count', String(total));
    return events.map((e) => toEvent(e, e.approvedStands));
  }

  @Get(':id')
  async one(@Param('id') id: string): Promise<TEvent> {
    const event = await this.events.get(id);
    return toEvent(event, event.approvedStands);
  }

  /** 201 with the new event; it has no stands yet. */
  @Post()
  async create(@SignedInCaller() caller: CallerContext, @Body() body: unknown): Promise<TEvent> {
    return toEvent(await this.events.create(caller, body), 0);
  }

  /** 200 with the event as stored (without standCount: the edit did not touch stands). */
  @Put(':id')
  async update(@SignedInCaller() caller: CallerContext, @Param('id') id: string, @Body() body: unknown): Promise<TEvent> {
    return toEvent(await this.events.update(caller, id, body));
  }

  /** 200 with the cancelled event, also when it was cancelled before (nothing changes then). */
  @Patch(':id/cancel')
  async cancel(@SignedInCaller() caller: CallerContext, @Param('id') id: string, @Body() body: unknown): Promise<TEvent> {
    const event = await this.events.cancel(caller, id, body);
    return toEvent(event, event.approvedStands);
  }

  /** 204 without a body: the client refreshes its lists itself. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@SignedInCaller() caller: CallerContext, @Param('id') id: string): Promise<void> {
    await this.events.remove(caller, id);
  }
}
