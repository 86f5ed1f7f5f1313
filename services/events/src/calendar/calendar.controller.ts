import { Controller, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { API_ERRORS, GET_EVENT_CALENDAR, fileSlug } from '@flohmarkt/contracts';
import { PublicRoute, pathId } from '@flohmarkt/server-kit';
import { EVENTS_CONFIG, type TEventsEnv } from '../config.js';
import { EventsService } from '../events/events.service.js';
import { sendCacheableFile } from './cacheable-file.js';
import { CALENDAR_CONTENT_TYPE, calendarDocument } from './calendar-document.js';
import { CalendarLinks } from './calendar-links.js';
import { CALENDAR_FILE_PREFIX, CALENDAR_TEXTS } from './calendar-texts.js';

/** "Zum Kalender hinzufügen": one event as an iCalendar file (RFC 5545), for anyone. Unknown event: 404. */
@Controller()
export class CalendarController {
  private readonly links: CalendarLinks;

  constructor(
    private readonly events: EventsService,
    @Inject(EVENTS_CONFIG) config: TEventsEnv,
  ) {
    this.links = new CalendarLinks(config.PUBLIC_URL);
  }

  @PublicRoute(GET_EVENT_CALENDAR)
  async calendar(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const event = await this.events.get(pathId(id, API_ERRORS.eventNotFound));
    sendCacheableFile(req, res, {
      body: calendarDocument({ name: CALENDAR_TEXTS.eventCalendarName(event.name), events: [event], alarm: true }, this.links),
      contentType: CALENDAR_CONTENT_TYPE,
      disposition: 'attachment',
      fileName: `${CALENDAR_FILE_PREFIX}-${fileSlug(event.name) || 'event'}.ics`,
    });
  }
}
