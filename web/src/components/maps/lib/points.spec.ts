// @vitest-environment node
import { toLatLng } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { pointOf, withPoints } from './points';

describe('pointOf', () => {
  it('follows the contracts rule: both coordinates or no point', () => {
    const cases: Array<[string | null, string | null]> = [
      ['52.52000000', '13.40500000'],
      ['52.5', null],
      [null, '13.4'],
      ['', '13.4'],
      ['abc', '13.4'],
      ['-33.9', '151.2'],
    ];
    for (const [lat, lng] of cases) expect(pointOf(lat, lng)).toEqual(toLatLng(lat, lng));
  });

  it('keeps only items with both coordinates as markers', () => {
    const items = [
      { id: 'a', latitude: '52.5', longitude: '13.4' },
      { id: 'b', latitude: null, longitude: '13.4' },
      { id: 'c', latitude: '48.1', longitude: null },
    ];
    expect(withPoints(items).map((e) => [e.item.id, e.point])).toEqual([['a', { lat: 52.5, lng: 13.4 }]]);
  });
});
