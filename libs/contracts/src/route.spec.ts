import { describe, expect, it } from 'vitest';
import { ROUTE_CALL_MESSAGES, ZRouteQuery, routeQueryString } from './route.js';

const A = '11111111-1111-1111-1111-111111111111';
const B = '22222222-2222-2222-2222-222222222222';

describe('ZRouteQuery', () => {
  it('reads ids, a position start and the defaults', () => {
    const parsed = ZRouteQuery.parse({ stands: `${A}, ${B}`, start: '52.5,13.4' });
    expect(parsed).toEqual({ stands: [A, B], start: { lat: 52.5, lng: 13.4 }, mode: 'walk', loop: true, format: 'json' });
  });

  it('takes a stand id as start and loop=false', () => {
    const parsed = ZRouteQuery.parse({ stands: A, start: A, loop: 'false', mode: 'bike', format: 'gpx' });
    expect(parsed).toMatchObject({ start: { standId: A }, loop: false, mode: 'bike', format: 'gpx' });
  });

  it('answers German sentences for bad input', () => {
    expect(ZRouteQuery.safeParse({ stands: ' , ' }).error?.issues[0]?.message).toBe(ROUTE_CALL_MESSAGES.standsRequired);
    expect(ZRouteQuery.safeParse({ stands: A, start: '95,10' }).error?.issues[0]?.message).toBe(ROUTE_CALL_MESSAGES.invalidStart);
    expect(ZRouteQuery.safeParse({ stands: A, mode: 'car' }).error?.issues[0]?.message).toBe(ROUTE_CALL_MESSAGES.invalidMode);
  });

  it('writes what it reads', () => {
    const query = routeQueryString({ stands: [A, B], start: { lat: 1, lng: 2 }, mode: 'bike', loop: false });
    expect(ZRouteQuery.parse(Object.fromEntries(new URLSearchParams(query)))).toMatchObject({
      stands: [A, B],
      start: { lat: 1, lng: 2 },
      mode: 'bike',
      loop: false,
    });
  });
});
