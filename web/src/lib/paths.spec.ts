// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EMBED_PATTERNS, PAGE_PATTERNS, matchPage, pathOf, paths } from './paths';

describe('page paths', () => {
  it('builds each link from its pattern', () => {
    expect(paths.home()).toBe('/');
    expect(paths.event('e1')).toBe('/events/e1');
    expect(paths.eventEdit('e1')).toBe('/events/e1/edit');
    expect(paths.eventReviewList('e1')).toBe('/events/e1#anmeldungen');
    expect(paths.merkliste('e1')).toBe('/events/e1/merkliste');
    expect(paths.standRegistration('e1')).toBe('/events/e1/register-stand');
    expect(paths.stand('s1')).toBe('/stands/s1');
    expect(paths.standEdit('s1')).toBe('/stands/s1/edit');
    expect(paths.exhibitor('u1')).toBe('/exhibitors/u1');
    expect(paths.user('u1')).toBe('/users/u1');
    expect(paths.myStands()).toBe('/my-stands');
    expect(paths.standTips()).toBe('/legal-notice');
    expect(paths.embedEvent('e1')).toBe('/embed/events/e1');
    expect(paths.myHolds()).toBe('/me/holds');
    expect(paths.hold('h1')).toBe('/holds/h1');
    expect(paths.hold('h1', 'a b+c')).toBe('/holds/h1?token=a+b%2Bc');
  });

  it('encodes a parameter as one segment, so an id never reaches another page', () => {
    expect(paths.stand('a/b?c#d')).toBe('/stands/a%2Fb%3Fc%23d');
    expect(pathOf(PAGE_PATTERNS.standRegistration, { eventId: 'x y' })).toBe('/events/x%20y/register-stand');
  });

  it('adds a shared round its query, and no "?" without one', () => {
    expect(paths.sharedRoute('e1', new URLSearchParams({ reihe: 'a,b', mit: 'rad' }))).toBe('/events/e1/runde?reihe=a%2Cb&mit=rad');
    expect(paths.sharedRoute('e1', new URLSearchParams())).toBe('/events/e1/runde');
  });

  it('reads the parameters back from a path, decoded as the router hands them over', () => {
    expect(matchPage(PAGE_PATTERNS.event, '/events/a%20b')).toEqual({ id: 'a b' });
    expect(matchPage(PAGE_PATTERNS.event, '/events/e1/')).toEqual({ id: 'e1' });
    expect(matchPage(EMBED_PATTERNS.map, '/embed/map/')).toEqual({});
    expect(matchPage(PAGE_PATTERNS.standEdit, paths.standEdit('s/1'))).toEqual({ standId: 's/1' });
  });

  it('matches no other page, an empty segment or broken percent-encoding', () => {
    expect(matchPage(PAGE_PATTERNS.event, '/events/e1/edit')).toBeNull();
    expect(matchPage(PAGE_PATTERNS.event, '/stands/e1')).toBeNull();
    expect(matchPage(PAGE_PATTERNS.event, '/events/')).toBeNull();
    expect(matchPage(PAGE_PATTERNS.event, '/events/%E0%A4%A')).toBeNull();
    expect(matchPage(PAGE_PATTERNS.home, '/events')).toBeNull();
  });
});
