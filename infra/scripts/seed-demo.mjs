#!/usr/bin/env node
/**
 * `npm run seed:demo`: fills an empty product with demo data for people trying it out: organisers,
 * exhibitors with profiles, a dozen upcoming flea markets in German cities and their stands (most
 * approved, a few waiting for the organiser, a few guest registrations to review).
 *
 * It talks to a running product through its public API only (PUBLIC_URL, default
 * http://localhost:8080) and signs the demo people in through the development identity provider,
 * exactly as a browser would. It refuses to run when events exist already, unless --force.
 *
 *   PUBLIC_URL=http://localhost:8080 node infra/scripts/seed-demo.mjs [--force]
 */
import {
  ACTIVITY_CATEGORIES,
  APPROVE_STAND,
  CREATE_EVENT,
  CREATE_EXHIBITOR_PROFILE,
  CREATE_GUEST_STAND,
  FOOD_CATEGORIES,
  GET_SESSION_USER,
  LIST_EVENTS,
  LIST_EXHIBITOR_PROFILES,
  REGISTER_STAND,
  SIGN_IN,
  STAND_CATEGORIES,
  TIME_ZONE,
  UPDATE_EVENT,
  UPDATE_EXHIBITOR_PROFILE,
  berlinDay,
  publicCallPath,
  publicCallQuery,
  standDistanceError,
} from '@flohmarkt/contracts';
import { HttpSession } from '@flohmarkt/launcher/http-session';
import { createRandom } from '@flohmarkt/route-planner';
import { setTimeout as sleep } from 'node:timers/promises';

const PUBLIC_URL = (process.env.PUBLIC_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const FORCE = process.argv.includes('--force');
const say = (line = '') => process.stdout.write(`${line}\n`);
const complain = (line) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------
// The demo people. E-mails under example.org (reserved for examples: nobody receives them).

const ORGANISERS = {
  sabine: { firstName: 'Sabine', lastName: 'Lehmann', email: 'sabine.lehmann@example.org' },
  joerg: { firstName: 'Jörg', lastName: 'Petersen', email: 'joerg.petersen@example.org' },
  claudia: { firstName: 'Claudia', lastName: 'Huber', email: 'claudia.huber@example.org' },
  mehmet: { firstName: 'Mehmet', lastName: 'Yıldız', email: 'mehmet.yildiz@example.org' },
};

/**
 * Exhibitors: what they sell (categories, food, activities: the contracts' lists; whether they take
 * PayPal), how they describe their stand, and their profile (null: no profile yet, as with real new users).
 */
const EXHIBITORS = [
  {
    name: ['Anna', 'Schneider'],
    sells: { categories: ['Bücher', 'Zeitschriften'], payPal: true },
    descriptions: [
      'Krimis, Romane und Kinderbücher, fast alles für 1–3 €.',
      'Kisten voller Taschenbücher, Bildbände und alte GEO-Hefte. Stöbern ausdrücklich erwünscht!',
    ],
    profile: {
      bio: 'Leseratte aus Prenzlauer Berg. Meine Regale sind voll, deshalb dürfen die Bücher weiterziehen.',
      specialties: ['Krimis', 'Kinderbücher', 'Bildbände'],
    },
  },
  {
    name: ['Lukas', 'Weber'],
    sells: { categories: ['Schallplatten', 'CDs'], payPal: true },
    descriptions: [
      'Vinyl aus Jazz, Krautrock und Soul – alle Platten abgespielt und gereinigt.',
      'Schallplatten und Maxi-Singles der 70er und 80er, dazu CDs zum Kilopreis.',
    ],
    profile: {
      bio: 'Sammle seit 25 Jahren Platten und trenne mich endlich von Doppelten. Probehören am Stand mit Plattenspieler.',
      specialties: ['Jazz', 'Krautrock', 'Erstpressungen'],
    },
  },
  {
    name: ['Marie', 'Fischer'],
    sells: { categories: ['Kinderkleidung', 'Spielzeug', 'Kinderspielzeug'], activities: ['Basteln'] },
    descriptions: [
      'Gut erhaltene Kinderkleidung Gr. 86–140 und Holzspielzeug. Bastelecke für die Kleinen.',
      'Kinderkleidung nach Größen sortiert, Puzzles und Holzeisenbahn.',
    ],
    profile: { bio: 'Zwei Kinder, viel zu viele Bodys. Alles gewaschen und nach Größen sortiert.', specialties: ['Kinderkleidung', 'Holzspielzeug'] },
  },
  {
    name: ['Jonas', 'Wagner'],
    sells: { categories: ['Videospiele & Konsolen', 'Elektronik'], payPal: true },
    descriptions: [
      'Retro-Konsolen, Game-Boy-Spiele und Zubehör – alles getestet.',
      'Videospiele für Super Nintendo, PlayStation und Game Boy, dazu Kabel und Controller.',
    ],
    profile: { bio: 'Retro-Gamer mit zu großem Keller. Jede Konsole wird vor dem Markt getestet.', specialties: ['Retro-Konsolen', 'Game Boy', 'Zubehör'] },
  },
  {
    name: ['Sophie', 'Becker'],
    sells: { categories: ['Vintage', 'Kleidung', 'Taschen & Rucksäcke'], payPal: true },
    descriptions: [
      'Vintage-Mode aus den 70ern bis 90ern: Lederjacken, Blusen, Handtaschen.',
      'Ausgesuchte Second-Hand-Kleidung und Ledertaschen, Umkleide vorhanden.',
    ],
    profile: {
      bio: 'Ich liebe Mode mit Geschichte und gebe ausgewählte Stücke zu fairen Preisen weiter.',
      specialties: ['70er-Jahre-Mode', 'Lederjacken', 'Handtaschen'],
    },
  },
  {
    name: ['Felix', 'Hoffmann'],
    sells: { categories: ['Werkzeug', 'Garten', 'Fahrradzubehör'] },
    descriptions: [
      'Handwerkzeug, Gartengeräte und Fahrradteile aus Werkstattauflösung.',
      'Werkzeug aller Art: Zangen, Schraubendreher, Sägen, dazu Fahrradschläuche und Lampen.',
    ],
    profile: { bio: 'Hobbyschrauber. Was ich doppelt habe, kommt auf den Flohmarkt.', specialties: ['Handwerkzeug', 'Fahrradteile'] },
  },
  {
    name: ['Emma', 'Schäfer'],
    sells: { categories: ['Haushaltswaren', 'Deko'], food: ['Kuchen', 'Heißgetränke'] },
    descriptions: [
      'Sammeltassen, Emaille und Keramik aus Omas Schrank – dazu selbstgebackener Kuchen und Kaffee.',
      'Geschirr, Gläser und Deko, außerdem Kaffee und Kuchen gegen Spende.',
    ],
    profile: { bio: 'Haushaltsauflösung mit Liebe zum Detail. Kaffee gibt es bei mir immer.', specialties: ['Sammeltassen', 'Emaille', 'Keramik'] },
  },
  {
    name: ['Paul', 'Koch'],
    sells: { categories: ['Antiquitäten', 'Möbel'], payPal: true },
    descriptions: [
      'Kleinmöbel, Lampen und Antiquitäten aus der Gründerzeit bis in die 60er.',
      'Antiquitäten und Kleinmöbel – Transport in der Nähe nach Absprache.',
    ],
    profile: { bio: 'Restauriere alte Möbel in meiner Werkstatt und verkaufe, was fertig ist.', specialties: ['Kleinmöbel', 'Jugendstil', 'Lampen'] },
  },
  {
    name: ['Lena', 'Bauer'],
    sells: { categories: ['Schmuck & Uhren', 'Handwerk'], payPal: true },
    descriptions: ['Silberschmuck, alte Armbanduhren und selbstgemachte Ohrringe.', 'Handgemachter Schmuck und Vintage-Uhren, kleine Reparaturen vor Ort.'],
    profile: { bio: 'Goldschmiedin in Ausbildung. Neben Vintage-Stücken verkaufe ich eigene Arbeiten.', specialties: ['Silberschmuck', 'Armbanduhren'] },
  },
  {
    name: ['Maximilian', 'Richter'],
    sells: { categories: ['Münzen & Briefmarken', 'Modellbau'], activities: ['Infostand'] },
    descriptions: [
      'Briefmarken, Münzen und Modelleisenbahn H0 – Beratung für Einsteiger.',
      'Briefmarkenalben, Münzsätze und Modellbau-Bausätze, Sammlerlupe liegt bereit.',
    ],
    profile: {
      bio: 'Philatelist seit der Schulzeit. Ich helfe gern beim Einschätzen geerbter Sammlungen.',
      specialties: ['Briefmarken', 'Modelleisenbahn H0'],
    },
  },
  {
    name: ['Hannah', 'Klein'],
    sells: { categories: ['Kunst', 'Deko'] },
    descriptions: ['Druckgrafik, Bilderrahmen und Kunstpostkarten.', 'Bilder, Rahmen und Drucke – Originale von Hobbymalerinnen aus der Nachbarschaft.'],
    profile: { bio: 'Illustratorin. Auf dem Flohmarkt verkaufe ich Drucke, Rahmen und Fundstücke.', specialties: ['Druckgrafik', 'Bilderrahmen'] },
  },
  {
    name: ['Leon', 'Wolf'],
    sells: { categories: ['Sport', 'Fahrradzubehör'] },
    descriptions: ['Sportsachen: Ski, Inliner, Zelte und Fahrradhelme.', 'Camping- und Sportausrüstung, kaum benutzt.'],
    profile: null,
  },
  {
    name: ['Mia', 'Neumann'],
    sells: { categories: ['Kleidung', 'Schuhe', 'Mädchen'], payPal: true },
    descriptions: ['Damenmode Gr. 36–40, Sneaker und Mädchenkleidung.', 'Kleiderschrank ausgemistet: Kleider, Jacken und Schuhe in gutem Zustand.'],
    profile: { bio: 'Kleiderschrank zu voll, Geldbeutel zu leer – alles in gutem Zustand.', specialties: ['Damenmode', 'Sneaker'] },
  },
  {
    name: ['Ben', 'Schwarz'],
    sells: { categories: ['Gesellschaftsspiele', 'DVDs', 'Blue-Rays'], activities: ['Dosenwerfen'] },
    descriptions: ['Brettspiele (vollständig!), DVDs und Blu-rays. Dosenwerfen für Kinder.', 'Gesellschaftsspiele aller Art und Filmklassiker auf DVD.'],
    profile: { bio: 'Spieleabend-Veranstalter. Jedes Spiel ist auf Vollständigkeit geprüft.', specialties: ['Brettspiele', 'Filmklassiker'] },
  },
  {
    name: ['Lea', 'Zimmermann'],
    sells: { categories: ['Kinderkleidung', 'Jungen', 'Mädchen'], food: ['Waffeln', 'Kaltgetränke'], activities: ['Schminken'] },
    descriptions: ['Kinderkleidung für Jungen und Mädchen, frische Waffeln und Kinderschminken.', 'Kindersachen, Waffeln mit Puderzucker und Limonade.'],
    profile: { bio: 'Elternbeirat der Kita Sonnenschein – der Erlös geht in den Spielplatz.', specialties: ['Kinderkleidung', 'Waffeln'] },
  },
  {
    name: ['Elias', 'Braun'],
    sells: { categories: ['Musikinstrumente', 'Schallplatten'], payPal: true },
    descriptions: ['Gitarren, Effektgeräte und Noten, dazu ein paar Rock-Platten.', 'Musikinstrumente und Zubehör – Anspielen erlaubt.'],
    profile: { bio: 'Gitarrenlehrer. Instrumente aus dem Unterricht suchen ein neues Zuhause.', specialties: ['Gitarren', 'Effektgeräte', 'Noten'] },
  },
  {
    name: ['Clara', 'Krüger'],
    sells: { categories: ['Tierbedarf', 'Haushaltswaren', 'Verschiedenes'], food: ['Süßigkeiten'] },
    descriptions: [
      'Tierbedarf, Haushaltswaren und Krimskrams, dazu selbstgemachte Bonbons.',
      'Von allem etwas: Katzenkörbe, Küchenhelfer, Bücher und Bonbons.',
    ],
    profile: null,
  },
  {
    name: ['Noah', 'Hartmann'],
    sells: { categories: ['Autozubehör', 'Werkzeug', 'Elektronik'] },
    descriptions: ['Autozubehör, Werkzeug und Elektronik aus Garagenauflösung.', 'Oldtimer-Zubehör, Messgeräte und Werkzeugkoffer.'],
    profile: { bio: 'Schraube an alten Autos und verkaufe, was übrig bleibt.', specialties: ['Oldtimer-Zubehör', 'Messgeräte'] },
  },
].map(({ name: [firstName, lastName], sells, ...rest }) => ({
  firstName,
  lastName,
  ...sells,
  ...rest,
  email: `${ascii(firstName)}.${ascii(lastName)}@example.org`,
}));

/** Guest registrations, people without an account: first and last name, description, categories, and what else they offer. */
const GUESTS = [
  ['Helga', 'Brandt', 'Haushaltsauflösung: Geschirr, Bettwäsche und Bücher.', ['Haushaltswaren', 'Bücher']],
  ['Uwe', null, 'Alte Werkzeuge und Angelzubehör aus dem Schuppen.', ['Werkzeug', 'Sport']],
  ['Renate', 'Vogel', 'Handgestrickte Socken, Mützen und Schals.', ['Handwerk', 'Kleidung']],
  ['Dieter', 'Krause', 'Briefmarken und Postkarten aus Nachlass.', ['Münzen & Briefmarken']],
  ['Gül', 'Aydın', 'Kinderkleidung und Babyausstattung, alles sehr gut erhalten.', ['Kinderkleidung'], { food: ['sonstige Speisen'] }],
  ['Karl-Heinz', 'Schulte', 'Schallplatten Schlager und Volksmusik, Kiste 1 €.', ['Schallplatten']],
  ['Ingrid', null, 'Deko, Kerzenständer und Weihnachtsschmuck.', ['Deko']],
  ['Jannik', 'Meyer', 'Comics, Mangas und Sammelkarten.', ['Bücher', 'Verschiedenes'], { payPal: true }],
].map(([guestFirstName, guestLastName, description, categories, more]) => ({ guestFirstName, guestLastName, description, categories, ...more }));

// ---------------------------------------------------------------------------------------------
// The markets: real places, upcoming weekends (0 = the next one), Europe/Berlin times.

const RULES_DEFAULT = 'Aufbau ab eine Stunde vor Beginn. Keine Neuware, keine gewerblichen Händler. Bitte nehmt euren Müll wieder mit.';

/** What each market's `plan` and `place` hold, in order (the markets below as table rows). */
const MARKET_PLAN = ['organiser', 'weekend', 'day', 'from', 'to', 'stands', 'guests'];
const MARKET_PLACE = ['city', 'location', 'latitude', 'longitude'];

/** Besides name, plan, place and texts, optionally: the contact phone, a website, `closed` (registration closes once the stands are in). */
const MARKETS = [
  {
    name: 'Flohmarkt im Mauerpark',
    plan: ['sabine', 0, 'So', '10:00', '18:00', 18, 2],
    place: ['Berlin', 'Mauerpark, Bernauer Straße 63–64, 13355 Berlin', 52.5409, 13.4017],
    description: 'Der Klassiker am Sonntag: Trödel, Vintage und Kurioses zwischen Mauerstreifen und Amphitheater. Am Nachmittag Karaoke nebenan.',
    rules: 'Standaufbau ab 8:00 Uhr. Keine Neuware. Fahrzeuge nur zum Be- und Entladen auf die Wege.',
    phone: '030 23125 101',
    website: true,
  },
  {
    name: 'Trödelmarkt Straße des 17. Juni',
    plan: ['sabine', 1, 'Sa', '10:00', '17:00', 12, 0],
    place: ['Berlin', 'Straße des 17. Juni 110–114, 10623 Berlin', 52.5131, 13.3318],
    description: 'Antiquitäten, Kunst und Trödel am S-Bahnhof Tiergarten – seit Jahrzehnten eine Berliner Institution.',
    rules: 'Feste Standplätze, die Anmeldung ist für diese Saison geschlossen.',
    closed: true,
    phone: '030 23125 102',
  },
  {
    name: 'Flohschanze',
    plan: ['joerg', 0, 'Sa', '08:00', '16:00', 15, 1],
    place: ['Hamburg', 'Neuer Kamp 30, 20357 Hamburg', 53.5562, 9.9685],
    description: 'Flohmarkt an der Rindermarkthalle im Schanzenviertel: Second Hand, Platten und Möbel, jeden Samstag.',
    rules: RULES_DEFAULT,
    phone: '040 66969 201',
    website: true,
  },
  {
    name: 'Flohmarkt auf der Theresienwiese',
    plan: ['claudia', 2, 'Sa', '07:00', '14:00', 20, 2],
    place: ['München', 'Theresienwiese, 80336 München', 48.1317, 11.5497],
    description: 'Großer Flohmarkt auf der Wiesn: nur private Verkäuferinnen und Verkäufer, von Kinderkleidung bis Omas Porzellan.',
    rules: 'Nur Privatverkauf, keine Neuware, kein Verkauf von Lebensmitteln ohne Anmeldung. Standbreite höchstens 4 m.',
    phone: '089 99998 301',
  },
  {
    name: 'Trödelmarkt am Aachener Weiher',
    plan: ['mehmet', 1, 'Sa', '08:00', '14:00', 11, 1],
    place: ['Köln', 'Am Aachener Weiher, 50674 Köln', 50.9365, 6.9297],
    description: 'Gemütlicher Samstagsflohmarkt im Grüngürtel, mit Blick auf den Weiher und Kaffee im Biergarten.',
    rules: RULES_DEFAULT,
    phone: '0221 4710 401',
    website: true,
  },
  {
    name: 'Flohmarkt an der Feinkost',
    plan: ['sabine', 2, 'So', '08:00', '15:00', 9, 1],
    place: ['Leipzig', 'Karl-Liebknecht-Straße 36, 04107 Leipzig', 51.3258, 12.3745],
    description: 'Hofflohmarkt auf dem Gelände der alten Feinkost-Fabrik in der Südvorstadt.',
    rules: 'Aufbau ab 7:00 Uhr im Hof. Bitte keine Autos auf dem Gelände abstellen.',
  },
  {
    name: 'Flohmarkt am Museumsufer',
    plan: ['claudia', 0, 'Sa', '09:00', '14:00', 14, 0],
    place: ['Frankfurt am Main', 'Schaumainkai, 60596 Frankfurt am Main', 50.1058, 8.6778],
    description: 'Flohmarkt am Mainufer zwischen Eisernem Steg und Holbeinsteg – mit Skyline-Blick.',
    rules: RULES_DEFAULT,
    phone: '069 90009 501',
  },
  {
    name: 'Elbeflohmarkt an der Albertbrücke',
    plan: ['sabine', 3, 'Sa', '07:00', '14:00', 10, 1],
    place: ['Dresden', 'Käthe-Kollwitz-Ufer, Albertbrücke, 01307 Dresden', 51.0548, 13.7572],
    description: 'Trödel am Elbufer unterhalb der Albertbrücke, jeden Samstag bei jedem Wetter.',
    rules: RULES_DEFAULT,
  },
  {
    name: 'Flohmarkt auf dem Karlsplatz',
    plan: ['claudia', 1, 'Sa', '08:00', '16:00', 8, 0],
    place: ['Stuttgart', 'Karlsplatz, 70173 Stuttgart', 48.7765, 9.1797],
    description: 'Antik- und Flohmarkt mitten in der Stadt, zwischen Altem Schloss und Markthalle.',
    rules: 'Schwerpunkt Antiquitäten und Sammlerstücke. Keine Neuware.',
  },
  {
    name: 'Trödelmarkt am Aquazoo',
    plan: ['mehmet', 4, 'Sa', '08:00', '16:00', 7, 0],
    place: ['Düsseldorf', 'Kaiserswerther Straße 380, 40474 Düsseldorf', 51.2597, 6.7451],
    description: 'Trödelmarkt auf dem Parkplatz am Aquazoo im Nordpark, gut erreichbar mit der U79.',
    rules: RULES_DEFAULT,
  },
  {
    name: 'Flohmarkt an der Bürgerweide',
    plan: ['joerg', 2, 'So', '08:00', '14:00', 13, 0],
    place: ['Bremen', 'Bürgerweide, 28209 Bremen', 53.0878, 8.8147],
    description: 'Sonntagsflohmarkt hinter dem Hauptbahnhof – einer der größten in Norddeutschland.',
    rules: RULES_DEFAULT,
    website: true,
  },
  {
    name: 'Altstadtflohmarkt am Hohen Ufer',
    plan: ['joerg', 3, 'Sa', '07:00', '16:00', 5, 0],
    place: ['Hannover', 'Am Hohen Ufer, 30159 Hannover', 52.3719, 9.7329],
    description: 'Deutschlands ältester Flohmarkt an der Leine, neben den Nanas von Niki de Saint Phalle.',
    rules: 'Aufbau ab 6:00 Uhr. Bitte die Uferwege für Radfahrende freihalten.',
  },
].map(({ plan, place, ...rest }) => ({ ...named(MARKET_PLAN, plan), ...named(MARKET_PLACE, place), ...rest }));

/** How many registered stands of a market stay waiting for the organiser (the rest are approved). */
const PENDING_EVERY = 7;
/** Guest stands that the organiser already approved (the others wait for review). */
const APPROVED_GUESTS = 2;

// ---------------------------------------------------------------------------------------------
// Helpers

/** A table row as an object: `columns` name its values in order. */
function named(columns, row) {
  return Object.fromEntries(columns.map((column, i) => [column, row[i]]));
}

function ascii(name) {
  return name
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[^a-z0-9-]/g, '');
}

/** Demo data must use the product's own category lists: a typo would be a 400 anyway, but say so clearly. */
function checkCategories() {
  const lists = [
    ['categories', STAND_CATEGORIES],
    ['food', FOOD_CATEGORIES],
    ['activities', ACTIVITY_CATEGORIES],
  ];
  for (const item of [...EXHIBITORS, ...GUESTS]) {
    for (const [field, list] of lists) {
      for (const value of item[field] ?? [])
        if (!list.includes(value)) throw new Error(`demo data: '${value}' is not in the ${field} list of @flohmarkt/contracts`);
    }
  }
}

function shuffled(list, rnd) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Minutes east of UTC in Berlin at an instant ('GMT+01:00' → 60). */
function berlinOffsetMinutes(date) {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ??
    'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** A Berlin wall-clock time on a calendar day (UTC midnight of that day) as an ISO instant. */
function berlinTime(day, hhmm) {
  const [h, m] = hhmm.split(':').map(Number);
  const wall = day.getTime() + (h * 60 + m) * 60_000;
  let instant = wall;
  // Twice: the offset at the first guess can differ on the night the clocks change.
  for (let i = 0; i < 2; i++) instant = wall - berlinOffsetMinutes(new Date(instant)) * 60_000;
  return new Date(instant).toISOString();
}

/** The next Saturday after today (Berlin), as UTC midnight of that day. */
function nextSaturday() {
  const day = new Date(`${berlinDay(new Date())}T00:00:00Z`);
  const ahead = (6 - day.getUTCDay() + 7) % 7 || 7;
  return new Date(day.getTime() + ahead * 86_400_000);
}

/** Stands in rows around the market's centre, about 30 m apart: a few hundred metres at most. */
function standPosition(market, index, rnd) {
  const perRow = 5;
  const row = Math.floor(index / perRow) - 2;
  const col = (index % perRow) - 2;
  const latitude = market.latitude + row * 0.00027 + (rnd() - 0.5) * 0.00008;
  const longitude = market.longitude + col * 0.0004 + (rnd() - 0.5) * 0.00008;
  const point = { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
  const tooFar = standDistanceError({ lat: market.latitude, lng: market.longitude }, { lat: point.latitude, lng: point.longitude });
  if (tooFar) throw new Error(`demo data: stand ${index} of ${market.name}: ${tooFar}`);
  return point;
}

class ApiError extends Error {}

/** The path of a call declared in @flohmarkt/contracts, with its path's values and its query string. */
const pathOf = (call, { params, query } = {}) => publicCallPath(call, params) + publicCallQuery(query);
const callName = (call, input) => `${call.method} ${pathOf(call, input)}`;

/** Sends a declared call (method and path from the declaration); answers { status, body }. */
function send(session, call, input = {}) {
  return session.json(call.method, pathOf(call, input), input.body);
}

/** A call that must succeed; answers the body. */
async function api(session, call, input) {
  const answer = await send(session, call, input);
  if (![200, 201, 204].includes(answer.status))
    throw new ApiError(`${callName(call, input)}: ${answer.status} ${answer.body?.message ?? JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * Signs a demo person in through the development identity provider. Sign-in starts are rate
 * limited per address: on a 429 it waits as long as the product asks and tries again.
 */
async function signIn(person) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const session = new HttpSession(PUBLIC_URL);
    const { res, url } = await session.follow(publicCallPath(SIGN_IN));
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after') ?? 60);
      await res.arrayBuffer();
      say(`  (zu viele Anmeldungen in kurzer Zeit – warte ${wait} s)`);
      await sleep(wait * 1000);
      continue;
    }
    const html = await res.text();
    if (!html.includes('name="email"')) throw new Error(`Anmeldung über ${url} nicht möglich (${res.status}). Läuft der Entwicklungs-Identitätsanbieter?`);
    await session.submitForm(html, url, { email: person.email, firstName: person.firstName, lastName: person.lastName });
    const me = await api(session, GET_SESSION_USER);
    return Object.assign(session, { userId: me.id });
  }
  throw new Error(`Anmeldung von ${person.email} wiederholt abgelehnt (429)`);
}

// ---------------------------------------------------------------------------------------------
// The run

async function refuseUnlessEmpty(visitor) {
  let answer;
  try {
    answer = await send(visitor, LIST_EVENTS);
  } catch (error) {
    complain(
      `Das Produkt ist unter ${PUBLIC_URL} nicht erreichbar (${error.cause?.code ?? error.cause?.message ?? error.message}). Läuft es (npm start)? PUBLIC_URL setzen, falls es woanders läuft.`,
    );
    process.exit(1);
  }
  if (answer.status !== 200) {
    complain(
      `${LIST_EVENTS.method} ${PUBLIC_URL}${publicCallPath(LIST_EVENTS)} antwortet ${answer.status}: ${answer.body?.message ?? ''} Bitte warten, bis das Produkt bereit ist, und erneut versuchen.`,
    );
    process.exit(1);
  }
  if (answer.body.length > 0 && !FORCE) {
    complain(`Abgebrochen: ${PUBLIC_URL} hat schon ${answer.body.length} Event(s). Die Demo-Daten sind für ein leeres Produkt gedacht.`);
    complain('Mit --force werden sie trotzdem zusätzlich angelegt.');
    process.exit(1);
  }
}

/** The exhibitor's profile; with --force on a product that has it already, it is updated instead. */
async function saveProfile(session, profile) {
  const answer = await send(session, CREATE_EXHIBITOR_PROFILE, { body: profile });
  if (answer.status === 201) return;
  if (answer.status !== 409) throw new ApiError(`${callName(CREATE_EXHIBITOR_PROFILE)}: ${answer.status} ${answer.body?.message}`);
  const [existing] = await api(session, LIST_EXHIBITOR_PROFILES, { query: { userId: session.userId } });
  await api(session, UPDATE_EXHIBITOR_PROFILE, { params: { id: existing.id }, body: profile });
}

/** Christmas and New Year: nobody holds a flea market then, so such a market moves a week on. */
function isHoliday(day) {
  const monthDay = day.toISOString().slice(5, 10);
  return ['12-24', '12-25', '12-26', '12-31', '01-01'].includes(monthDay);
}

function marketDay(market, firstSaturday) {
  let day = new Date(firstSaturday.getTime() + (market.weekend * 7 + (market.day === 'So' ? 1 : 0)) * 86_400_000);
  while (isHoliday(day)) day = new Date(day.getTime() + 7 * 86_400_000);
  return day;
}

function eventBody(market, firstSaturday) {
  const day = marketDay(market, firstSaturday);
  const organiser = ORGANISERS[market.organiser];
  const slug = ascii(market.name.replace(/\s+/g, '-'));
  return {
    name: market.name,
    description: market.description,
    rules: market.rules,
    location: market.location,
    latitude: market.latitude,
    longitude: market.longitude,
    startDateTime: berlinTime(day, market.from),
    endDateTime: berlinTime(day, market.to),
    contactEmail: organiser.email,
    contactPhone: market.phone ?? null,
    websiteUrl: market.website ? `https://example.org/flohmaerkte/${slug}` : null,
    websiteLinkText: market.website ? 'Mehr zum Markt' : null,
  };
}

async function main() {
  checkCategories();
  const visitor = new HttpSession(PUBLIC_URL);
  await refuseUnlessEmpty(visitor);
  // Seeded (the route planner's generator): the same demo data on every run.
  const rnd = createRandom(20260321);
  const counts = { events: 0, approved: 0, pending: 0, guests: 0, guestsPending: 0, profiles: 0 };

  say(`Demo-Daten für ${PUBLIC_URL}`);
  say(`Melde ${Object.keys(ORGANISERS).length} Organisator:innen und ${EXHIBITORS.length} Aussteller:innen an …`);
  const organisers = {};
  for (const [key, person] of Object.entries(ORGANISERS)) organisers[key] = await signIn(person);
  const exhibitors = [];
  for (const person of EXHIBITORS) {
    const session = await signIn(person);
    if (person.profile) {
      await saveProfile(session, person.profile);
      counts.profiles++;
    }
    exhibitors.push({ person, session });
  }

  const firstSaturday = nextSaturday();
  const created = [];
  let guestIndex = 0;
  say(`Lege ${MARKETS.length} Flohmärkte mit Ständen an …`);
  for (const [marketIndex, market] of MARKETS.entries()) {
    const organiser = organisers[market.organiser];
    const event = await api(organiser, CREATE_EVENT, { body: eventBody(market, firstSaturday) });
    counts.events++;
    created.push({ market, event });

    // Registered stands: a different mix of exhibitors at every market, one stand each.
    const sellers = shuffled(exhibitors, rnd).slice(0, Math.min(market.stands, exhibitors.length));
    const numbered = rnd() < 0.7;
    for (const [i, { person, session }] of sellers.entries()) {
      const stand = await api(session, REGISTER_STAND, {
        body: {
          eventId: event.id,
          standNumber: numbered && rnd() < 0.85 ? `${String.fromCharCode(65 + Math.floor(i / 8))}${(i % 8) + 1}` : null,
          description: person.descriptions[(marketIndex + i) % person.descriptions.length],
          categories: person.categories,
          foodCategories: person.food ?? [],
          activityCategories: person.activities ?? [],
          acceptsPayPal: Boolean(person.payPal),
          ...standPosition(market, i, rnd),
        },
      });
      // Most registrations are approved by the organiser; every seventh still waits for review.
      if ((marketIndex + i) % PENDING_EVERY === PENDING_EVERY - 1) counts.pending++;
      else {
        await api(organiser, APPROVE_STAND, { params: { id: stand.id } });
        counts.approved++;
      }
    }

    // Guest registrations (no account), sent anonymously like the public form does.
    let guestsHere = 0;
    for (let g = 0; g < market.guests && guestIndex < GUESTS.length; g++, guestIndex++) {
      const guest = GUESTS[guestIndex];
      const withPosition = guestIndex % 2 === 0;
      const answer = await send(visitor, CREATE_GUEST_STAND, {
        params: { id: event.id },
        body: {
          guestFirstName: guest.guestFirstName,
          guestLastName: guest.guestLastName,
          description: guest.description,
          categories: guest.categories,
          foodCategories: guest.food ?? [],
          acceptsPayPal: Boolean(guest.payPal),
          ...(withPosition ? standPosition(market, sellers.length + g, rnd) : { latitude: null, longitude: null }),
        },
      });
      if (answer.status === 429) {
        say('  (Gast-Anmeldungen gerade begrenzt – die übrigen Gaststände werden übersprungen)');
        guestIndex = GUESTS.length;
        break;
      }
      if (answer.status !== 201) throw new ApiError(`POST guest stand: ${answer.status} ${answer.body?.message}`);
      counts.guests++;
      guestsHere++;
      if (guestIndex < APPROVED_GUESTS) {
        await api(organiser, APPROVE_STAND, { params: { id: answer.body.id } });
        counts.approved++;
      } else counts.guestsPending++;
    }

    // Fixed pitches: registration closes once the stands are in (only the organiser adds more).
    if (market.closed) {
      const { name, location, startDateTime, endDateTime } = eventBody(market, firstSaturday);
      await api(organiser, UPDATE_EVENT, { params: { id: event.id }, body: { name, location, startDateTime, endDateTime, allowStandRegistration: false } });
    }
    say(`  ${market.city.padEnd(18)} ${market.name} (${sellers.length + guestsHere} Stände)`);
  }

  const first = created[0];
  say('');
  say(`Fertig: ${counts.events} Flohmärkte, ${counts.approved + counts.pending + counts.guestsPending} Stände`);
  say(`  ${counts.approved} freigegeben, ${counts.pending} Anmeldungen und ${counts.guestsPending} Gast-Anmeldungen warten auf die Organisator:innen`);
  say(`  ${Object.keys(ORGANISERS).length} Organisator:innen, ${EXHIBITORS.length} Aussteller:innen (${counts.profiles} mit Profil)`);
  say('');
  say(`Öffnen: ${PUBLIC_URL}/`);
  say(`Beispiel: ${PUBLIC_URL}/events/${first.event.id} (${first.market.name})`);
  say(
    `Anmelden als Organisatorin: ${ORGANISERS.sabine.email}; als Aussteller: ${EXHIBITORS[1].email} (Entwicklungs-Anmeldung: nur E-Mail und Name, kein Passwort)`,
  );
}

main().catch((error) => {
  complain(`Demo-Daten konnten nicht angelegt werden: ${error instanceof ApiError ? error.message : (error.stack ?? error)}`);
  process.exit(1);
});
