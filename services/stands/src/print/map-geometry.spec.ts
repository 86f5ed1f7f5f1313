import { describe, expect, it } from 'vitest';
import { MAX_ZOOM, SINGLE_POINT_ZOOM, fitView, metresPerPoint, scaleBar, tilesCovering, toPage, worldPixel, type Frame } from './map-geometry.js';

const frame: Frame = { x: 40, y: 100, width: 500, height: 500 };
// Two stands about 700 m apart in Köln-Ehrenfeld.
const west = { lat: 50.9478, lng: 6.9143 };
const east = { lat: 50.9478, lng: 6.9243 };

describe('worldPixel', () => {
  it('puts 0°/0° in the middle of the world and Greenwich at zoom 0 at x = 128', () => {
    expect(worldPixel({ lat: 0, lng: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(worldPixel({ lat: 0, lng: 0 }, 1)).toEqual({ x: 256, y: 256 });
  });
});

describe('fitView', () => {
  it('keeps every stand inside the frame less the padding and fills it in one direction', () => {
    const view = fitView([west, east], frame, 0.75, 30);
    const xs = [west, east].map((p) => toPage(view, p).x);
    for (const x of xs) {
      expect(x).toBeGreaterThanOrEqual(frame.x + 30 - 1e-6);
      expect(x).toBeLessThanOrEqual(frame.x + frame.width - 30 + 1e-6);
    }
    // East and west reach the padding: the map is as large as it can be.
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(frame.width - 60, 6);
    // Tiles are drawn between 0.7 and 1.4 times their size, never blown up further.
    expect(view.pointsPerPixel).toBeGreaterThanOrEqual(0.75 * 0.7);
    expect(view.pointsPerPixel).toBeLessThanOrEqual(0.75 * 1.4);
    expect(view.zoom).toBeLessThanOrEqual(MAX_ZOOM);
  });

  it('fits stands spread over a whole town at a lower zoom', () => {
    const view = fitView([west, { lat: 50.99, lng: 7.05 }], frame, 0.75, 30);
    const near = fitView([west, east], frame, 0.75, 30);
    expect(view.zoom).toBeLessThan(near.zoom);
    const far = toPage(view, { lat: 50.99, lng: 7.05 });
    expect(far.x).toBeLessThanOrEqual(frame.x + frame.width - 30 + 1e-6);
    expect(far.y).toBeGreaterThanOrEqual(frame.y + 30 - 1e-6);
  });

  it('centres a single position at a street zoom', () => {
    const view = fitView([west], frame, 0.75, 30);
    expect(view.zoom).toBe(SINGLE_POINT_ZOOM);
    const at = toPage(view, west);
    expect(at.x).toBeCloseTo(frame.x + frame.width / 2);
    expect(at.y).toBeCloseTo(frame.y + frame.height / 2);
  });
});

describe('tilesCovering', () => {
  it('covers the whole frame with tiles of the view’s zoom, without gaps', () => {
    const view = fitView([west, east], frame, 0.75, 30);
    const tiles = tilesCovering(view);
    expect(tiles.every((t) => t.z === view.zoom && t.size === 256 * view.pointsPerPixel)).toBe(true);
    const left = Math.min(...tiles.map((t) => t.left));
    const top = Math.min(...tiles.map((t) => t.top));
    const right = Math.max(...tiles.map((t) => t.left + t.size));
    const bottom = Math.max(...tiles.map((t) => t.top + t.size));
    expect(left).toBeLessThanOrEqual(frame.x);
    expect(top).toBeLessThanOrEqual(frame.y);
    expect(right).toBeGreaterThanOrEqual(frame.x + frame.width);
    expect(bottom).toBeGreaterThanOrEqual(frame.y + frame.height);
    const columns = new Set(tiles.map((t) => t.x)).size;
    const rows = new Set(tiles.map((t) => t.y)).size;
    expect(tiles).toHaveLength(columns * rows);
  });
});

describe('scale bar', () => {
  it('measures the ground at the view’s latitude (about 0.6 of the equator’s at 51° N)', () => {
    const view = fitView([west], frame, 1, 0);
    // At zoom 17 a pixel is 1.19 m at the equator.
    expect(metresPerPoint(view)).toBeCloseTo(1.1943 * Math.cos((west.lat * Math.PI) / 180), 2);
  });

  it('picks the longest round length that fits', () => {
    expect(scaleBar(0.75, 150)).toEqual({ metres: 100, points: 100 / 0.75, label: '100 m' });
    expect(scaleBar(3, 150)).toMatchObject({ metres: 200, label: '200 m' });
    expect(scaleBar(40, 150)).toMatchObject({ metres: 5000, label: '5 km' });
    expect(scaleBar(10, 150)).toMatchObject({ metres: 1000, label: '1 km' });
  });
});
