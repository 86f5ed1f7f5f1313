import { describe, expect, it } from 'vitest';
import type { TLatLng } from '@flohmarkt/contracts';
import { destination } from '../testing/geo.js';
import { CELLS_PER_DEGREE, MAX_CELLS, cellsCovering, geoCell } from './geo-cells.js';
import { radiusBounds } from './radius-bounds.js';

/** Points on and just inside the circle, in every direction. */
function disc(center: TLatLng, radiusKm: number): TLatLng[] {
  return [1, 0.999, 0.5, 0.01].flatMap((f) => Array.from({ length: 720 }, (_, i) => destination(center, i / 2, radiusKm * f)));
}

describe('grid cells of a radius search', () => {
  it('numbers a cell by its tenths of a degree of latitude and longitude, south-west corner inclusive', () => {
    expect(geoCell(50.9375, 6.9603)).toBe(509 * 10000 + 69);
    expect(geoCell(50.9, 6.9)).toBe(509 * 10000 + 69);
    expect(geoCell(50.8999999, 6.9603)).toBe(508 * 10000 + 69);
    expect(geoCell(-33.87, -151.21)).toBe(-339 * 10000 - 1513);
  });

  it.each([
    ['Köln, 50 km', { lat: 50.9375, lng: 6.9603 }, 50],
    ['Flensburg, 5 km', { lat: 54.7937, lng: 9.4469 }, 5],
    ['on a cell corner, 1 km', { lat: 51, lng: 7 }, 1],
    ['Fidschi across ±180°, 100 km', { lat: -17.7, lng: 179.9 }, 100],
    ['Kapstadt, 90 km', { lat: -33.92, lng: 18.42 }, 90],
    ['Tromsø, 60 km', { lat: 69.65, lng: 18.96 }, 60],
  ])('lists the cell of every point within the radius (%s)', (_name, center, radiusKm) => {
    const cells = new Set(cellsCovering(center, radiusKm, radiusBounds(center, radiusKm)));
    for (const p of disc(center, radiusKm)) expect(cells.has(geoCell(p.lat, p.lng))).toBe(true);
  });

  it('covers the 50 km landing search with the cells of the circle, not of the whole box or latitude band', () => {
    const cologne = { lat: 50.9375, lng: 6.9603 };
    const box = radiusBounds(cologne, 50);
    const cells = cellsCovering(cologne, 50, box) ?? [];
    const boxCells =
      Math.ceil((box.maxLat - box.minLat) * CELLS_PER_DEGREE + 1) * Math.ceil((box.lngRanges[0]![1] - box.lngRanges[0]![0]) * CELLS_PER_DEGREE + 1);
    expect(cells.length).toBeLessThan(boxCells * 0.9);
    expect(cells.length).toBeGreaterThan(boxCells * 0.6);
    expect(new Set(cells).size).toBe(cells.length);
    expect(cells).not.toContain(geoCell(box.maxLat, box.lngRanges[0]![1]));
  });

  it('gives up on radii too large for a cell list, so those searches use the bounding box alone', () => {
    const at = (center: TLatLng, radiusKm: number) => cellsCovering(center, radiusKm, radiusBounds(center, radiusKm));
    expect(at({ lat: 50.9375, lng: 6.9603 }, 400)).toBeNull();
    expect(at({ lat: 89.5, lng: 0 }, 100)).toBeNull();
    expect(at({ lat: 50.9375, lng: 6.9603 }, 100)?.length).toBeLessThanOrEqual(MAX_CELLS);
  });
});
