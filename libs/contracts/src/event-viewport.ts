import { z } from 'zod';
import { ZEvent } from './event.js';
import { ZNumericString } from './fields.js';
import { ZBbox, ZCalendarDay, blankToUndefined, queryBoolean } from './event-query.js';
import { VALIDATION } from './validation-messages.js';

/**
 * The landing map's viewport call, GET /api/events/viewport. The map sends what it shows; the
 * server counts and answers either the events themselves (zoomed in, few) or clusters it counted
 * on a grid of about 64 screen pixels, so no answer is ever an unbounded list.
 */
export const VIEWPORT = {
  maxZoom: 20,
  /**
   * From this zoom on, a view with at most `maxEvents` events is answered as events, not clusters:
   * the zoom of a found place (MAP.landingZoomFound), so a search shows the place's markets at once.
   */
  eventsMinZoom: 10,
  maxEvents: 500,
  /** A view wider than this many cells on either side (a huge box at a high zoom) gets coarser cells. */
  maxCellsPerSide: 64,
} as const;

/** The map's zoom level: a whole number from 0 to 20 (required). */
const ZZoom = z.union([z.string(), z.number()], { error: VALIDATION.invalidZoom }).transform((raw, ctx) => {
  const n = typeof raw === 'number' ? raw : raw.trim() === '' ? Number.NaN : Number(raw.trim());
  if (!Number.isInteger(n) || n < 0 || n > VIEWPORT.maxZoom) {
    ctx.addIssue({ code: 'custom', message: VALIDATION.invalidZoom });
    return z.NEVER;
  }
  return n;
});

/** `bbox=minLng,minLat,maxLng,maxLat` (required, not inverted, within ±180/±90), `zoom`, and the list's date filters. */
export const ZEventViewportQuery = z.object({
  bbox: z.preprocess(blankToUndefined, ZBbox),
  zoom: ZZoom,
  upcoming: queryBoolean,
  date: z.preprocess(blankToUndefined, ZCalendarDay.optional()),
});

/** [minLng, minLat, maxLng, maxLat], as the query's bbox. */
const ZBboxTuple = z.tuple([z.number(), z.number(), z.number(), z.number()]);
export type TBboxTuple = z.infer<typeof ZBboxTuple>;

/**
 * Events the server counted in one grid cell: `lat`/`lng` is their mean position (where the
 * map draws the bubble), `bbox` their extent (where a click zooms to). A cell with one event is
 * still a cluster of count 1.
 */
const ZEventCluster = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int().positive(),
  bbox: ZBboxTuple,
});
export type TEventCluster = z.infer<typeof ZEventCluster>;

/**
 * One market as the landing map draws it: its marker (the point), the marker's popup and the info
 * card below the map (name, 'Abgesagt' when cancelled, start, place, the link by id). Nothing else:
 * a view lists up to 500 of them on every pan, and the event page reads the whole event itself.
 * Coordinates as numeric strings, as every event read answers them; a marker always has both.
 */
export const ZEventMarker = ZEvent.pick({ id: true, name: true, location: true, startDateTime: true, status: true }).extend({
  latitude: ZNumericString,
  longitude: ZNumericString,
});
export type TEventMarker = z.infer<typeof ZEventMarker>;

/**
 * The answer. `total`: events matching the filters (upcoming, date) anywhere; `inView`: those
 * of them inside the bbox; both counted, never estimated. `clustered` false: `events` holds every
 * event in view as a marker (ZEventMarker, in start order) and `clusters` is empty; true:
 * `clusters` covers every event in view and `events` is empty.
 */
export const ZEventViewport = z.object({
  total: z.number().int().nonnegative(),
  inView: z.number().int().nonnegative(),
  clustered: z.boolean(),
  clusters: z.array(ZEventCluster),
  events: z.array(ZEventMarker),
});
export type TEventViewport = z.infer<typeof ZEventViewport>;
