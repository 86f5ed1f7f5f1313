import { describe, expect, it } from 'vitest';
import { gazetteer } from '../offline/default.js';
import { addressParts, spellOutStreet } from './address-parts.js';
import { indexAddress, indexStreet } from './indexed-address.js';

const COLOGNE = { lat: 50.9375, lng: 6.9603 };

describe('addressParts (a location text as organisers write it)', () => {
  it.each([
    ['Hauptstraße 5, 50667 Köln', { street: 'Hauptstraße', houseNumber: '5', postcode: '50667', townText: 'Köln' }],
    ['Kölner Str. 12 Düsseldorf', { street: 'Kölner Straße', houseNumber: '12', postcode: null, townText: 'Düsseldorf' }],
    ['Am Markt 12 a, Kiel', { street: 'Am Markt', houseNumber: '12a', postcode: null, townText: null }],
    ['Marktplatz, Bonn', { street: 'Marktplatz', houseNumber: null, postcode: null, townText: null }],
    ['Straße des 17. Juni 100, 10623 Berlin', { street: 'Straße des 17. Juni', houseNumber: '100', postcode: '10623', townText: 'Berlin' }],
    ['Mauerpark, Bernauer Straße 63–64, 13355 Berlin', { street: 'Bernauer Straße', houseNumber: '63–64', postcode: '13355', townText: 'Berlin' }],
    ['Parkplatz am Kaufland, Musterweg 3, 50667', { street: 'Musterweg', houseNumber: '3', postcode: '50667', townText: null }],
    // Nominatim's display name: the house number before the street, the postcode near the end.
    [
      '5, Hauptstraße, Altstadt-Nord, Köln, Nordrhein-Westfalen, 50667, Deutschland',
      { street: 'Hauptstraße', houseNumber: '5', postcode: '50667', townText: null },
    ],
  ])('reads %j', (text, expected) => {
    expect(addressParts(text)).toMatchObject(expected);
  });

  it.each(['Rheinaue', 'Schulhof der Grundschule', 'Köln', '50667 Köln', 'Parkplatz am Kaufland'])('finds no street in %j', (text) => {
    expect(addressParts(text)).toBeNull();
  });

  it('spells Str. out for display', () => {
    expect(spellOutStreet('Hauptstr.')).toBe('Hauptstraße');
    expect(spellOutStreet('Kölner Str.')).toBe('Kölner Straße');
    expect(spellOutStreet('Bahnhofstraße')).toBe('Bahnhofstraße');
  });
});

describe('indexAddress (the town decided with the gazetteer)', () => {
  const places = gazetteer();

  it('takes the town next to the postcode and keys everything', () => {
    expect(indexAddress('Hauptstraße 5, 50667 Köln', COLOGNE, places)).toEqual({
      street: 'Hauptstraße',
      streetKey: 'hauptstrasse',
      streetLoose: 'hauptstrasse',
      houseNumber: '5',
      postcode: '50667',
      town: 'Köln',
      townKey: 'koeln',
      townLoose: 'koln',
    });
  });

  it("picks the postcode's place among Nominatim's parts, not the quarter before it", () => {
    expect(indexAddress('5, Hauptstraße, Altstadt-Nord, Köln, Nordrhein-Westfalen, 50667, Deutschland', COLOGNE, places)?.town).toBe('Köln');
  });

  it("takes the postcode's place when no town is written, and the town at the point when neither is", () => {
    expect(indexAddress('Musterweg 12, 50667', null, places)?.town).toBe('Köln');
    expect(indexAddress('Musterweg 12', COLOGNE, places)?.town).toBe('Köln');
    // A Berlin district's point belongs to Berlin.
    expect(indexAddress('Bergmannstraße 3', { lat: 52.4894, lng: 13.3953 }, places)?.town).toBe('Berlin');
  });

  it('indexes a named spot before its town like a street', () => {
    expect(indexAddress('Theresienwiese, 80336 München', { lat: 48.1317, lng: 11.5497 }, places)).toMatchObject({
      street: 'Theresienwiese',
      postcode: '80336',
      town: 'München',
    });
    expect(indexAddress('Domplatte, Köln', COLOGNE, places)).toMatchObject({ street: 'Domplatte', postcode: null, town: 'Köln' });
    // A town and its state, or a town alone, is no spot.
    expect(indexAddress('Köln, Nordrhein-Westfalen', COLOGNE, places)).toBeNull();
    expect(indexAddress('Köln', COLOGNE, places)).toBeNull();
  });

  it('indexes nothing without a street, or without any town to put it in', () => {
    expect(indexAddress('Schulhof der Grundschule', { lat: 50.71, lng: 7.15 }, places)).toBeNull();
    expect(indexAddress('Schulhof, Grundschule am Bach', { lat: 50.71, lng: 7.15 }, places)).toBeNull();
    expect(indexAddress('Musterweg 12', null, places)).toBeNull();
    expect(indexAddress('Musterweg 12', { lat: 55.5, lng: 3 }, places)).toBeNull();
  });

  it("learns no street whose point is only its town's or postcode's middle (found without the street, kept so)", () => {
    const berlin = places.search('10969 Berlin', 1)[0]!;
    expect(indexAddress('Friedrichstraße 20, 10969 Berlin', { lat: berlin.lat, lng: berlin.lng }, places)).toBeNull();
    // As the database gives it back, rounded.
    expect(indexAddress('Friedrichstraße 20, 10969 Berlin', { lat: berlin.lat + 0.000004, lng: berlin.lng - 0.000004 }, places)).toBeNull();
    const cologne = places.search('50667 Köln', 1)[0]!;
    expect(indexAddress('Hohe Straße 12, 50667 Köln', { lat: cologne.lat, lng: cologne.lng }, places)).toBeNull();
    // Some 50 m away, where an organiser set it on the map: learned.
    expect(indexAddress('Hohe Straße 12, 50667 Köln', { lat: cologne.lat + 0.0005, lng: cologne.lng }, places)?.street).toBe('Hohe Straße');
  });
});

describe('indexStreet (a street the geocoder named for a stand)', () => {
  const places = gazetteer();

  it('takes the street as it is, without reading it as a text, and the town the geocoder named', () => {
    // 'Kurfürstendamm' has no street word: as a location text it would read as no street.
    expect(indexStreet('Kurfürstendamm', { postcode: '10719', town: 'Berlin', point: { lat: 52.5025, lng: 13.3285 } }, places)).toMatchObject({
      street: 'Kurfürstendamm',
      streetKey: 'kurfuerstendamm',
      houseNumber: null,
      postcode: '10719',
      town: 'Berlin',
      townKey: 'berlin',
    });
  });

  it("falls back to the postcode's place, then to the town at the point", () => {
    expect(indexStreet('Hohe Str.', { postcode: '50667', town: null, point: COLOGNE }, places)).toMatchObject({ street: 'Hohe Straße', town: 'Köln' });
    expect(indexStreet('Hohe Straße', { postcode: null, town: null, point: COLOGNE }, places)).toMatchObject({ postcode: null, town: 'Köln' });
    // Not a German postcode: dropped, not searched by.
    expect(indexStreet('Hohe Straße', { postcode: 'D-5066', town: '  ', point: COLOGNE }, places)).toMatchObject({ postcode: null, town: 'Köln' });
  });

  it('indexes nothing without letters in the street or a town', () => {
    expect(indexStreet('–', { postcode: null, town: 'Köln', point: COLOGNE }, places)).toBeNull();
    expect(indexStreet('Hohe Straße', { postcode: null, town: null, point: { lat: 0, lng: -30 } }, places)).toBeNull();
  });

  it("indexes nothing at a town's middle", () => {
    const cologne = places.search('Köln', 1)[0]!;
    expect(indexStreet('Hohe Straße', { postcode: '50667', town: 'Köln', point: { lat: cologne.lat, lng: cologne.lng } }, places)).toBeNull();
  });
});

describe('what the address search may offer others', () => {
  it.each(['Straße des 17. Juni', 'St.-Anna-Platz', "Auf'm Hennekamp", 'Am Wall (Nord)', 'Hohenzollernring', 'Ludwig-Erhard-Allee', 'Q 7'])(
    'offers the street %j',
    (street) => {
      expect(indexStreet(street, { postcode: '50667', town: 'Köln', point: COLOGNE })?.street).toBe(street);
    },
  );

  it.each([
    'Venloer Straße – Gewinnspiel auf evil.example',
    'Venloer Straße, jetzt gewinnen!',
    'Hauptstraße www.evil.example',
    'Gratis: https://evil.example/login',
    'Eine Straße mit einem Namen, der viel länger ist als jede Straße in Deutschland',
  ])('keeps %j out of the index (the stand or market keeps its text)', (street) => {
    expect(indexStreet(street, { postcode: '50667', town: 'Köln', point: COLOGNE })).toBeNull();
    // In a market's location text a comma ends the street: what may come into the index is a plain street at most.
    expect(indexAddress(`${street} 5, 50667 Köln`, COLOGNE)?.street ?? '').not.toMatch(/gewinn|evil|länger|gratis/i);
  });

  it('keeps a town that reads as an advertisement out too', () => {
    expect(indexStreet('Venloer Straße', { postcode: null, town: 'Köln – evil.example', point: COLOGNE })).toBeNull();
  });
});
