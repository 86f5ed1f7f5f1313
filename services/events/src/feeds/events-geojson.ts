import { eventPhase, type TEventFeatureCollection } from '@flohmarkt/contracts';
import type { EventEntity } from '../events/event.entity.js';
import type { CalendarLinks } from '../calendar/calendar-links.js';

/**
 * Upcoming markets as a GeoJSON FeatureCollection (RFC 7946: coordinates as [longitude, latitude]),
 * the shape GET_EVENT_FEED_GEOJSON declares. Only events with a place can be on a map; the
 * organiser's contact stays on the event page.
 */
export function eventsGeoJson(events: EventEntity[], links: CalendarLinks, now: Date = new Date()): TEventFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: events
      .filter((e) => e.latitude !== null && e.longitude !== null)
      .map((e) => {
        const startDateTime = e.startDateTime.toISOString();
        const endDateTime = e.endDateTime.toISOString();
        return {
          type: 'Feature' as const,
          id: e.id,
          geometry: { type: 'Point' as const, coordinates: [Number(e.longitude), Number(e.latitude)] as [number, number] },
          properties: {
            id: e.id,
            name: e.name,
            description: e.description,
            location: e.location,
            startDateTime,
            endDateTime,
            status: e.status,
            cancelReason: e.cancelReason,
            phase: eventPhase({ status: e.status, startDateTime, endDateTime }, now),
            standCount: e.approvedStands,
            url: links.eventPage(e.id),
          },
        };
      }),
  };
}
