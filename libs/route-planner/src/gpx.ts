import { shortenAtWord } from '@flohmarkt/contracts';
import { isValidPoint, roundTrack } from './route-points.js';
import { routeErrors } from './errors.js';
import type { TPoint } from './types.js';

/** A stop of the GPX file, in visiting order. */
type TGpxStop = TPoint & {
  id: string;
  /** What the stand is called (its `label`: number, public address, display name or "Stand ohne Nummer"). */
  label: string;
  categories?: readonly string[];
};

type TGpxInput = {
  /** Name of the route (file metadata and track), e.g. the event's title. */
  name: string;
  /** The stops in visiting order (with a stop as start, that stop first). */
  stops: readonly TGpxStop[];
  /** The start position when the round begins elsewhere than at a stop (the track starts and, for a loop, ends there). */
  start?: TPoint | null;
  loop?: boolean;
  /**
   * The way along paths and streets from a routing server, in visiting order (start to end, back for a
   * loop). Without it the track is straight lines between the stops ("Luftlinie").
   */
  path?: readonly TPoint[] | null;
  /** A link per stand (its page) for apps that show one. */
  linkFor?: (stopId: string) => string;
  /** Written as the metadata time; leave out for byte-identical files of the same route. */
  time?: Date;
};

/** The track's description while it is drawn as straight lines between the stops (no router's path). */
export const GPX_STRAIGHT_TRACK = 'Luftlinie: gerade Linien von Stand zu Stand, nicht der Weg entlang der Straßen.';

/** The track's description when it follows a routing server's path. */
export const GPX_STREET_TRACK = 'Entlang der Wege und Straßen, wie der Routenplaner sie kennt. Vor Ort auf Absperrungen achten.';

/**
 * GPS apps and devices list names on one short line and cut the rest wherever it falls: a name is
 * shortened at a word here instead (a 200-character market, a 50-character stand number). The
 * position in the round, the whole label and the categories stay in the waypoint's <desc>.
 */
export const GPX_ROUTE_NAME_MAX = 100;
export const GPX_WAYPOINT_NAME_MAX = 60;

const GPX_NAMESPACE = 'http://www.topografix.com/GPX/1/1';
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

/**
 * The round as GPX 1.1: one waypoint per stand, named by its label ("Hohe Straße 12"), described as
 * "3. Halt: Hohe Straße 12 – Bücher, Deko" (position in the round, label, categories), and one track in
 * visiting order from the start (back to it for a loop): the routing server's path where one was
 * given, else straight lines.
 * Element order follows the GPX 1.1 schema; all text is XML-escaped.
 */
export function toGpx(input: TGpxInput): string {
  const { stops, start, loop = false, linkFor } = input;
  for (const stop of stops) if (!isValidPoint(stop)) throw routeErrors.invalidStop(stop.id);
  if (start && !isValidPoint(start)) throw routeErrors.invalidStart();

  const routeName = shortenAtWord(input.name, GPX_ROUTE_NAME_MAX);
  const alongStreets = input.path && input.path.length > 1 && input.path.every(isValidPoint) ? input.path : null;
  const track = alongStreets ?? roundTrack(stops, start, loop);

  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="Flohmarkt" xmlns="${GPX_NAMESPACE}" xmlns:xsi="${XSI_NAMESPACE}" xsi:schemaLocation="${GPX_NAMESPACE} ${GPX_NAMESPACE}/gpx.xsd">`,
    '  <metadata>',
    `    <name>${escapeXml(routeName)}</name>`,
    ...(input.time ? [`    <time>${input.time.toISOString()}</time>`] : []),
    ...(track.length > 0 ? [`    ${bounds([...track, ...stops])}`] : []),
    '  </metadata>',
    ...stops.map((stop, index) => waypoint(stop, index + 1, linkFor)),
    '  <trk>',
    `    <name>${escapeXml(routeName)}</name>`,
    `    <desc>${escapeXml(alongStreets ? GPX_STREET_TRACK : GPX_STRAIGHT_TRACK)}</desc>`,
    '    <trkseg>',
    ...track.map((point) => `      <trkpt ${latLon(point)}/>`),
    '    </trkseg>',
    '  </trk>',
    '</gpx>',
    '',
  ];
  return lines.join('\n');
}

/** The stand's label as a GPS app lists it: at most GPX_WAYPOINT_NAME_MAX, shortened at a word. */
function waypointName(stop: Pick<TGpxStop, 'label'>): string {
  return shortenAtWord(stop.label, GPX_WAYPOINT_NAME_MAX);
}

/** "3. Halt: Hohe Straße 12 – Bücher, Deko": the position in the round, the whole label and the categories. */
export function waypointDescription(stop: Pick<TGpxStop, 'label' | 'categories'>, position: number): string {
  const categories = stop.categories?.length ? ` – ${stop.categories.join(', ')}` : '';
  return `${position}. Halt: ${stop.label}${categories}`;
}

function waypoint(stop: TGpxStop, position: number, linkFor?: (stopId: string) => string): string {
  const children = [`<name>${escapeXml(waypointName(stop))}</name>`, `<desc>${escapeXml(waypointDescription(stop, position))}</desc>`];
  if (linkFor) children.push(`<link href="${escapeXml(linkFor(stop.id))}"><text>${escapeXml(waypointName(stop))}</text></link>`);
  children.push('<type>Stand</type>');
  return `  <wpt ${latLon(stop)}>${children.join('')}</wpt>`;
}

function latLon(point: TPoint): string {
  return `lat="${degrees(point.lat)}" lon="${degrees(normalisedLongitude(point.lng))}"`;
}

/** The GPX longitude type is -180 ≤ lon < 180: 180° is written as -180°, the same meridian. */
function normalisedLongitude(lng: number): number {
  return lng >= 180 ? lng - 360 : lng;
}

function degrees(value: number): string {
  // Seven decimals are about 1 cm; trailing zeros dropped, never exponent notation.
  return String(Number(value.toFixed(7)));
}

function bounds(points: readonly TPoint[]): string {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => normalisedLongitude(p.lng));
  return `<bounds minlat="${degrees(Math.min(...lats))}" minlon="${degrees(Math.min(...lngs))}" maxlat="${degrees(Math.max(...lats))}" maxlon="${degrees(Math.max(...lngs))}"/>`;
}

// Characters XML 1.0 does not allow at all (controls, lone surrogates, U+FFFE/U+FFFF): dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for element content and attribute values. */
function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
