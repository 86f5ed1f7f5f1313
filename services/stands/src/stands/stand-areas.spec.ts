import { describe, expect, it } from 'vitest';
import { haversineKm } from '@flohmarkt/contracts';
import { standAreas } from './stand-areas.js';

describe('standAreas', () => {
  it('puts stands a few metres apart in one area and counts approved and pending apart', () => {
    const areas = standAreas(
      [
        { latitude: 50.94001, longitude: 6.95801, status: 'approved' },
        { latitude: 50.94002, longitude: 6.95802, status: 'pending' },
        { latitude: 50.94003, longitude: 6.95803, status: 'approved' },
      ],
      50.94,
    );
    expect(areas).toHaveLength(1);
    expect(areas[0]).toMatchObject({ name: 'Bereich 1', approved: 2, pending: 1 });
    // The centre lies within the cell: less than a cell's diagonal from its stands.
    expect(haversineKm({ lat: areas[0].latitude, lng: areas[0].longitude }, { lat: 50.94002, lng: 6.95802 }) * 1000).toBeLessThan(72);
  });

  it('separates stands 300 m apart and names the northern one first', () => {
    const south = { latitude: 50.94, longitude: 6.958, status: 'approved' as const };
    const north = { latitude: 50.9427, longitude: 6.958, status: 'pending' as const };
    const areas = standAreas([south, north], 50.94);
    expect(areas.map((a) => [a.name, a.approved, a.pending])).toEqual([
      ['Bereich 1', 0, 1],
      ['Bereich 2', 1, 0],
    ]);
  });

  it('has no area without stands', () => {
    expect(standAreas([], 50)).toEqual([]);
  });
});
