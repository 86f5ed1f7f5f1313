import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, ZStandAddressInput, isHouseNumber } from './stand-address.js';
import { UNNUMBERED_STAND_LABEL, addressLine, houseNumberOrder, standLabel, standTitle, streetLine } from './stand-label.js';
import { ZStandCreate, ZStandUpdate, ZWalkUpStandCreate } from './stand.js';

const ADDRESS = { street: 'Hohe Straße', houseNumber: '12', postcode: '50667', town: 'Köln' };
const firstMessage = (input: unknown) => {
  const result = ZStandAddressInput.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('ZStandAddressInput', () => {
  it('takes street, house number, postcode and town, trimmed, spaces collapsed, the letter of a number in lower case', () => {
    expect(ZStandAddressInput.parse({ street: '  Hohe   Straße ', houseNumber: ' 12 A', postcode: ' 50667 ', town: 'Köln ' })).toEqual({
      ...ADDRESS,
      houseNumber: '12a',
    });
  });

  it('reads house numbers as written on German houses: digits, a letter, a range', () => {
    for (const good of ['1', '12a', '12 A', '12-14', '12a-c', '3/5', '1234']) expect(isHouseNumber(good), good).toBe(true);
    for (const bad of ['', 'zwölf', '12-', 'a12', '12ab', '12345', '12.5', '-3', '12–']) expect(isHouseNumber(bad), bad).toBe(false);
  });

  it('takes the dash a phone keyboard types for a range, and keeps it as a hyphen', () => {
    expect(ZStandAddressInput.parse({ ...ADDRESS, houseNumber: '123a–125b' }).houseNumber).toBe('123a-125b');
    expect(ZStandAddressInput.parse({ ...ADDRESS, houseNumber: '12 — 14' }).houseNumber).toBe('12-14');
  });

  it('answers each bad field with a German sentence naming it', () => {
    expect(firstMessage({ ...ADDRESS, street: ' ' })).toBe(ADDRESS_MESSAGES.streetRequired);
    expect(firstMessage({ ...ADDRESS, houseNumber: 'Hinterhof' })).toBe(ADDRESS_MESSAGES.invalidHouseNumber);
    expect(firstMessage({ ...ADDRESS, houseNumber: '' })).toBe(ADDRESS_MESSAGES.houseNumberRequired);
    expect(firstMessage({ ...ADDRESS, postcode: '5066' })).toBe(ADDRESS_MESSAGES.invalidPostcode);
    expect(firstMessage({ ...ADDRESS, postcode: 'A-1010' })).toBe(ADDRESS_MESSAGES.invalidPostcode);
    expect(firstMessage({ ...ADDRESS, town: '' })).toBe(ADDRESS_MESSAGES.townRequired);
    expect(firstMessage({ ...ADDRESS, street: 'x'.repeat(101) })).toBe(ADDRESS_MESSAGES.streetTooLong);
    expect(firstMessage('Hohe Straße 12')).toBe(ADDRESS_MESSAGES.invalidAddress);
    for (const message of [
      ADDRESS_MESSAGES.streetRequired,
      ADDRESS_MESSAGES.invalidHouseNumber,
      ADDRESS_MESSAGES.invalidPostcode,
      ADDRESS_MESSAGES.townRequired,
    ]) {
      expect(message).toMatch(/Straße|Hausnummer|Postleitzahl|Ort/);
    }
  });

  it('is optional in every stand body: none is null; an edit that leaves it out keeps it, null removes it', () => {
    const stand = { eventId: '6f1c2b1e-1d2a-4c6b-9a51-0b7f3c0a9e11', description: 'Bücher und Spiele', categories: ['Bücher'], latitude: 50.9, longitude: 6.9 };
    expect(ZStandCreate.parse(stand).address).toBeNull();
    expect(ZStandCreate.parse({ ...stand, address: ADDRESS }).address).toEqual(ADDRESS);
    expect(ZWalkUpStandCreate.parse({ description: 'Bücher und Spiele', categories: ['Bücher'], address: ADDRESS }).address).toEqual(ADDRESS);
    expect(ZStandUpdate.parse({ description: 'Bücher', categories: ['Bücher'], latitude: 50.9, longitude: 6.9 }).address).toBeUndefined();
    expect(ZStandUpdate.parse({ description: 'Bücher', categories: ['Bücher'], latitude: 50.9, longitude: 6.9, address: null }).address).toBeNull();
  });
});

describe('standTitle', () => {
  it("is 'Stand #12' with a number, else the label, never 'Stand #' before a blank", () => {
    expect(standTitle({ standNumber: ' 12 ', label: '12' })).toBe('Stand #12');
    expect(standTitle({ standNumber: '  ', label: 'Hohe Straße 12' })).toBe('Hohe Straße 12');
    expect(standTitle({ standNumber: null, label: UNNUMBERED_STAND_LABEL })).toBe(UNNUMBERED_STAND_LABEL);
  });

  it("gives a typed name as it is, without 'Stand #' before it: only a number is titled so", () => {
    expect(standTitle({ standNumber: 'B7', label: 'B7' })).toBe('Stand #B7');
    expect(standTitle({ standNumber: '12a', label: '12a' })).toBe('Stand #12a');
    expect(standTitle({ standNumber: 'Waffelstand', label: 'Waffelstand' })).toBe('Waffelstand');
    expect(standTitle({ standNumber: 'Nr. 17 – Hinterhof der Bäckerei', label: 'x' })).toBe('Nr. 17 – Hinterhof der Bäckerei');
    expect(standTitle({ standNumber: 'Garage hinter dem blauen Tor', label: 'x' })).toBe('Garage hinter dem blauen Tor');
  });

  it("never doubles what the value says itself: 'Stand12' and 'Nr.5' stay as typed, '#4' is 'Stand #4'", () => {
    expect(standTitle({ standNumber: 'Stand12', label: 'Stand12' })).toBe('Stand12');
    expect(standTitle({ standNumber: 'Nr.5', label: 'Nr.5' })).toBe('Nr.5');
    expect(standTitle({ standNumber: '#4', label: '#4' })).toBe('Stand #4');
    expect(standTitle({ standNumber: 'A-3', label: 'A-3' })).toBe('Stand #A-3');
  });
});

describe('standLabel', () => {
  const stand = { standNumber: null, address: null, exhibitor: null, guestFirstName: null, guestLastName: null };

  it('is the number, else the address as the reader sees it, else the display name, else "Stand ohne Nummer"', () => {
    expect(standLabel({ ...stand, standNumber: ' 7 ', address: ADDRESS })).toBe('7');
    expect(standLabel({ ...stand, address: ADDRESS })).toBe('Hohe Straße 12');
    expect(standLabel({ ...stand, address: { ...ADDRESS, houseNumber: null } })).toBe('Hohe Straße');
    expect(standLabel({ ...stand, exhibitor: { firstName: 'Anna', lastName: 'becker' } })).toBe('Anna B.');
    expect(standLabel({ ...stand, guestFirstName: 'Gerda' })).toBe('Gerda');
    expect(standLabel(stand)).toBe(UNNUMBERED_STAND_LABEL);
  });

  it('writes the address on one line, with or without its house number', () => {
    expect(streetLine(ADDRESS)).toBe('Hohe Straße 12');
    expect(addressLine({ ...ADDRESS, houseNumber: null })).toBe('Hohe Straße, 50667 Köln');
  });

  it('orders house numbers by their number, then the rest', () => {
    expect(
      ['12a', '2', '12', '10-12'].sort(
        (a, b) => houseNumberOrder(a)[0] - houseNumberOrder(b)[0] || houseNumberOrder(a)[1].localeCompare(houseNumberOrder(b)[1]),
      ),
    ).toEqual(['2', '10-12', '12', '12a']);
  });
});
