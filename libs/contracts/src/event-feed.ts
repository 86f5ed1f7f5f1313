import { z } from 'zod';
import { ZId, ZIsoDateTime } from './fields.js';
import { ZEventPhase, ZEventStatus } from './event.js';

/** The public facts of one market on a map (GET /api/feeds/events.geojson): what its card shows, and its page. */
const ZEventFeatureProperties = z.object({
  id: ZId,
  name: z.string(),
  description: z.string().nullable(),
  location: z.string(),
  startDateTime: ZIsoDateTime,
  endDateTime: ZIsoDateTime,
  status: ZEventStatus,
  cancelReason: z.string().nullable(),
  phase: ZEventPhase,
  standCount: z.number().int().nonnegative(),
  /** The market's page on this site. */
  url: z.string(),
});

/** Upcoming markets as a GeoJSON FeatureCollection (RFC 7946): points `[longitude, latitude]`, only markets with a place. */
export const ZEventFeatureCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      id: ZId,
      geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: ZEventFeatureProperties,
    }),
  ),
});
export type TEventFeatureCollection = z.infer<typeof ZEventFeatureCollection>;
