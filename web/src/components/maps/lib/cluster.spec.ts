// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { centreOf, clusterPoints } from './cluster';

describe('clusterPoints', () => {
  it('keeps markers apart that do not overlap', () => {
    expect(
      clusterPoints(
        [
          { x: 0, y: 0 },
          { x: 100, y: 0 },
          { x: 0, y: 100 },
        ],
        40,
      ),
    ).toEqual([[0], [1], [2]]);
  });

  it('groups markers within the radius of the first one, across grid cells', () => {
    const points = [
      { x: 39, y: 39 }, // cell (0,0)
      { x: 41, y: 41 }, // cell (1,1), 2.8 px away
      { x: 500, y: 500 },
      { x: 60, y: 39 }, // 21 px from the seed
    ];
    expect(clusterPoints(points, 40)).toEqual([[0, 1, 3], [2]]);
  });

  it('measures from the seed, so a chain does not merge into one group', () => {
    const chain = [
      { x: 0, y: 0 },
      { x: 30, y: 0 },
      { x: 60, y: 0 },
      { x: 90, y: 0 },
    ];
    expect(clusterPoints(chain, 40)).toEqual([
      [0, 1],
      [2, 3],
    ]);
  });

  it('puts identical positions together and handles no points and a zero radius', () => {
    expect(
      clusterPoints(
        [
          { x: 5, y: 5 },
          { x: 5, y: 5 },
        ],
        40,
      ),
    ).toEqual([[0, 1]]);
    expect(clusterPoints([], 40)).toEqual([]);
    expect(
      clusterPoints(
        [
          { x: 5, y: 5 },
          { x: 5, y: 5 },
        ],
        0,
      ),
    ).toEqual([[0], [1]]);
  });

  it('works with negative pixel coordinates', () => {
    expect(
      clusterPoints(
        [
          { x: -10, y: -10 },
          { x: 10, y: 10 },
        ],
        40,
      ),
    ).toEqual([[0, 1]]);
  });

  it('clusters many points quickly and assigns every point exactly once', () => {
    const points = Array.from({ length: 2000 }, (_, i) => ({ x: (i * 37) % 1000, y: (i * 91) % 700 }));
    const groups = clusterPoints(points, 50);
    const seen = groups.flat().sort((a, b) => a - b);
    expect(seen).toEqual(points.map((_, i) => i));
    for (const group of groups) {
      const seed = points[group[0] as number] as { x: number; y: number };
      for (const index of group) {
        const p = points[index] as { x: number; y: number };
        expect(Math.hypot(p.x - seed.x, p.y - seed.y)).toBeLessThanOrEqual(50);
      }
    }
  });
});

describe('centreOf', () => {
  it('averages the coordinates', () => {
    expect(
      centreOf([
        { lat: 52, lng: 13 },
        { lat: 54, lng: 15 },
      ]),
    ).toEqual({ lat: 53, lng: 14 });
  });
});
