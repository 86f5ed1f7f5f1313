import { describe, expect, it } from 'vitest';
import { loadCompactGazetteer } from '../data/load.js';
import { distanceKm } from '../geo/distance.js';
import { toEntries } from './entries.js';
import { PlaceGrid, PlaceNames } from './place-lookup.js';

const { places } = toEntries(loadCompactGazetteer());

/** The answer of a scan over every place, as the gazetteer computed it before the grid. */
function scanNearest(point: { lat: number; lng: number }, maxKm: number) {
  let best: { name: string; km: number } | null = null;
  for (const place of places) {
    if (place.approximate || place.alias) continue;
    const km = distanceKm(point, place);
    if (km <= maxKm && (!best || km < best.km)) best = { name: place.name, km };
  }
  return best?.name ?? null;
}

describe('PlaceGrid', () => {
  const grid = new PlaceGrid(places);

  it('finds the same nearest place as a scan of all places, across Germany and its borders', () => {
    // A fixed walk over a grid of points (no randomness: a failure can be run again).
    for (let lat = 47.0; lat <= 55.2; lat += 0.37) {
      for (let lng = 5.5; lng <= 15.3; lng += 0.41) {
        for (const km of [3, 30]) {
          expect(grid.nearest({ lat, lng }, km, (p) => !p.approximate && !p.alias)?.name ?? null, `${lat},${lng} within ${km} km`).toBe(
            scanNearest({ lat, lng }, km),
          );
        }
      }
    }
  });

  it('falls back to every place for a radius wider than the grid serves', () => {
    expect(grid.nearest({ lat: 40.4, lng: -3.7 }, 3000, (p) => !p.approximate && !p.alias)?.name).toBe(scanNearest({ lat: 40.4, lng: -3.7 }, 3000));
  });
});

describe('PlaceNames', () => {
  const names = new PlaceNames(places);

  it('looks places up by their whole name or base, in either fold', () => {
    expect(names.named('koeln', 'koln').map((p) => p.name)).toContain('Köln');
    expect(names.named('xxx', 'koln').map((p) => p.name)).toContain('Köln');
    expect(names.named('frankfurt', 'frankfurt').map((p) => p.name)).toEqual(expect.arrayContaining(['Frankfurt am Main', 'Frankfurt (Oder)']));
    expect(names.withKey('frankfurt')).toEqual([]);
    expect(names.named('xyzzy', 'xyzzy')).toEqual([]);
  });
});
