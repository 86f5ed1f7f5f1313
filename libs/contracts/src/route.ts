import { z } from 'zod';
import { ZId } from './fields.js';

/*
 * "Meine Runde" on the server (issue 19): GET /api/events/{id}/route plans the same order as the web
 * app (@flohmarkt/route-planner) across public stands of the event. Distances are straight lines, or
 * street distances when the server has a routing server (ROUTING_URL). Stands whose live state is
 * closed or absent on the event day are left out and listed in `skipped`.
 */

/** Own German sentences of the route call ("du" like API_ERRORS). */
export const ROUTE_CALL_MESSAGES = {
  standsRequired: 'Bitte wähle mindestens einen Stand für deine Runde.',
  unknownStand: 'Mindestens ein gewählter Stand gehört nicht (mehr) zu den Ständen dieses Flohmarkts.',
  invalidStart: 'Der Startpunkt muss ein Stand der Runde oder eine Position „Breite,Länge“ sein.',
  invalidMode: 'Bitte „zu Fuß“ (walk) oder „mit dem Fahrrad“ (bike) wählen.',
  invalidLoop: 'Bitte gib bei „loop“ true oder false an.',
  invalidFormat: 'Das Format kann nur json oder gpx sein.',
  nothingToVisit: 'Alle gewählten Stände sind gerade geschlossen oder heute nicht da.',
} as const;

const ZLatLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });

/** `start`: "lat,lng" (the visitor's position or a geocoded address) or a stand id of the round. */
type TRouteStartParam = z.infer<typeof ZLatLng> | { standId: string };

function parseStart(raw: string): TRouteStartParam | null {
  const position = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(raw);
  if (position) {
    const parsed = ZLatLng.safeParse({ lat: Number(position[1]), lng: Number(position[2]) });
    return parsed.success ? parsed.data : null;
  }
  const stand = z.object({ standId: ZId }).safeParse({ standId: raw.trim() });
  return stand.success ? stand.data : null;
}

/**
 * The query of GET /api/events/{id}/route. `stands`: comma-separated stand ids (a malformed id is an
 * unknown stand); `start` defaults to the first stand given; `mode` to walk; `loop` to true (a round
 * back to the start); `format` to json (gpx: a GPX 1.1 file).
 */
export const ZRouteQuery = z.object({
  stands: z.string({ error: ROUTE_CALL_MESSAGES.standsRequired }).transform((raw, ctx) => {
    const ids = raw
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (ids.length === 0) {
      ctx.addIssue({ code: 'custom', message: ROUTE_CALL_MESSAGES.standsRequired });
      return z.NEVER;
    }
    return ids;
  }),
  start: z
    .string({ error: ROUTE_CALL_MESSAGES.invalidStart })
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return null;
      const start = parseStart(raw);
      if (!start) {
        ctx.addIssue({ code: 'custom', message: ROUTE_CALL_MESSAGES.invalidStart });
        return z.NEVER;
      }
      return start;
    }),
  mode: z.enum(['walk', 'bike'], { error: ROUTE_CALL_MESSAGES.invalidMode }).default('walk'),
  loop: z
    .enum(['true', 'false'], { error: ROUTE_CALL_MESSAGES.invalidLoop })
    .default('true')
    .transform((v) => v === 'true'),
  format: z.enum(['json', 'gpx'], { error: ROUTE_CALL_MESSAGES.invalidFormat }).default('json'),
});
export type TRouteQuery = z.infer<typeof ZRouteQuery>;

/** What a leg or stop that is the start position (not a stand) is called. */
export const ROUTE_START_LABEL = 'Start';

/**
 * One leg; `from`/`to` are stand ids, null where the leg begins or ends at a start position. `label`
 * names where it leads: the stand's `label` ("Hohe Straße 12"), or "Start" for the way back.
 */
const ZRouteLeg = z.object({ from: ZId.nullable(), to: ZId.nullable(), distanceM: z.number().nonnegative(), label: z.string() });
export type TRouteLeg = z.infer<typeof ZRouteLeg>;

/** The JSON answer of GET /api/events/{id}/route. */
export const ZRouteAnswer = z.object({
  /** Every visited stand once, in visiting order (with a stand as start, that stand first). */
  order: z.array(ZId),
  /** The same stops with what each is called (its `label`), for lists and files that name them. */
  stops: z.array(z.object({ id: ZId, label: z.string() })),
  /** Sum of the legs, whole metres. */
  distanceM: z.number().nonnegative(),
  legs: z.array(ZRouteLeg),
  /** Google Maps directions links of at most 9 points each, chained. */
  mapsLinks: z.array(z.string()),
  /** The same legs for Apple Maps. */
  appleMapsLinks: z.array(z.string()),
  /** Rough travel time at walking or cycling speed, seconds. */
  durationS: z.number().nonnegative(),
  /** true: the order is proven shortest (up to 12 stops). */
  exact: z.boolean(),
  /** 'street' when a routing server gave the distances, else 'straight'. */
  distances: z.enum(['straight', 'street']),
  /**
   * How the round is drawn (map, GPX track): 'streets' along the paths a routing server gave (only with
   * ROUTING_URL, then `track` is the way), else 'straight' lines from stop to stop ("Luftlinie").
   */
  geometry: z.enum(['streets', 'straight']),
  /**
   * With `geometry: 'streets'`: the whole round along paths and streets as a GeoJSON LineString
   * ([longitude, latitude] pairs) from the start through the stops in `order`, back for a round trip.
   */
  track: z
    .object({
      type: z.literal('LineString'),
      coordinates: z.array(z.tuple([z.number(), z.number()])).min(2),
    })
    .optional(),
  /** Stands left out because their live state is closed or absent. */
  skipped: z.array(ZId),
});
export type TRouteAnswer = z.infer<typeof ZRouteAnswer>;

/** The query string of a route call (web app, share links, the printable sheet). */
export function routeQueryString(input: {
  stands: readonly string[];
  start?: { lat: number; lng: number } | { standId: string } | null;
  mode?: 'walk' | 'bike';
  loop?: boolean;
  format?: 'json' | 'gpx';
}): string {
  const params = new URLSearchParams({ stands: input.stands.join(',') });
  if (input.start) params.set('start', 'standId' in input.start ? input.start.standId : `${input.start.lat},${input.start.lng}`);
  if (input.mode) params.set('mode', input.mode);
  if (input.loop !== undefined) params.set('loop', String(input.loop));
  if (input.format) params.set('format', input.format);
  return params.toString();
}
