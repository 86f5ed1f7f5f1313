import { describe, expect, it } from 'vitest';
import { LIMITS, haversineKm, type TLatLng } from '@flohmarkt/contracts';
import { destination } from '../testing/geo.js';
import { radiusBounds, type TRadiusBounds } from './radius-bounds.js';

function inside(box: TRadiusBounds, p: TLatLng): boolean {
  return p.lat >= box.minLat && p.lat <= box.maxLat && box.lngRanges.some(([a, b]) => p.lng >= a && p.lng <= b);
}

function circle(center: TLatLng, radiusKm: number): TLatLng[] {
  return Array.from({ length: 720 }, (_, i) => destination(center, i / 2, radiusKm));
}

describe('bounding box of a search radius', () => {
  const cologne = { lat: 50.9375, lng: 6.9603 };

  it('holds every point of the circle around Cologne, and is tight (within 0.1 km) on all four sides', () => {
    const box = radiusBounds(cologne, 50);
    const points = circle(cologne, 50);
    for (const p of points) expect(inside(box, p)).toBe(true);
    expect(box.lngRanges).toHaveLength(1);
    const [[minLng, maxLng]] = box.lngRanges as [[number, number]];
    const lats = points.map((p) => p.lat);
    const lngs = points.map((p) => p.lng);
    const kmPerDegLat = (Math.PI * LIMITS.earthRadiusKm) / 180;
    expect((box.maxLat - Math.max(...lats)) * kmPerDegLat).toBeLessThan(0.1);
    expect((Math.min(...lats) - box.minLat) * kmPerDegLat).toBeLessThan(0.1);
    expect(maxLng - Math.max(...lngs)).toBeLessThan(0.002);
    expect(Math.min(...lngs) - minLng).toBeLessThan(0.002);
  });

  it('leaves out points just beyond the radius due north and due east', () => {
    const box = radiusBounds(cologne, 50);
    expect(inside(box, destination(cologne, 90, 49.9))).toBe(true);
    expect(inside(box, destination(cologne, 0, 50.2))).toBe(false);
    expect(inside(box, destination(cologne, 90, 50.3))).toBe(false);
  });

  it('keeps the exact haversine distance of the circle points at the radius (the SQL filter is the same formula)', () => {
    for (const p of circle(cologne, 15).slice(0, 20)) expect(haversineKm(cologne, p)).toBeCloseTo(15, 6);
  });

  it('splits the longitudes in two ranges across the antimeridian', () => {
    const fiji = { lat: -17.7, lng: 179.9 };
    const box = radiusBounds(fiji, 100);
    expect(box.lngRanges).toHaveLength(2);
    expect(box.lngRanges[0]?.[1]).toBe(180);
    expect(box.lngRanges[1]?.[0]).toBe(-180);
    for (const p of circle(fiji, 100)) expect(inside(box, p)).toBe(true);
    expect(inside(box, { lat: -17.7, lng: 0 })).toBe(false);

    const west = radiusBounds({ lat: 60, lng: -179.5 }, 80);
    expect(west.lngRanges).toHaveLength(2);
    for (const p of circle({ lat: 60, lng: -179.5 }, 80)) expect(inside(west, p)).toBe(true);
  });

  it('takes every longitude when the circle holds a pole', () => {
    const box = radiusBounds({ lat: 89.5, lng: 10 }, 100);
    expect(box.maxLat).toBe(90);
    expect(box.lngRanges).toEqual([[-180, 180]]);
    expect(radiusBounds({ lat: 0, lng: 0 }, 20_000)).toEqual({ minLat: -90, maxLat: 90, lngRanges: [[-180, 180]] });
  });
});
