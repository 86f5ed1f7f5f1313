import { Controller, Inject, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GET_EVENT_FEED_CALENDAR, GET_EVENT_FEED_GEOJSON } from '@flohmarkt/contracts';
import { PublicRoute } from '@flohmarkt/server-kit';
import { EVENTS_CONFIG, type TEventsEnv } from '../config.js';
import { sendCacheableFile } from '../calendar/cacheable-file.js';
import { CALENDAR_CONTENT_TYPE, calendarDocument } from '../calendar/calendar-document.js';
import { CalendarLinks } from '../calendar/calendar-links.js';
import { CALENDAR_TEXTS, FEED_FILE_NAME } from '../calendar/calendar-texts.js';
import { EventSearch } from '../search/event-search.js';
import { eventsGeoJson } from './events-geojson.js';
import { parseFeedQuery } from './feed-query.js';

/** Calendar apps fetch a subscribed feed again after this long (RFC 7986 REFRESH-INTERVAL). */
const FEED_REFRESH = 'PT1H';

/**
 * Upcoming markets around a place, to subscribe to (iCal) or to put on another map (GeoJSON). The
 * search is the list's (GET /events): same filters, same limits, same German 400s.
 */
@Controller()
export class FeedsController {
  private readonly links: CalendarLinks;

  constructor(
    private readonly search: EventSearch,
    @Inject(EVENTS_CONFIG) config: TEventsEnv,
  ) {
    this.links = new CalendarLinks(config.PUBLIC_URL);
  }

  @PublicRoute(GET_EVENT_FEED_CALENDAR)
  async ical(@Query() raw: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const query = parseFeedQuery(GET_EVENT_FEED_CALENDAR, raw);
    const { events } = await this.search.find(query);
    const name = CALENDAR_TEXTS.feedCalendarName(query.lat === undefined ? null : (query.radiusKm ?? null));
    sendCacheableFile(req, res, {
      body: calendarDocument({ name, events, refreshEvery: FEED_REFRESH }, this.links),
      contentType: CALENDAR_CONTENT_TYPE,
      disposition: 'inline',
      fileName: `${FEED_FILE_NAME}.ics`,
    });
  }

  @PublicRoute(GET_EVENT_FEED_GEOJSON)
  async geojson(@Query() raw: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { events } = await this.search.find(parseFeedQuery(GET_EVENT_FEED_GEOJSON, raw));
    sendCacheableFile(req, res, {
      body: JSON.stringify(eventsGeoJson(events, this.links)),
      contentType: 'application/geo+json; charset=utf-8',
      disposition: 'inline',
      fileName: `${FEED_FILE_NAME}.geojson`,
    });
  }
}
