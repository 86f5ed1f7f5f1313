/*
 * The printed stand map's geometry, as pure functions: Web Mercator as OpenStreetMap tiles use it
 * (256-pixel tiles, zoom z = 2^z tiles across the world), the zoom that fits the stands into the
 * frame, where a tile or a stand lands on the page, and a scale bar with a round length.
 */

export const TILE_PIXELS = 256;
export const MIN_ZOOM = 3;
/** OpenStreetMap's standard tiles stop at 19; 18 keeps a few houses around a lone stand. */
export const MAX_ZOOM = 18;
/** Zoom for a map with a single position (one stand, or only the event's place): a few streets. */
export const SINGLE_POINT_ZOOM = 17;
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;
const MAX_LATITUDE = 85.05112878;

export interface LatLng {
  lat: number;
  lng: number;
}

/** A rectangle on the page, in PDF points from the top left. */
export interface Frame {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What part of the world the frame shows: its centre in world pixels at `zoom`, and points per pixel. */
export interface MapView {
  frame: Frame;
  zoom: number;
  centerX: number;
  centerY: number;
  pointsPerPixel: number;
}

/** World pixel coordinates at a zoom (x to the east, y to the south). */
export function worldPixel(p: LatLng, zoom: number): { x: number; y: number } {
  const size = TILE_PIXELS * 2 ** zoom;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, p.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((p.lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
}

/** Past this enlargement of the tiles, the next zoom drawn smaller gives a sharper map. */
const SHARPER_ABOVE = 1.4;

/**
 * The view that shows every position inside the frame, less `padding` points on each side, as
 * large as it fits. Tiles come in whole zoom levels, so the zoom is the largest at which the
 * positions fit at `pointsPerPixel`, and the tiles are then scaled to fill the frame: up to 1.4
 * times larger, else the next zoom drawn smaller (between 0.7 and 1 times), which is sharper.
 * A single position (or a cluster at the highest zoom) keeps `pointsPerPixel`.
 */
export function fitView(points: LatLng[], frame: Frame, pointsPerPixel: number, padding: number): MapView {
  if (points.length === 0) throw new Error('fitView needs at least one position');
  const inner = { width: Math.max(1, frame.width - 2 * padding), height: Math.max(1, frame.height - 2 * padding) };
  const single = points.every((p) => p.lat === points[0].lat && p.lng === points[0].lng);
  let zoom = single ? SINGLE_POINT_ZOOM : MAX_ZOOM;
  const size = (z: number) => {
    const box = pixelBox(points, z);
    return { box, width: box.maxX - box.minX, height: box.maxY - box.minY };
  };
  for (; zoom > MIN_ZOOM; zoom--) {
    const { width, height } = size(zoom);
    if (width * pointsPerPixel <= inner.width && height * pointsPerPixel <= inner.height) break;
  }
  let scale = pointsPerPixel;
  if (!single) {
    const { width, height } = size(zoom);
    const fill = Math.min(inner.width / Math.max(width, 1e-9), inner.height / Math.max(height, 1e-9));
    scale = Math.max(pointsPerPixel, Math.min(fill, 2 * pointsPerPixel));
    if (scale > SHARPER_ABOVE * pointsPerPixel && zoom < MAX_ZOOM) {
      zoom += 1;
      scale /= 2;
    }
  }
  const { box } = size(zoom);
  return { frame, zoom, centerX: (box.minX + box.maxX) / 2, centerY: (box.minY + box.maxY) / 2, pointsPerPixel: scale };
}

function pixelBox(points: LatLng[], zoom: number) {
  const px = points.map((p) => worldPixel(p, zoom));
  return {
    minX: Math.min(...px.map((p) => p.x)),
    maxX: Math.max(...px.map((p) => p.x)),
    minY: Math.min(...px.map((p) => p.y)),
    maxY: Math.max(...px.map((p) => p.y)),
  };
}

/** Where a position lands on the page. */
export function toPage(view: MapView, p: LatLng): { x: number; y: number } {
  const w = worldPixel(p, view.zoom);
  return {
    x: view.frame.x + view.frame.width / 2 + (w.x - view.centerX) * view.pointsPerPixel,
    y: view.frame.y + view.frame.height / 2 + (w.y - view.centerY) * view.pointsPerPixel,
  };
}

export interface TilePlacement {
  z: number;
  x: number;
  y: number;
  /** Top left corner on the page and the side length, in points. */
  left: number;
  top: number;
  size: number;
}

/** The tiles that cover the frame, each with where it is drawn (the frame clips the overhang). */
export function tilesCovering(view: MapView): TilePlacement[] {
  const halfW = view.frame.width / 2 / view.pointsPerPixel;
  const halfH = view.frame.height / 2 / view.pointsPerPixel;
  const count = 2 ** view.zoom;
  const first = { x: Math.floor((view.centerX - halfW) / TILE_PIXELS), y: Math.floor((view.centerY - halfH) / TILE_PIXELS) };
  const last = { x: Math.floor((view.centerX + halfW) / TILE_PIXELS), y: Math.floor((view.centerY + halfH) / TILE_PIXELS) };
  const size = TILE_PIXELS * view.pointsPerPixel;
  const tiles: TilePlacement[] = [];
  for (let ty = Math.max(0, first.y); ty <= Math.min(count - 1, last.y); ty++) {
    for (let tx = first.x; tx <= last.x; tx++) {
      tiles.push({
        z: view.zoom,
        // Across the date line the world repeats.
        x: ((tx % count) + count) % count,
        y: ty,
        left: view.frame.x + view.frame.width / 2 + (tx * TILE_PIXELS - view.centerX) * view.pointsPerPixel,
        top: view.frame.y + view.frame.height / 2 + (ty * TILE_PIXELS - view.centerY) * view.pointsPerPixel,
        size,
      });
    }
  }
  return tiles;
}

/** Metres on the ground per point on the page at the view's centre. */
export function metresPerPoint(view: MapView): number {
  const size = TILE_PIXELS * 2 ** view.zoom;
  const lat = Math.atan(Math.sinh(Math.PI * (1 - (2 * view.centerY) / size)));
  return (EARTH_CIRCUMFERENCE_M * Math.cos(lat)) / size / view.pointsPerPixel;
}

/** The longest round length (1, 2 or 5 times a power of ten metres) that fits into `maxPoints`. */
export function scaleBar(metresPerPt: number, maxPoints: number): { metres: number; points: number; label: string } {
  const limit = metresPerPt * maxPoints;
  let metres = 1;
  for (let power = 1; power <= 1e7; power *= 10) {
    for (const step of [1, 2, 5]) if (step * power <= limit) metres = step * power;
  }
  const label = metres >= 1000 ? `${(metres / 1000).toLocaleString('de-DE')} km` : `${metres} m`;
  return { metres, points: metres / metresPerPt, label };
}
