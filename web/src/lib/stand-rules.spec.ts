// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeStand } from '@/testing/fixtures';
import { cardBadges } from './card-badges';
import { exhibitorDisplayName, shortName } from './exhibitor-name';
import { thumbnailUrl } from './photo-urls';
import { standPageTitle, standPopupTitle, standTitle } from './stand-title';

describe('stand title rule', () => {
  it("is 'Stand #number' when the stand has a number", () => {
    expect(standTitle(makeStand({ standNumber: '12' }))).toBe('Stand #12');
    expect(standTitle(makeStand({ standNumber: ' B7 ' }))).toBe('Stand #B7');
  });

  it('names a stand without a number by its label (its public address, else its display name), never by a piece of its id', () => {
    const stand = makeStand({ id: '3f2a1c9e-1111-4222-8333-4444abcdef12', standNumber: null });
    expect(standTitle(stand)).toBe('Stand ohne Nummer');
    expect(standTitle(makeStand({ standNumber: '  ', address: { street: 'Hohe Straße', houseNumber: '12', postcode: '50667', town: 'Köln' } }))).toBe(
      'Hohe Straße 12',
    );
    expect(standTitle(makeStand({ standNumber: null, guestFirstName: 'Gerda', guestLastName: 'Gast' }))).toBe('Gerda G.');
    // A read kept from before labels (the offline event page) is named by the same rule.
    expect(standTitle({ ...stand, label: undefined, address: { street: 'Am Hof', houseNumber: null, postcode: '50667', town: 'Köln' } })).toBe('Am Hof');
  });

  it("keeps the stand page's title as specified: the last 6 characters of the id without a number", () => {
    const stand = makeStand({ id: '3f2a1c9e-1111-4222-8333-4444abcdef12', standNumber: null });
    expect(standPageTitle(stand)).toBe('Stand #cdef12');
    expect(standPageTitle({ ...stand, standNumber: ' 7 ' })).toBe('Stand #7');
    expect(standPageTitle({ ...stand, standNumber: 'Garage hinter dem blauen Tor' })).toBe('Garage hinter dem blauen Tor');
    expect(standPopupTitle({ ...stand, standNumber: 'Waffelstand' })).toBe('Waffelstand');
  });

  it("says 'Ohne Nummer' in map popups without a number", () => {
    expect(standPopupTitle(makeStand({ standNumber: null }))).toBe('Ohne Nummer');
    expect(standPopupTitle(makeStand({ standNumber: '3' }))).toBe('Stand #3');
  });
});

describe('exhibitor name rule', () => {
  it('shows first name and initial of the last name', () => {
    expect(shortName({ firstName: 'Max', lastName: 'mustermann' })).toBe('Max M.');
  });

  it('falls back to the first name, then to Aussteller', () => {
    expect(shortName({ firstName: 'Max', lastName: null })).toBe('Max');
    expect(shortName({ firstName: ' ', lastName: 'Mustermann' })).toBe('Aussteller');
    expect(shortName({})).toBe('Aussteller');
  });

  it("uses the registered exhibitor's names, else the guest's", () => {
    const registered = makeStand({ exhibitor: { id: '00000009-0000-4000-8000-000000000002', firstName: 'Erika', lastName: 'Muster' }, guestFirstName: 'X' });
    expect(exhibitorDisplayName(registered)).toBe('Erika M.');
    expect(exhibitorDisplayName(makeStand({ guestFirstName: 'Gustav', guestLastName: 'Gast' }))).toBe('Gustav G.');
    expect(exhibitorDisplayName(makeStand({ guestFirstName: 'Gustav' }))).toBe('Gustav');
  });
});

describe('card badge rule', () => {
  it('shows up to 2 product, 1 food and 1 activity badge', () => {
    const result = cardBadges(makeStand({ categories: ['Bücher', 'CDs'], foodCategories: ['Kuchen'], activityCategories: ['Basteln'] }));
    expect(result.badges.map((b) => b.label)).toEqual(['Bücher', 'CDs', 'Kuchen', 'Basteln']);
    expect(result.more).toBe(0);
    expect(result.general).toBe(false);
  });

  it("adds '+N mehr' with the hidden count when the total exceeds 4", () => {
    const result = cardBadges(makeStand({ categories: ['Bücher', 'CDs', 'DVDs', 'Deko'], foodCategories: ['Kuchen', 'Eis'], activityCategories: [] }));
    expect(result.badges.map((b) => b.label)).toEqual(['Bücher', 'CDs', 'Kuchen']);
    expect(result.more).toBe(3);
  });

  it('has no +N for exactly 4 categories', () => {
    expect(cardBadges(makeStand({ categories: ['Bücher', 'CDs', 'DVDs', 'Deko'] })).more).toBe(0);
    expect(cardBadges(makeStand({ categories: ['Bücher', 'CDs', 'DVDs', 'Deko', 'Kunst'] })).more).toBe(3);
  });

  it("says 'Allgemein' without any category", () => {
    const result = cardBadges(makeStand());
    expect(result.general).toBe(true);
    expect(result.badges).toEqual([]);
  });
});

describe('photo thumbnails', () => {
  it("replaces '.jpg' by '.thumb.jpg'", () => {
    expect(thumbnailUrl('/api/media/stands/s1/p1.jpg')).toBe('/api/media/stands/s1/p1.thumb.jpg');
  });
});
