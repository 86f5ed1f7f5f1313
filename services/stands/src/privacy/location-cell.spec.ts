import { describe, expect, it } from 'vitest';
import { berlinMidnightOf } from '@flohmarkt/contracts';
import { cellCentre } from './location-cell.js';

/** Great-circle distance in metres (haversine), to check what the public position gives away. */
function metres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const asNumbers = (c: { latitude: string; longitude: string }) => ({ latitude: Number(c.latitude), longitude: Number(c.longitude) });

describe('the ~200 m cell of an approximate stand', () => {
  it('is the same for the same position every time, and the same for every position in the cell', () => {
    const home = cellCentre(50.9208, 6.9574);
    expect(cellCentre(50.9208, 6.9574)).toEqual(home);
    // A neighbour 20 m away in the same cell answers the same point: nothing to average away.
    const centre = asNumbers(home);
    expect(cellCentre(centre.latitude + 0.0001, centre.longitude + 0.0001)).toEqual(home);
  });

  it('is never more than half a cell diagonal (~142 m) from the stand, and not the stand itself', () => {
    for (const [lat, lng] of [
      [50.9208, 6.9574],
      [53.5511, 9.9937],
      [47.5596, 7.5886],
      [52.52, 13.405],
      [48.1351, 11.582],
    ] as const) {
      const cell = asNumbers(cellCentre(lat, lng));
      const off = metres({ latitude: lat, longitude: lng }, cell);
      expect(off).toBeLessThan(145);
      expect(off).toBeGreaterThan(0);
    }
  });

  it('moves to the next cell about 200 m further', () => {
    const here = asNumbers(cellCentre(50.9208, 6.9574));
    const north = asNumbers(cellCentre(here.latitude + 0.0018, here.longitude));
    const east = asNumbers(cellCentre(here.latitude, here.longitude + 0.0029));
    expect(metres(here, north)).toBeGreaterThan(190);
    expect(metres(here, north)).toBeLessThan(210);
    expect(metres(here, east)).toBeGreaterThan(190);
    expect(metres(here, east)).toBeLessThan(210);
  });
});

describe("the event's first day in Berlin", () => {
  it('begins at 00:00 Berlin time, summer (UTC+2) and winter (UTC+1)', () => {
    expect(berlinMidnightOf(new Date('2026-06-13T08:00:00Z')).toISOString()).toBe('2026-06-12T22:00:00.000Z');
    expect(berlinMidnightOf(new Date('2026-01-10T08:00:00Z')).toISOString()).toBe('2026-01-09T23:00:00.000Z');
    // 23:30 UTC on the 12th is already the 13th in Berlin.
    expect(berlinMidnightOf(new Date('2026-06-12T23:30:00Z')).toISOString()).toBe('2026-06-12T22:00:00.000Z');
    // The day the clocks go forward (29 March 2026) still began at 00:00 CET.
    expect(berlinMidnightOf(new Date('2026-03-29T10:00:00Z')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});
