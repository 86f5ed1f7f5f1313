import { z } from 'zod';
import { ZStand } from '../stand.js';
import { ZStandAddress } from '../stand-address.js';
import { API_ERRORS } from '../messages.js';
import { callsOf, type PublicCall } from './public-call.js';

const standsCall = callsOf('stands');

/**
 * One approved stand with a position in the GeoJSON export (RFC 7946: WGS 84 longitude, latitude):
 * public fields only and no names, since a file passed around outlives any later change of a stand
 * holder's mind.
 */
export const ZStandFeature = z.object({
  type: z.literal('Feature'),
  id: z.string(),
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  properties: z.object({
    /** The printed number ("12a"), null for a stand without one. */
    standNumber: z.string().nullable(),
    /** As the public reads it: no house number while an approximate stand's position is hidden (issue 33). */
    address: ZStandAddress.nullable(),
    categories: ZStand.shape.categories,
    foodCategories: ZStand.shape.foodCategories,
    activityCategories: ZStand.shape.activityCategories,
    description: ZStand.shape.description,
    acceptsPayPal: ZStand.shape.acceptsPayPal,
    /** The stand's page on the product's public origin. */
    url: z.string(),
  }),
});
export type TStandFeature = z.infer<typeof ZStandFeature>;

/** The body of GET /api/events/{id}/stands.geojson. */
export const ZStandsFeatureCollection = z.object({ type: z.literal('FeatureCollection'), features: z.array(ZStandFeature) });
export type TStandsFeatureCollection = z.infer<typeof ZStandsFeatureCollection>;

const EVENT_NOT_FOUND = { 404: [API_ERRORS.eventNotFound] };

/** The printed kit's PDFs: for anyone, only what the event page shows (approved stands, public fields). */
function eventPdf<const TPath extends string>({ path, summary, description }: { path: TPath; summary: string; description: string }) {
  return standsCall({
    method: 'GET',
    path,
    summary,
    answers: [{ status: 200, description, mediaType: 'application/pdf' }],
    errors: EVENT_NOT_FOUND,
  });
}

/** The poster with the QR code to the event page. */
export const GET_EVENT_POSTER = eventPdf({ path: '/events/:id/poster.pdf', summary: 'Plakat des Flohmarkts (PDF)', description: 'Das Plakat als PDF.' });

export const STAND_LIST_ORDERS = ['number', 'street'] as const;
const STAND_LIST_ORDER_MESSAGE = 'Bitte wähle die Reihenfolge der Standliste: nach Nummer (number) oder Straße für Straße (street).';

/** The stand list's query: by number (the default), or street by street with a heading per street (issue 33). */
export const ZStandListQuery = z.object({
  order: z.enum(STAND_LIST_ORDERS, { error: STAND_LIST_ORDER_MESSAGE }).default('number'),
});

/** The approved stands by number (or street by street), without names. */
export const GET_EVENT_STAND_LIST = standsCall({
  method: 'GET',
  path: '/events/:id/stand-list.pdf',
  summary: 'Nummerierte Standliste (PDF)',
  query: ZStandListQuery,
  answers: [
    {
      status: 200,
      description: 'Die Standliste als PDF: nach Nummer, mit `order=street` Straße für Straße (Hausnummern: die ungerade Seite hinauf, die gerade zurück).',
      mediaType: 'application/pdf',
    },
  ],
  errors: { 400: [STAND_LIST_ORDER_MESSAGE], ...EVENT_NOT_FOUND },
});

/** The approved stands' numbers over the map. */
export const GET_EVENT_STAND_MAP = eventPdf({ path: '/events/:id/stand-map.pdf', summary: 'Standplan (PDF)', description: 'Der Standplan als PDF.' });

/** For the event's organiser and admins: every registration but the withdrawn ones (German Excel). */
export const GET_EVENT_STANDS_CSV = standsCall({
  method: 'GET',
  path: '/events/:id/stands.csv',
  summary: 'Stände als CSV (für Excel)',
  signIn: true,
  answers: [{ status: 200, description: 'Die Stände als CSV-Datei.', mediaType: 'text/csv' }],
  errors: { 404: [API_ERRORS.eventNotFound], 403: [API_ERRORS.forbidden] },
});

/** For anyone: the approved stands with a position, for a map or a GIS. */
export const GET_EVENT_STANDS_GEOJSON = standsCall({
  method: 'GET',
  path: '/events/:id/stands.geojson',
  summary: 'Stände als GeoJSON',
  answers: [{ status: 200, description: 'Die Stände als GeoJSON.', schema: ZStandsFeatureCollection, mediaType: 'application/geo+json' }],
  errors: EVENT_NOT_FOUND,
});

/** The print calls, in the order the OpenAPI document lists them. */
export const PRINT_CALLS: readonly PublicCall[] = [GET_EVENT_POSTER, GET_EVENT_STAND_LIST, GET_EVENT_STAND_MAP, GET_EVENT_STANDS_CSV, GET_EVENT_STANDS_GEOJSON];
