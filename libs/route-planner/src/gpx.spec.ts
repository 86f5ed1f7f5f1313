import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { GPX_ROUTE_NAME_MAX, GPX_STRAIGHT_TRACK, GPX_STREET_TRACK, GPX_WAYPOINT_NAME_MAX, toGpx, waypointDescription } from './gpx.js';
import { gpxProblems } from './testing/gpx-schema.js';
import { randomStops } from './testing/random-stops.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => ['wpt', 'trkpt'].includes(name),
  parseAttributeValue: false,
});
type TParsed = {
  gpx: {
    metadata: { name: string };
    wpt: Array<{ lat: string; lon: string; name: string; desc?: string }>;
    trk: { name: string; desc: string; trkseg: { trkpt: Array<{ lat: string; lon: string }> } };
  };
};
const parse = (xml: string) => parser.parse(xml) as TParsed;

const HOME = { lat: 50.94, lng: 6.92 };
const stops = randomStops(5, 2).map((stop, i) => ({ ...stop, label: `Hohe Straße ${10 + i}`, categories: i % 2 ? ['Bücher', 'Taschen & Rucksäcke'] : [] }));

describe('toGpx', () => {
  it('is GPX 1.1 as the schema lays it out', () => {
    const xml = toGpx({
      name: 'Hofflohmarkt Ehrenfeld',
      stops,
      start: HOME,
      loop: true,
      linkFor: (id) => `https://flohmarkt.example/stands/${id}?a=1&b=2`,
      time: new Date('2025-06-01T08:00:00Z'),
    });
    expect(gpxProblems(xml)).toEqual([]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1"')).toBe(true);
  });

  it('has one waypoint per stand, named by its label and described by position, label and categories', () => {
    const gpx = parse(toGpx({ name: 'Runde', stops, start: HOME, loop: false })).gpx;
    expect(gpx.wpt.map((w) => w.name)).toEqual(['Hohe Straße 10', 'Hohe Straße 11', 'Hohe Straße 12', 'Hohe Straße 13', 'Hohe Straße 14']);
    expect(gpx.wpt.map((w) => w.desc)).toEqual([
      '1. Halt: Hohe Straße 10',
      '2. Halt: Hohe Straße 11 – Bücher, Taschen & Rucksäcke',
      '3. Halt: Hohe Straße 12',
      '4. Halt: Hohe Straße 13 – Bücher, Taschen & Rucksäcke',
      '5. Halt: Hohe Straße 14',
    ]);
    expect(gpx.wpt.map((w) => [Number(w.lat), Number(w.lon)])).toEqual(stops.map((s) => [Number(s.lat.toFixed(7)), Number(s.lng.toFixed(7))]));
    expect(waypointDescription({ label: 'Stand ohne Nummer', categories: ['Deko'] }, 7)).toBe('7. Halt: Stand ohne Nummer – Deko');
  });

  it('shortens a long market name and a 50-character stand number at a word, and stays valid GPX', () => {
    const name = `Meine Runde – ${'Großer Hof- und Straßenflohmarkt rund um den Rathenauplatz '.repeat(4)}`.slice(0, 214);
    const long = stops.map((stop) => ({
      ...stop,
      label: 'Hofeinfahrt Merowingerstraße Ecke Volksgartenstraße gegenüber',
      categories: ['Bücher', 'Kinderkleidung'],
    }));
    const xml = toGpx({ name, stops: long, loop: false });
    expect(gpxProblems(xml)).toEqual([]);
    const gpx = parse(xml).gpx;
    expect(gpx.metadata.name.length).toBeLessThanOrEqual(GPX_ROUTE_NAME_MAX);
    expect(gpx.metadata.name).toMatch(/^Meine Runde – Großer Hof- und .* (Straßenflohmarkt|rund|um|den|Rathenauplatz|Großer|Hof-|und)…$/u);
    expect(gpx.wpt[0].name).toBe('Hofeinfahrt Merowingerstraße Ecke Volksgartenstraße…');
    expect(gpx.wpt[0].name.length).toBeLessThanOrEqual(GPX_WAYPOINT_NAME_MAX);
    expect(gpx.wpt[0].desc).toBe('1. Halt: Hofeinfahrt Merowingerstraße Ecke Volksgartenstraße gegenüber – Bücher, Kinderkleidung');
  });

  it('says its track is drawn as the crow flies ("Luftlinie")', () => {
    expect(parse(toGpx({ name: 'Runde', stops, loop: false })).gpx.trk.desc).toBe(GPX_STRAIGHT_TRACK);
  });

  it("follows a routing server's path where one is given, and says so", () => {
    const path = [HOME, { lat: HOME.lat + 0.0004, lng: HOME.lng }, ...stops, HOME];
    const xml = toGpx({ name: 'Runde', stops, start: HOME, loop: true, path });
    expect(gpxProblems(xml)).toEqual([]);
    const gpx = parse(xml).gpx;
    expect(gpx.trk.desc).toBe(GPX_STREET_TRACK);
    expect(gpx.trk.trkseg.trkpt.map((p) => [Number(p.lat), Number(p.lon)])).toEqual(path.map((p) => [Number(p.lat.toFixed(7)), Number(p.lng.toFixed(7))]));
    // The waypoints stay the stands, whatever the path.
    expect(gpx.wpt).toHaveLength(stops.length);
    // An empty or broken path is no path: straight lines again.
    expect(parse(toGpx({ name: 'Runde', stops, loop: false, path: [{ lat: 91, lng: 0 }, HOME] })).gpx.trk.desc).toBe(GPX_STRAIGHT_TRACK);
  });

  it('has one track in visiting order from the start, back to it for a round trip', () => {
    const coordinates = (xml: string) => parse(xml).gpx.trk.trkseg.trkpt.map((p) => [Number(p.lat), Number(p.lon)]);
    const there = [HOME, ...stops].map((p) => [Number(p.lat.toFixed(7)), Number(p.lng.toFixed(7))]);
    expect(coordinates(toGpx({ name: 'Runde', stops, start: HOME, loop: false }))).toEqual(there);
    expect(coordinates(toGpx({ name: 'Runde', stops, start: HOME, loop: true }))).toEqual([...there, there[0]]);
    // Starting at the first stand: the track begins there.
    expect(coordinates(toGpx({ name: 'Runde', stops, loop: false }))).toEqual(there.slice(1));
  });

  it('escapes text and drops characters XML cannot hold', () => {
    const hostile = [{ id: 'x', lat: 50.9, lng: 6.9, label: '<7> & "8"', categories: ["Kunst & Krempel's"] }];
    const xml = toGpx({ name: 'Markt <b>"A&B"</b>\u0000\u0007 ok', stops: hostile });
    expect(gpxProblems(xml)).toEqual([]);
    const gpx = parse(xml).gpx;
    expect(gpx.metadata.name).toBe('Markt <b>"A&B"</b> ok');
    expect(gpx.wpt[0]!.name).toBe('<7> & "8"');
    expect(gpx.wpt[0]!.desc).toBe('1. Halt: <7> & "8" – Kunst & Krempel\'s');
    expect(xml).not.toContain('<b>');
  });

  it('writes 180° east as -180° (the schema allows -180 ≤ lon < 180) and needs no stops', () => {
    const xml = toGpx({ name: 'Datumsgrenze', stops: [{ id: 'a', lat: -16.5, lng: 180, label: 'Stand ohne Nummer' }] });
    expect(gpxProblems(xml)).toEqual([]);
    expect(parse(xml).gpx.wpt[0]!.lon).toBe('-180');
    expect(gpxProblems(toGpx({ name: 'Leer', stops: [] }))).toEqual([]);
  });

  it('the checker itself notices a broken file', () => {
    expect(gpxProblems('<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" creator="x"><trk/><wpt lat="1" lon="2"/></gpx>')).toEqual([
      '<wpt> is not allowed at this place in <gpx>',
    ]);
    expect(gpxProblems('<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1" creator="x"><wpt lat="91" lon="2"/></gpx>')).toEqual([
      '<wpt> lat="91" is no latitude',
    ]);
    expect(gpxProblems('<gpx><wpt></gpx>')[0]).toMatch(/^not well-formed/);
  });
});
