import { eventPhase, type TEventPhase } from '@flohmarkt/contracts';
import type { EventEntity } from '../events/event.entity.js';
import type { CalendarLinks } from '../calendar/calendar-links.js';

/** The public facts of one market on a map: what its card on the landing page shows, and its page. */
export interface TEventFeatureProperties {
  id: string;
  name: string;
  description: string | null;
  location: string;
  startDateTime: string;
  endDateTime: string;
  status: EventEntity['status'];
  cancelReason: string | null;
  phase: TEventPhase;
  standCount: number;
  url: string;
}

export interface TEventFeatureCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: string;
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: TEventFeatureProperties;
  }[];
}

/**
 * Upcoming markets as a GeoJSON FeatureCollection (RFC 7946: coordinates as [longitude, latitude]).
 * Only events with a place can be on a map; the organiser's contact stays on the event page.
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
