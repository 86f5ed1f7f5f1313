import { Controller, Get, Param, Query } from '@nestjs/common';
import type { TEvent, TTeamFacts } from '@flohmarkt/contracts';
import { toEvent } from './event-view.js';
import { EventsService } from './events.service.js';

/**
 * Reads other services need (stands checks the event of a registration, lists name events);
 * reached only with the internal token. No standCount here: stands owns those numbers.
 */
@Controller('internal/events')
export class EventsInternalController {
  constructor(private readonly events: EventsService) {}

  /** Bulk read: `?ids=a,b,c`; unknown or malformed ids are left out. */
  @Get()
  async many(@Query('ids') ids: unknown): Promise<TEvent[]> {
    const list = typeof ids === 'string' ? ids.split(',').map((id) => id.trim()) : [];
    return (await this.events.getMany(list)).map((e) => toEvent(e));
  }

  /** 404 when missing. With its team (EVENT_NOW, issue 36): stands decides who manages the market and runs its day. */
  @Get(':id')
  async one(@Param('id') id: string): Promise<TEvent & { team: TTeamFacts }> {
    const event = await this.events.getWithTeam(id);
    return { ...toEvent(event), team: event.team };
  }
}
