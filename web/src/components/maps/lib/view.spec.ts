// @vitest-environment node
import { VIEWPORT, ZEventViewportQuery } from '@flohmarkt/contracts';
import { describe, expect, it } from 'vitest';
import { EVENTS_MIN_ZOOM, viewOf } from './view';

const bounds = (west: number, south: number, east: number, north: number) => ({
  getWest: () => west,
  getSouth: () => south,
  getEast: () => east,
  getNorth: () => north,
});

describe('viewOf', () => {
  it('rounds the box outwards to about a metre and the zoom to a whole level', () => {
    expect(viewOf(bounds(6.912345678, 50.901234567, 7.012345671, 50.981234561), 10.4)).toEqual({
      bbox: [6.91234, 50.90123, 7.01235, 50.98124],
      zoom: 10,
    });
  });

  it('cuts a zoomed-out view (the world repeats sideways) to what the viewport call takes', () => {
    const view = viewOf(bounds(-540.2, -95, 540.7, 91.3), 0);
    expect(view).toEqual({ bbox: [-180, -90, 180, 90], zoom: 0 });
    expect(ZEventViewportQuery.safeParse({ bbox: view.bbox.join(','), zoom: String(view.zoom) }).success).toBe(true);
  });

  it('asks for the server threshold the contracts name (written out to keep zod out of the map chunk)', () => {
    expect(EVENTS_MIN_ZOOM).toBe(VIEWPORT.eventsMinZoom);
  });
});
