/** What a map shows: [minLng, minLat, maxLng, maxLat] and its whole zoom level. */
export interface MapViewReport {
  bbox: [number, number, number, number];
  zoom: number;
}

interface BoundsLike {
  getWest(): number;
  getSouth(): number;
  getEast(): number;
  getNorth(): number;
}

const MAX_ZOOM_ASKED = 20;

/**
 * From this zoom on, the server answers the events themselves (when they are not too many):
 * VIEWPORT.eventsMinZoom of the contracts, written out because importing it would bring zod into
 * the map's chunk (about 26 kB gzip); view.spec.ts keeps the two equal.
 */
export const EVENTS_MIN_ZOOM = 10;
/** About a metre: finer digits would only make every view a new request. */
const STEP = 1e-5;

const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
const down = (value: number) => Math.floor(value / STEP) * STEP;
const up = (value: number) => Math.ceil(value / STEP) * STEP;
const tidy = (value: number) => Number(value.toFixed(5));

/**
 * The map's view as the viewport call takes it: zoomed far out, Leaflet's bounds reach past
 * ±180°/±90° (the world repeats sideways), which the server rightly refuses, so they are cut to
 * the world; the edges are rounded outwards, so an event on the edge stays in.
 */
export function viewOf(bounds: BoundsLike, zoom: number): MapViewReport {
  return {
    bbox: [
      tidy(clamp(down(bounds.getWest()), 180)),
      tidy(clamp(down(bounds.getSouth()), 90)),
      tidy(clamp(up(bounds.getEast()), 180)),
      tidy(clamp(up(bounds.getNorth()), 90)),
    ],
    zoom: Math.min(MAX_ZOOM_ASKED, Math.max(0, Math.round(zoom))),
  };
}
