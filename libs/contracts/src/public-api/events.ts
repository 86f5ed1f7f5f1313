import { ZEvent, ZEventCancel, ZEventCopy, ZEventCreate, ZEventUpdate, ZSeries, pointFarFromLocationMessage } from '../event.js';
import { SERIES_MESSAGES, ZEventUpdateQuery } from '../event-series.js';
import { ZEventFeatureCollection } from '../event-feed.js';
import { ZEventListQuery } from '../event-query.js';
import { ZEventViewport, ZEventViewportQuery } from '../event-viewport.js';
import { ZGeocodeQuery, ZGeocodeResult, ZReverseGeocodeQuery, ZReverseGeocodeResult } from '../geo.js';
import { API_ERRORS, SCREENS } from '../messages.js';
import { VALIDATION } from '../validation-messages.js';
import { callsOf, type PublicAnswer, type PublicCall } from './public-call.js';

const eventsCall = callsOf('events');

/** The example of the refusal of a point far from the typed place (issue 30), as the service words it. */
const POINT_FAR_EXAMPLE = pointFarFromLocationMessage(478, '50825 Köln', 'Berlin');

/** An unchanged calendar file or feed: the client's If-None-Match named the current ETag. */
const NOT_MODIFIED: PublicAnswer = { status: 304, description: 'Unverändert seit dem mitgeschickten `If-None-Match`, ohne Inhalt.' };

/** The feeds refuse a query without a place, as the list's checks do a bad one. */
const FEED_ERRORS = [
  VALIDATION.invalidRadius,
  VALIDATION.radiusNeedsCenter,
  VALIDATION.coordinatesIncomplete,
  VALIDATION.invalidBbox,
  VALIDATION.dateOutOfRange,
];

/** The search and list of markets, for anyone (an anonymous caller's from the gateway's shared cache); the total in X-Total-Count. */
export const LIST_EVENTS = eventsCall({
  method: 'GET',
  path: '/events',
  summary: 'Flohmärkte suchen und auflisten',
  cache: 'shared',
  query: ZEventListQuery,
  answers: [{ status: 200, description: 'Die passenden Flohmärkte.', schema: ZEvent, list: true }],
  errors: { 400: [VALIDATION.invalidRadius, VALIDATION.coordinatesIncomplete, VALIDATION.invalidDay, VALIDATION.dateOutOfRange, VALIDATION.sortNeedsCenter] },
});

/** The landing map's box: counted markers or clusters, for anyone (shared cache). */
export const GET_EVENT_VIEWPORT = eventsCall({
  method: 'GET',
  path: '/events/viewport',
  summary: 'Kartenausschnitt: Flohmärkte oder vom Server gezählte Cluster',
  cache: 'shared',
  query: ZEventViewportQuery,
  answers: [
    {
      status: 200,
      description: 'Die Zahlen und entweder die Cluster (`clustered: true`) oder die Flohmärkte (`clustered: false`).',
      schema: ZEventViewport,
    },
  ],
  errors: { 400: [VALIDATION.invalidBbox, VALIDATION.invalidZoom, VALIDATION.invalidDay, VALIDATION.dateOutOfRange, VALIDATION.invalidUpcoming] },
});

/** One market, as everyone sees it (an anonymous caller's from the gateway's shared cache). */
export const GET_EVENT = eventsCall({
  method: 'GET',
  path: '/events/:id',
  summary: 'Einen Flohmarkt lesen',
  cache: 'shared',
  answers: [{ status: 200, description: 'Der Flohmarkt.', schema: ZEvent }],
  errors: { 404: [API_ERRORS.eventNotFound] },
});

/** Any signed-in user creates a market and becomes its organiser; safe to retry with its key. */
export const CREATE_EVENT = eventsCall({
  method: 'POST',
  path: '/events',
  summary: 'Flohmarkt anlegen',
  signIn: true,
  idempotent: true,
  body: ZEventCreate,
  bodyAlsoRequired: ['startDateTime', 'endDateTime'],
  answers: [{ status: 201, description: 'Der angelegte Flohmarkt, bei einer Reihe ihr erster Termin (mit `seriesId`).', schema: ZEvent }],
  errors: {
    400: [
      API_ERRORS.eventNameRequired,
      VALIDATION.eventStartRequired,
      API_ERRORS.eventEndBeforeStart,
      POINT_FAR_EXAMPLE,
      SERIES_MESSAGES.tooManyDates,
      SERIES_MESSAGES.untilBeforeStart,
      SERIES_MESSAGES.needsEnd,
    ],
  },
});

/** Every date of a series, for anyone; cancelled dates too (they say so). */
export const GET_SERIES = eventsCall({
  method: 'GET',
  path: '/series/:id',
  summary: 'Die Termine einer Flohmarkt-Reihe',
  cache: 'shared',
  answers: [{ status: 200, description: 'Die Reihe mit ihren Terminen, der früheste zuerst.', schema: ZSeries }],
  errors: { 404: [SERIES_MESSAGES.seriesNotFound] },
});

/** "Kopieren": a new market with every field of this one but the dates (and without stands); organiser or admin; safe to retry with its key. */
export const COPY_EVENT = eventsCall({
  method: 'POST',
  path: '/events/:id/copy',
  summary: 'Flohmarkt kopieren',
  signIn: true,
  idempotent: true,
  body: ZEventCopy,
  bodyAlsoRequired: ['startDateTime', 'endDateTime'],
  answers: [{ status: 201, description: 'Der neue Flohmarkt (mit `copiedFromId`).', schema: ZEvent }],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: [SERIES_MESSAGES.copyForbidden],
    400: [VALIDATION.eventStartRequired, API_ERRORS.eventEndBeforeStart],
  },
});

/** The organiser or an admin edits a market. */
export const UPDATE_EVENT = eventsCall({
  method: 'PUT',
  path: '/events/:id',
  summary: 'Flohmarkt bearbeiten (bei einer Reihe: nur dieser Termin oder alle folgenden)',
  signIn: true,
  query: ZEventUpdateQuery,
  body: ZEventUpdate,
  bodyAlsoRequired: ['startDateTime', 'endDateTime'],
  answers: [{ status: 200, description: 'Der gespeicherte Flohmarkt (ohne `standCount`).', schema: ZEvent }],
  errors: {
    404: [API_ERRORS.eventNotFound],
    403: [SCREENS.eventEditForbidden],
    400: [
      VALIDATION.eventEditStartRequired,
      API_ERRORS.eventEndBeforeStart,
      POINT_FAR_EXAMPLE,
      SERIES_MESSAGES.scopeInvalid,
      SERIES_MESSAGES.followingOutOfRange,
    ],
  },
});

/** Admins only: the market and its stands go. */
export const DELETE_EVENT = eventsCall({
  method: 'DELETE',
  path: '/events/:id',
  summary: 'Flohmarkt löschen',
  signIn: true,
  answers: [{ status: 204, description: 'Gelöscht, ohne Inhalt.' }],
  errors: { 404: [API_ERRORS.eventNotFound], 403: [API_ERRORS.forbidden] },
});

/** The organiser or an admin cancels a market, once and for good; the reason may be left out. */
export const CANCEL_EVENT = eventsCall({
  method: 'PATCH',
  path: '/events/:id/cancel',
  summary: 'Flohmarkt absagen',
  signIn: true,
  body: ZEventCancel,
  bodyOptional: true,
  answers: [{ status: 200, description: 'Der abgesagte Flohmarkt.', schema: ZEvent }],
  errors: { 404: [API_ERRORS.eventNotFound], 403: [API_ERRORS.eventCancelForbidden], 400: [VALIDATION.textTooLong(500)] },
});

/** One market as an iCalendar file, for anyone ("Zum Kalender hinzufügen"). */
export const GET_EVENT_CALENDAR = eventsCall({
  method: 'GET',
  path: '/events/:id/calendar.ics',
  summary: 'Flohmarkt als Kalenderdatei (iCalendar)',
  answers: [{ status: 200, description: 'Die Kalenderdatei.', mediaType: 'text/calendar' }, NOT_MODIFIED],
  errors: { 404: [API_ERRORS.eventNotFound] },
});

/** The upcoming markets around a place as a calendar to subscribe to, for anyone (calendar apps have no session). */
export const GET_EVENT_FEED_CALENDAR = eventsCall({
  method: 'GET',
  path: '/feeds/events.ics',
  summary: 'Kalender-Abo: kommende Flohmärkte im Umkreis (iCalendar)',
  query: ZEventListQuery,
  answers: [{ status: 200, description: 'Der Kalender.', mediaType: 'text/calendar' }, NOT_MODIFIED],
  errors: { 400: FEED_ERRORS },
});

/** The same markets as the calendar feed, as GeoJSON for another map, for anyone. */
export const GET_EVENT_FEED_GEOJSON = eventsCall({
  method: 'GET',
  path: '/feeds/events.geojson',
  summary: 'Kommende Flohmärkte im Umkreis als GeoJSON',
  query: ZEventListQuery,
  answers: [{ status: 200, description: 'Die Flohmärkte als GeoJSON.', schema: ZEventFeatureCollection, mediaType: 'application/geo+json' }, NOT_MODIFIED],
  errors: { 400: FEED_ERRORS },
});

/** The address search of the forms and the search box, for anyone. */
export const SEARCH_ADDRESSES = eventsCall({
  method: 'GET',
  path: '/geocode',
  summary: 'Adresse suchen',
  query: ZGeocodeQuery,
  answers: [{ status: 200, description: 'Die Treffer, der beste zuerst.', schema: ZGeocodeResult, list: true }],
  errors: { 400: [VALIDATION.searchTooShort] },
});

/** The address of a point picked on a map, for anyone. */
export const REVERSE_GEOCODE = eventsCall({
  method: 'GET',
  path: '/geocode/reverse',
  summary: 'Adresse zu Koordinaten',
  query: ZReverseGeocodeQuery,
  answers: [{ status: 200, description: 'Die nächstgelegene Adresse.', schema: ZReverseGeocodeResult }],
  errors: { 400: [VALIDATION.invalidLatitude, VALIDATION.invalidLongitude] },
});

/** The events calls, in the order the OpenAPI document lists them. */
export const EVENTS_CALLS: readonly PublicCall[] = [
  LIST_EVENTS,
  GET_EVENT_VIEWPORT,
  GET_EVENT,
  CREATE_EVENT,
  GET_SERIES,
  COPY_EVENT,
  UPDATE_EVENT,
  DELETE_EVENT,
  CANCEL_EVENT,
  GET_EVENT_CALENDAR,
  GET_EVENT_FEED_CALENDAR,
  GET_EVENT_FEED_GEOJSON,
  SEARCH_ADDRESSES,
  REVERSE_GEOCODE,
];
