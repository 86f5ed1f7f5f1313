import {
  CANCEL_EVENT,
  COPY_EVENT,
  CREATE_EVENT,
  DELETE_EVENT,
  GET_EVENT,
  GET_EVENT_CALENDAR,
  GET_EVENT_FEED_CALENDAR,
  GET_EVENT_FEED_GEOJSON,
  GET_EVENT_VIEWPORT,
  GET_SERIES,
  LIST_EVENTS,
  LOCATION_POINT_AGREEMENT_KM,
  REVERSE_GEOCODE,
  SERIES_MAX_DATES,
  SEARCH_ADDRESSES,
  UPDATE_EVENT,
  VIEWPORT,
  type TEventFeatureCollection,
} from '@flohmarkt/contracts';
import { EXAMPLE_EVENT, EXAMPLE_EVENT_CREATE, EXAMPLE_EVENT_STORED, EXAMPLE_IDS } from './examples.js';
import { docOf, type CallDocEntry } from './route-doc.js';
import { textHeader, totalCountHeader } from './answer-headers.js';
import { EVENT_ID } from './path-params.js';

/** The calendar file and the feeds: cacheable for a few minutes, revalidated by ETag. */
const FILE_HEADERS = {
  'Content-Disposition': textHeader('Der Dateiname, z. B. `flohmarkt-hofflohmarkt-suedstadt.ics` (Feeds: `inline`, damit Kalender-Apps abonnieren können).'),
  'Cache-Control': textHeader('Immer `public, max-age=300`: eine Änderung oder Absage erscheint nach spätestens fünf Minuten.'),
  ETag: textHeader('Kennung des Inhalts, für `If-None-Match`.'),
} as const;

/** The query fields the list (GET /events) and the feeds describe alike. */
const SHARED_LIST_QUERY = {
  date: 'Nur Flohmärkte an diesem Tag (JJJJ-MM-TT, Europe/Berlin).',
  ids: 'Nur diese Flohmärkte: bis zu 200 IDs, durch Komma getrennt.',
  limit: 'Höchstens so viele Flohmärkte (1–500, Standard 500).',
  offset: 'So viele Flohmärkte überspringen (Standard 0).',
};

/** The feeds take the list's query (GET /events); a place (lat + lng or bbox) is required, `upcoming` is always on. */
const FEED_QUERY = {
  descriptions: {
    ...SHARED_LIST_QUERY,
    upcoming: 'Ohne Wirkung: ein Feed enthält immer nur kommende und laufende Flohmärkte.',
    lat: 'Breitengrad des Orts (zusammen mit `lng`; oder `bbox`).',
    lng: 'Längengrad des Orts (zusammen mit `lat`; oder `bbox`).',
    radiusKm: 'Umkreis in Kilometern (höchstens 100; ohne Angabe 50 km).',
    bbox: 'Statt eines Umkreises: Kartenausschnitt `minLng,minLat,maxLng,maxLat`.',
    sort: '`start` (Standard) oder `distance` (nächste zuerst; nur mit `lat`/`lng`).',
  },
  examples: { lat: '50.9375', lng: '6.9603', radiusKm: '25' },
};

/** Issue 30: a point far from the typed place needs the organiser's confirmation. */
const POINT_AGREEMENT_DOC =
  `Liegt der Punkt (\`latitude\`, \`longitude\`) mehr als ${LOCATION_POINT_AGREEMENT_KM} km von dem Ort oder der Postleitzahl entfernt, die \`location\` nennt, ` +
  'und nicht in diesem Ort, ist die Antwort 400, außer der Body enthält `locationConfirmed: true` (der Organisator hat den Punkt bestätigt). ' +
  'Nennt `location` keinen bekannten Ort, wird nichts geprüft. Die Adresssuche lernt eine solche Adresse nie.';

const TOTAL_COUNT = totalCountHeader('Anzahl aller passenden Flohmärkte (über alle Seiten).');

/** The example event as a feed's map point. */
const EXAMPLE_FEED: TEventFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: EXAMPLE_EVENT.id,
      geometry: { type: 'Point', coordinates: [6.9166, 50.9477] },
      properties: {
        id: EXAMPLE_EVENT.id,
        name: EXAMPLE_EVENT.name,
        description: EXAMPLE_EVENT.description,
        location: EXAMPLE_EVENT.location,
        startDateTime: EXAMPLE_EVENT.startDateTime,
        endDateTime: EXAMPLE_EVENT.endDateTime,
        status: EXAMPLE_EVENT.status,
        cancelReason: null,
        phase: EXAMPLE_EVENT.phase,
        standCount: 42,
        url: `https://flohmarkt.example.org/events/${EXAMPLE_EVENT.id}`,
      },
    },
  ],
};

/** The prose of this file's calls declared in libs/contracts/src/public-api/ (route-doc.ts CallDoc). */
export const EVENT_CALL_DOCS: readonly CallDocEntry[] = [
  docOf(LIST_EVENTS, {
    description:
      'Nach Beginn sortiert, höchstens 500 je Aufruf; die Gesamtzahl steht in `X-Total-Count`, mit `offset` blättert man weiter. ' +
      'Jeder Flohmarkt trägt `standCount` (freigegebene Stände).',
    query: {
      descriptions: {
        ...SHARED_LIST_QUERY,
        upcoming: 'Nur Flohmärkte, die noch nicht vorbei sind (`true`/`false`).',
        lat: 'Breitengrad des Mittelpunkts der Umkreissuche (zusammen mit `lng`).',
        lng: 'Längengrad des Mittelpunkts der Umkreissuche (zusammen mit `lat`).',
        radiusKm: 'Umkreis in Kilometern (höchstens 100; ohne Angabe 50 km, wenn `lat`/`lng` gesetzt sind).',
        bbox: 'Kartenausschnitt `minLng,minLat,maxLng,maxLat`.',
        sort: '`start` (Standard: nach Beginn, dann ID) oder `distance` (nächste zuerst, dann Beginn, dann ID; nur mit `lat`/`lng`); jeder Flohmarkt trägt dann `distanceKm`.',
      },
      examples: { lat: '50.9375', lng: '6.9603', radiusKm: '25', upcoming: 'true', date: '2026-06-13' },
    },
    examples: { 200: [EXAMPLE_EVENT] },
    headers: { 200: TOTAL_COUNT },
  }),
  docOf(GET_EVENT_VIEWPORT, {
    description:
      'Für die Karte der Startseite, ohne Anmeldung. `total` zählt alle Flohmärkte des Filters, `inView` die im Ausschnitt (beide gezählt, nie geschätzt). ' +
      `Ab Zoom ${VIEWPORT.eventsMinZoom} (der Zoom eines gefundenen Orts) und höchstens ${VIEWPORT.maxEvents} Flohmärkte im Ausschnitt kommen die Flohmärkte selbst, ` +
      'nach Beginn sortiert, als schlanke Kartenmarker (nur `id`, `name`, `location`, `latitude`, `longitude`, `startDateTime`, `status`; ' +
      'alles Weitere liefert `GET /api/events/{id}`), ' +
      'sonst Cluster auf einem Raster von etwa 64 Bildschirmpixeln: Mittelpunkt (Mittel der Koordinaten), Anzahl und Ausdehnung `bbox` zum Hineinzoomen; ' +
      'ein sehr großer Ausschnitt bei hohem Zoom bekommt gröbere Zellen (höchstens 64 je Seite). Nie eine unbegrenzte Liste.',
    query: {
      descriptions: {
        bbox: 'Kartenausschnitt `minLng,minLat,maxLng,maxLat` (Pflicht; nicht vertauscht, innerhalb ±180/±90).',
        zoom: 'Zoomstufe der Karte, ganze Zahl 0–20 (Pflicht).',
        upcoming: 'Nur Flohmärkte, die noch nicht vorbei sind (`true`/`false`).',
        date: SHARED_LIST_QUERY.date,
      },
      examples: { bbox: '5.5,47,15.5,55.2', zoom: '6', upcoming: 'true' },
    },
    examples: {
      200: {
        total: 1834,
        inView: 1790,
        clustered: true,
        clusters: [
          { lat: 50.93, lng: 6.97, count: 412, bbox: [6.52, 50.51, 7.41, 51.36] },
          { lat: 52.51, lng: 13.39, count: 388, bbox: [12.95, 52.2, 13.86, 52.81] },
        ],
        events: [],
      },
    },
  }),
  docOf(GET_EVENT, { params: EVENT_ID, examples: { 200: EXAMPLE_EVENT } }),
  docOf(CREATE_EVENT, {
    description:
      'Jeder angemeldete Benutzer kann einen Flohmarkt anlegen und wird damit dessen Organisator. `organizerId` im Body wird ignoriert. ' +
      POINT_AGREEMENT_DOC +
      ` Mit \`series\` wird daraus eine Reihe von höchstens ${SERIES_MAX_DATES} Terminen (\`weekly\`, \`biweekly\` oder \`monthly\` am selben n. Wochentag, ` +
      'bis `until` oder `count` Termine, oder die Liste `dates`): jeder Termin ein eigener Flohmarkt mit eigenen Ständen und eigener Anmeldung, ' +
      'zur selben Berliner Uhrzeit, gleich lang, die Anmeldefrist im selben Abstand zum Beginn. Die Antwort ist der erste Termin. ' +
      '`reconfirmation` schaltet die Rückmeldung „Bist du dabei?“ ein (ohne Angabe aus; siehe `POST /confirmations/{token}`).',
    bodyExample: EXAMPLE_EVENT_CREATE,
    examples: { 201: { ...EXAMPLE_EVENT, standCount: 0 } },
  }),
  docOf(GET_SERIES, {
    description: 'Alle Termine einer Reihe, der früheste zuerst, abgesagte mit `status: cancelled`.',
    params: { id: 'ID der Reihe (`seriesId` ihrer Flohmärkte).' },
    examples: { 200: { id: EXAMPLE_IDS.series, events: [{ ...EXAMPLE_EVENT, seriesId: EXAMPLE_IDS.series }] } },
  }),
  docOf(COPY_EVENT, {
    description:
      '„Kopieren“, nur der Organisator, Mitveranstalter:innen oder ein Admin: ein neuer Flohmarkt desselben Organisators mit allen Angaben außer den Terminen, ohne Stände. ' +
      'Die Anmeldefrist behält ihren Abstand zum Beginn (höchstens bis zum Ende). `copiedFromId` nennt das Original.',
    params: EVENT_ID,
    bodyExample: { startDateTime: '2026-09-12T10:00:00+02:00', endDateTime: '2026-09-12T16:00:00+02:00' },
    examples: {
      201: {
        ...EXAMPLE_EVENT_STORED,
        id: EXAMPLE_IDS.nextEvent,
        startDateTime: '2026-09-12T08:00:00.000Z',
        endDateTime: '2026-09-12T14:00:00.000Z',
        registrationDeadline: '2026-09-05T21:59:00.000Z',
        copiedFromId: EXAMPLE_IDS.event,
        standCount: 0,
      },
    },
  }),
  docOf(UPDATE_EVENT, {
    description:
      'Nur der Organisator, Mitveranstalter:innen oder ein Admin. Ein weggelassenes optionales Feld behält seinen Wert, `null` oder leer löscht es. ' +
      POINT_AGREEMENT_DOC +
      ' Bei einem Termin einer Reihe ändert `scope=following` auch alle späteren, nicht abgesagten Termine: Sie übernehmen die Angaben, ' +
      'verschieben sich um ebenso viele Tage und bekommen die neue Uhrzeit und Dauer.',
    params: EVENT_ID,
    query: {
      descriptions: { scope: '`this` (Vorgabe): nur dieser Termin; `following`: dieser und alle folgenden Termine der Reihe.' },
      examples: { scope: 'following' },
    },
    bodyExample: EXAMPLE_EVENT_CREATE,
    examples: { 200: EXAMPLE_EVENT_STORED },
  }),
  docOf(DELETE_EVENT, { description: 'Nur Admins. Die Stände des Flohmarkts verschwinden mit ihm.', params: EVENT_ID }),
  docOf(CANCEL_EVENT, {
    description:
      'Nur der Organisator oder ein Admin, nie das Team. Der Flohmarkt bekommt den Status `cancelled` mit dem Grund; eine Standanmeldung ist danach nicht mehr möglich. ' +
      'Erneutes Absagen ändert nichts, rückgängig machen lässt es sich nicht.',
    params: EVENT_ID,
    bodyExample: { reason: 'Wegen der Unwetterwarnung für Samstag müssen wir den Hofflohmarkt leider absagen.' },
    examples: {
      200: {
        ...EXAMPLE_EVENT_STORED,
        status: 'cancelled',
        phase: 'cancelled',
        cancelReason: 'Wegen der Unwetterwarnung für Samstag müssen wir den Hofflohmarkt leider absagen.',
      },
    },
  }),
  docOf(GET_EVENT_CALENDAR, {
    description:
      'Für alle: „Zum Kalender hinzufügen“. Eine `.ics`-Datei nach RFC 5545 mit der Zeitzone Europe/Berlin (VTIMEZONE, Beginn und Ende mit TZID), ' +
      'UID `{id}@{Host}` (bleibt gleich, ein erneuter Import aktualisiert den Eintrag), SEQUENCE wächst mit jeder Änderung, GEO (wenn Koordinaten bekannt), ' +
      'URL der Flohmarktseite und eine Erinnerung (VALARM) um 18 Uhr Berliner Zeit am Vorabend. Ein abgesagter Flohmarkt trägt `STATUS:CANCELLED` und den Grund ' +
      'in der Beschreibung, ohne Erinnerung. Zeilen nach 75 Byte gefaltet, CRLF.',
    params: EVENT_ID,
    headers: { 200: FILE_HEADERS },
  }),
  docOf(GET_EVENT_FEED_CALENDAR, {
    description:
      'Für alle, ohne Anmeldung (Kalender-Apps abonnieren die Adresse). Die kommenden Flohmärkte um einen Ort (`lat`, `lng`, `radiusKm` bis 100 km) oder in einem Kartenausschnitt (`bbox`), ' +
      'mit denselben Filtern und Grenzen wie `GET /api/events` (höchstens 500). Ein VEVENT je Flohmarkt wie in `GET /api/events/{id}/calendar.ics`, abgesagte mit `STATUS:CANCELLED`.',
    query: FEED_QUERY,
    headers: { 200: FILE_HEADERS },
  }),
  docOf(GET_EVENT_FEED_GEOJSON, {
    description:
      'Für alle: dieselbe Auswahl wie `GET /api/feeds/events.ics` als FeatureCollection (RFC 7946) von Punkten `[lng, lat]`; je Flohmarkt nur öffentliche Angaben ' +
      '(`id`, `name`, `description`, `location`, `startDateTime`, `endDateTime`, `status`, `cancelReason`, `phase`, `standCount`, `url`).',
    query: FEED_QUERY,
    examples: { 200: EXAMPLE_FEED },
    headers: { 200: FILE_HEADERS },
  }),
  docOf(SEARCH_ADDRESSES, {
    description:
      'Orte, Postleitzahlen und Adressen in Deutschland, für die Ortsfelder der Formulare und die Vorschläge des Suchfelds. Ohne Online-Geocoder kennt die Suche die Straßen aus den Adressen der Flohmärkte (mit Hausnummer, wo ein Flohmarkt sie nennt); Groß- und Kleinschreibung, „Straße“/„Strasse“/„Str.“ und „ä“/„ae“ zählen nicht.',
    query: {
      descriptions: { q: 'Suchtext, mindestens 3 Zeichen (Ort, Postleitzahl oder Adresse).', limit: 'Höchstens so viele Treffer (1–10, Standard 5).' },
      examples: { q: '50823 Köln', limit: '5' },
    },
    examples: { 200: [{ displayName: 'Ehrenfeld, 50823 Köln', lat: 50.9477, lng: 6.9166, placeId: '50823-koeln-ehrenfeld' }] },
  }),
  docOf(REVERSE_GEOCODE, {
    description: 'Ohne gefundene Adresse antwortet der Aufruf die Koordinaten selbst als Text („50.9477, 6.9166“).',
    query: {
      descriptions: { lat: 'Breitengrad (−90 bis 90).', lng: 'Längengrad (−180 bis 180).' },
      examples: { lat: '50.9477', lng: '6.9166' },
    },
    examples: { 200: { displayName: 'Venloer Straße, 50823 Köln' } },
  }),
];
