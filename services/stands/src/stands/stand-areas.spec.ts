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
    expect(areas[0]).toMatchObject({ name: 'Bereich 1', kind: 'cell', approved: 2, pending: 1 });
    // The centre lies within the cell: less than a cell's diagonal from its stands.
    expect(haversineKm({ lat: areas[0].latitude, lng: areas[0].longitude }, { lat: 50.94002, lng: 6.95802 }) * 1000).toBeLessThan(72);
  });

  it('names cells from the north, and lists the thinnest area first', () => {
    const south = { latitude: 50.94, longitude: 6.958, status: 'approved' as const };
    const north = { latitude: 50.9427, longitude: 6.958, status: 'pending' as const };
    expect(standAreas([south, north], 50.94).map((a) => [a.name, a.approved, a.pending])).toEqual([
      ['Bereich 1', 0, 1],
      ['Bereich 2', 1, 0],
    ]);
    const busySouth = [south, { ...south, status: 'pending' as const }, { ...south, longitude: 6.95801 }];
    expect(standAreas([...busySouth, north], 50.94).map((a) => [a.name, a.approved, a.pending])).toEqual([
      ['Bereich 1', 0, 1],
      ['Bereich 2', 2, 1],
    ]);
    expect(standAreas([south, { ...north, latitude: 50.9427 }, { ...north, status: 'approved' as const }], 50.94).map((a) => a.name)).toEqual([
      'Bereich 2',
      'Bereich 1',
    ]);
  });

  it('counts stands per street where the street is known, wherever they stand on it, and the rest per cell', () => {
    const areas = standAreas(
      [
        // Bergmannstraße is 400 m long: four cells, one street.
        { latitude: 52.4895, longitude: 13.3905, status: 'approved', street: 'Bergmannstraße' },
        { latitude: 52.4896, longitude: 13.396, status: 'approved', street: 'Bergmannstraße' },
        { latitude: 52.4897, longitude: 13.3962, status: 'pending', street: 'Bergmannstraße' },
        { latitude: 52.4882, longitude: 13.393, status: 'approved', street: 'Solmsstraße' },
        // Not looked up yet: a cell.
        { latitude: 52.487, longitude: 13.399, status: 'pending', street: null },
      ],
      52.49,
    );
    expect(areas.map((a) => [a.name, a.kind, a.approved, a.pending])).toEqual([
      ['Bereich 1', 'cell', 0, 1],
      ['Solmsstraße', 'street', 1, 0],
      ['Bergmannstraße', 'street', 2, 1],
    ]);
    // A street's point is the middle of its stands.
    expect(areas[2]).toMatchObject({ latitude: 52.4896, longitude: 13.394233 });
  });

  it('has no area without stands', () => {
    expect(standAreas([], 50)).toEqual([]);
  });
});
