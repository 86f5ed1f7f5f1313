/** A marker position in pixels at one zoom level (what Leaflet's map.project answers). */
export interface PixelPoint {
  x: number;
  y: number;
}

/**
 * Groups points whose pixel positions lie within `radiusPx` of a group's first point (greedy, in
 * input order, so the result is stable). Answers groups of input indexes; a group of one is a
 * plain marker. A grid of cells as wide as the radius keeps it near O(n): only the 3×3 cells
 * around a seed can hold points within reach.
 */
export function clusterPoints(points: readonly PixelPoint[], radiusPx: number): number[][] {
  if (radiusPx <= 0) return points.map((_, index) => [index]);
  const cellOf = (p: PixelPoint) => [Math.floor(p.x / radiusPx), Math.floor(p.y / radiusPx)] as const;
  const grid = new Map<string, number[]>();
  points.forEach((point, index) => {
    const [cx, cy] = cellOf(point);
    const key = `${cx}:${cy}`;
    const cell = grid.get(key);
    if (cell) cell.push(index);
    else grid.set(key, [index]);
  });

  const assigned = new Array<boolean>(points.length).fill(false);
  const groups: number[][] = [];
  const radiusSquared = radiusPx * radiusPx;
  points.forEach((seed, seedIndex) => {
    if (assigned[seedIndex]) return;
    assigned[seedIndex] = true;
    const group = [seedIndex];
    const [cx, cy] = cellOf(seed);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (const index of grid.get(`${cx + dx}:${cy + dy}`) ?? []) {
          if (assigned[index]) continue;
          const p = points[index] as PixelPoint;
          if ((p.x - seed.x) ** 2 + (p.y - seed.y) ** 2 <= radiusSquared) {
            assigned[index] = true;
            group.push(index);
          }
        }
      }
    }
    groups.push(group.sort((a, b) => a - b));
  });
  return groups;
}

/** The centre of some coordinates (their mean; fine at the scale of one cluster). */
export function centreOf(points: ReadonlyArray<{ lat: number; lng: number }>): { lat: number; lng: number } {
  const sum = points.reduce((acc, p) => ({ lat: acc.lat + p.lat, lng: acc.lng + p.lng }), { lat: 0, lng: 0 });
  return { lat: sum.lat / points.length, lng: sum.lng / points.length };
}
