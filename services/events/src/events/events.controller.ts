import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { TEvent } from '@flohmarkt/contracts';
import { SignedInCaller, type CallerContext } from '@flohmarkt/server-kit';
import { EventSearch } from '../search/event-search.js';
import { parseListQuery } from '../search/list-query.js';
import { StandCounts } from '../stand-counts/stand-counts.client.js';
import { toEvent } from './event-view.js';
import { EventsService } from './events.service.js';

/** The public event calls of spec section 7 (the gateway strips /api). */
@Controller('events')
export class EventsController {
  constructor(
    private readonly events: EventsService,
    private readonly search: EventSearch,
    private readonly standCounts: StandCounts,
  ) {}

  /** Sorted by start; every event carries its approved-stand count (one bulk call to stands). */
  @Get()
  async list(@Query() raw: unknown): Promise<TEvent[]> {
    const rows = await this.search.find(parseListQuery(raw));
    if (!rows.length) return [];
    const counts = await this.standCounts.of(rows.map((e) => e.id));
    return rows.map((e) => toEvent(e, counts.get(e.id) ?? 0));
  }

  @Get(':id')
  async one(@Param('id') id: string): Promise<TEvent> {
    const event = await this.events.get(id);
    const counts = await this.standCounts.of([event.id]);
    return toEvent(event, counts.get(event.id) ?? 0);
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

  /** 204 without a body: the client refreshes its lists itself. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@SignedInCaller() caller: CallerContext, @Param('id') id: string): Promise<void> {
    await this.events.remove(caller, id);
  }
}
