import { describe, expect, it } from 'vitest';
import { VIEWPORT, ZEventMarker, ZEventViewport, ZEventViewportQuery } from './event-viewport.js';
import { MAP } from './limits.js';
import { ZEventListQuery } from './event-query.js';
import { VALIDATION } from './validation-messages.js';
import { firstMessage } from './testing/issues.js';

describe('ZEventViewportQuery', () => {
  it('reads the box, the zoom and the date filters from query strings', () => {
    expect(ZEventViewportQuery.parse({ bbox: '6.8,50.85,7.1,51.0', zoom: '12', upcoming: 'true', date: '2031-05-10' })).toEqual({
      bbox: { minLng: 6.8, minLat: 50.85, maxLng: 7.1, maxLat: 51 },
      zoom: 12,
      upcoming: true,
      date: '2031-05-10',
    });
    expect(ZEventViewportQuery.parse({ bbox: '-180,-90,180,90', zoom: 0 })).toEqual({
      bbox: { minLng: -180, minLat: -90, maxLng: 180, maxLat: 90 },
      zoom: 0,
    });
  });

  it.each([
    [{ zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '6,50,7', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '7,50,6,51', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '6,51,7,50', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '-181,50,7,51', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '6,50,7,90.5', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: 'a,b,c,d', zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: ['6,50,7,51', '6,50,7,51'], zoom: '6' }, VALIDATION.invalidBbox],
    [{ bbox: '6,50,7,51' }, VALIDATION.invalidZoom],
    [{ bbox: '6,50,7,51', zoom: '' }, VALIDATION.invalidZoom],
    [{ bbox: '6,50,7,51', zoom: '6.5' }, VALIDATION.invalidZoom],
    [{ bbox: '6,50,7,51', zoom: '21' }, VALIDATION.invalidZoom],
    [{ bbox: '6,50,7,51', zoom: '-1' }, VALIDATION.invalidZoom],
    [{ bbox: '6,50,7,51', zoom: 'weit' }, VALIDATION.invalidZoom],
    [{ bbox: '6,50,7,51', zoom: '6', upcoming: 'vielleicht' }, VALIDATION.invalidUpcoming],
    [{ bbox: '6,50,7,51', zoom: '6', date: '10.05.2031' }, VALIDATION.invalidDay],
  ])('refuses %j with a German sentence', (query, message) => {
    expect(firstMessage(ZEventViewportQuery, query)).toBe(message);
  });
});

describe('ZEventViewport', () => {
  it('lists events from the zoom of a found place on', () => {
    expect(VIEWPORT.eventsMinZoom).toBe(MAP.landingZoomFound);
  });

  it('describes a listed answer of lean markers: the whole event is no marker', () => {
    const marker = {
      id: '7d3c2c1e-5b0a-4f7e-9a51-3c1f0e2d4b6a',
      name: 'Trödelmarkt am Rhein',
      location: 'Rheinufer 3, 50668 Köln',
      latitude: '50.94000000',
      longitude: '6.96000000',
      startDateTime: '2031-05-17T07:00:00.000Z',
      status: 'planned',
    };
    const answer = { total: 3, inView: 1, clustered: false, clusters: [], events: [marker] };
    expect(ZEventViewport.parse(answer)).toEqual(answer);
    expect(ZEventMarker.safeParse({ ...marker, latitude: null }).success).toBe(false);
    expect(Object.keys(ZEventMarker.parse({ ...marker, description: 'Bücher', organizerId: marker.id })).sort()).toEqual(Object.keys(marker).sort());
  });

  it('describes a clustered answer', () => {
    const answer = { total: 3, inView: 2, clustered: true, clusters: [{ lat: 50.9, lng: 6.95, count: 2, bbox: [6.9, 50.88, 7, 50.92] }], events: [] };
    expect(ZEventViewport.parse(answer)).toEqual(answer);
    expect(ZEventViewport.safeParse({ ...answer, clusters: [{ lat: 50.9, lng: 6.95, count: 0, bbox: [6.9, 50.88, 7, 50.92] }] }).success).toBe(false);
  });
});

describe('ZEventListQuery sort', () => {
  it('takes sort=distance with a centre, sort=start without one, and blank as the default', () => {
    expect(ZEventListQuery.parse({ lat: '50.9', lng: '6.9', sort: 'distance' })).toMatchObject({ sort: 'distance', radiusKm: 50 });
    expect(ZEventListQuery.parse({ sort: 'start' }).sort).toBe('start');
    expect(ZEventListQuery.parse({ sort: '' }).sort).toBeUndefined();
  });

  it.each([
    [{ sort: 'distance' }, VALIDATION.sortNeedsCenter],
    [{ sort: 'name' }, VALIDATION.invalidSort],
    [{ lat: '50', lng: '7', sort: ['distance', 'start'] }, VALIDATION.invalidSort],
  ])('refuses %j', (query, message) => {
    expect(firstMessage(ZEventListQuery, query)).toBe(message);
  });
});
