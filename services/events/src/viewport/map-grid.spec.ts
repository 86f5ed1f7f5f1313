import { describe, expect, it } from 'vitest';
import { cellX, cellY, cellsInside, cellsTouched, clusterLevel, dayNumber, endDaySpans, rangeBounds, ring } from './map-grid.js';

const GERMANY = { minLng: 5.5, minLat: 47, maxLng: 15.5, maxLat: 55.2 };

describe('the map grid', () => {
  it('numbers 64-pixel Mercator cells from the north-west corner of the world', () => {
    expect([cellX(-180, 0), cellX(179.999, 0), cellX(180, 0)]).toEqual([0, 3, 3]);
    expect([cellY(85, 0), cellY(-85, 0), cellY(90, 0), cellY(-90, 0)]).toEqual([0, 3, 0, 3]);
    // Köln at zoom 12: 16384 cells around the world, as a tile server numbers its 256-px tiles x 4.
    expect(cellX(6.9603, 12)).toBe(Math.floor(((6.9603 + 180) / 360) * 16384));
    // The slippy-map tile row of Köln at zoom 14 (asinh form of the Mercator formula).
    expect(cellY(50.9375, 12)).toBe(5489);
  });

  it('nests: a cell at one level is its four children at the next', () => {
    for (const [lat, lng] of [
      [50.9375, 6.9603],
      [52.52, 13.405],
      [-33.9, 18.4],
    ] as const) {
      expect(cellX(lng, 10) >> 4).toBe(cellX(lng, 6));
      expect(cellY(lat, 10) >> 4).toBe(cellY(lat, 6));
    }
  });

  it('finds the cells wholly inside a box: their edges lie within it, and their neighbours cross it', () => {
    const range = cellsInside(GERMANY, 8)!;
    const b = rangeBounds(range);
    expect(b.west).toBeGreaterThanOrEqual(GERMANY.minLng);
    expect(b.east).toBeLessThanOrEqual(GERMANY.maxLng);
    expect(b.north).toBeLessThanOrEqual(GERMANY.maxLat);
    expect(b.south).toBeGreaterThanOrEqual(GERMANY.minLat);
    const wider = rangeBounds({ ...range, x0: range.x0 - 1, x1: range.x1 + 1, y0: range.y0 - 1, y1: range.y1 + 1 });
    expect(wider.west).toBeLessThan(GERMANY.minLng);
    expect(wider.east).toBeGreaterThan(GERMANY.maxLng);
    expect(wider.north).toBeGreaterThan(GERMANY.maxLat);
    expect(wider.south).toBeLessThan(GERMANY.minLat);
    expect(cellsInside({ minLng: 6.9, minLat: 50.9, maxLng: 6.95, maxLat: 50.92 }, 4)).toBeNull();
  });

  it('counts the polar rows as inside only when the box reaches the pole (they hold everything beyond 85°)', () => {
    expect(cellsInside({ minLng: -180, minLat: -90, maxLng: 180, maxLat: 90 }, 2)).toEqual({ level: 2, x0: 0, x1: 15, y0: 0, y1: 15 });
    expect(cellsInside({ minLng: -180, minLat: -89, maxLng: 180, maxLat: 89 }, 2)).toEqual({ level: 2, x0: 0, x1: 15, y0: 1, y1: 14 });
  });

  it('splits the cells of a box that a coarser level left into rectangles covering each exactly once', () => {
    const outer = cellsInside(GERMANY, 10)!;
    const inner = cellsInside(GERMANY, 8)!;
    const strips = ring(outer, inner);
    expect(strips.length).toBeGreaterThan(0);
    const seen = new Map<string, number>();
    for (const r of strips) for (let x = r.x0; x <= r.x1; x++) for (let y = r.y0; y <= r.y1; y++) seen.set(`${x}/${y}`, (seen.get(`${x}/${y}`) ?? 0) + 1);
    for (let x = outer.x0; x <= outer.x1; x++) {
      for (let y = outer.y0; y <= outer.y1; y++) {
        const covered = x >> 2 >= inner.x0 && x >> 2 <= inner.x1 && y >> 2 >= inner.y0 && y >> 2 <= inner.y1;
        expect(seen.get(`${x}/${y}`) ?? 0, `${x}/${y}`).toBe(covered ? 0 : 1);
      }
    }
  });

  it('keeps the zoom for a screen-sized box and coarsens a huge box at a high zoom to at most 64 cells a side', () => {
    expect(clusterLevel({ minLng: 6.7408, minLat: 50.8509, maxLng: 7.1798, maxLat: 51.0237 }, 12)).toBe(12);
    expect(clusterLevel(GERMANY, 6)).toBe(6);
    const level = clusterLevel(GERMANY, 18);
    const r = cellsTouched(GERMANY, level);
    expect(r.x1 - r.x0).toBeLessThan(64);
    expect(r.y1 - r.y0).toBeLessThan(64);
    const finer = cellsTouched(GERMANY, level + 1);
    expect(Math.max(finer.x1 - finer.x0, finer.y1 - finer.y0)).toBeGreaterThanOrEqual(64);
  });

  it('covers "ends today or later" with each end day exactly once', () => {
    for (const today of [dayNumber('2031-05-10'), 16 * 1300, 256 * 80, 256 * 80 + 1, 16 * 1300 - 1]) {
      const spans = endDaySpans(today);
      for (let day = today - 600; day < today + 800; day++) {
        const times =
          Number(spans.days.includes(day)) + Number(spans.sixteens.includes(Math.floor(day / 16))) + Number(Math.floor(day / 256) >= spans.firstOf256);
        expect(times, `day ${day}, today ${today}`).toBe(day >= today ? 1 : 0);
      }
    }
  });

  it('counts days since 1970 as event_map_day does', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayNumber('2031-05-10')).toBe(22409);
  });
});
