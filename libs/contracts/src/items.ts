import { z } from 'zod';
import { ZStandCategory } from './categories.js';
import { calendarDay } from './event-query.js';
import { ZBoolean, ZId, ZIsoDateTime, requiredText } from './fields.js';
import {
  ITEMS_MAX_PER_STAND,
  ITEM_PRICE_MAX_CENTS,
  ITEM_SEARCH_LIMIT_MAX,
  ITEM_SEARCH_QUERY_MAX_LENGTH,
  ITEM_SEARCH_QUERY_MIN_LENGTH,
  ITEM_SEARCH_RADIUS_DEFAULT_KM,
  ITEM_SEARCH_RADIUS_MAX_KM,
  ITEM_TITLE_MAX_LENGTH,
  ITEM_TITLE_MIN_LENGTH,
} from './item-limits.js';

/*
 * What is on the tables (issue 35): a stand's highlight items with a price, and the search across
 * the items and stand descriptions of every upcoming market near a place.
 */

const ITEM_PRICE_KINDS = ['fixed', 'negotiable', 'free'] as const;
const ITEM_STATUSES = ['available', 'held', 'sold'] as const;
export type TItemStatus = (typeof ITEM_STATUSES)[number];

export const ITEM_MESSAGES = {
  titleRequired: `Bitte gib dem Angebot einen Titel (${ITEM_TITLE_MIN_LENGTH} bis ${ITEM_TITLE_MAX_LENGTH} Zeichen).`,
  titleTooLong: `Der Titel darf höchstens ${ITEM_TITLE_MAX_LENGTH} Zeichen lang sein.`,
  priceInvalid: 'Der Preis ist ein fester Preis, „VB“ (Verhandlungsbasis) oder „zu verschenken“.',
  centsInvalid: `Der Preis ist ein Betrag in Cent von 0 bis ${ITEM_PRICE_MAX_CENTS}.`,
  statusInvalid: 'Der Stand eines Angebots ist „available“ (zu haben) oder „sold“ (verkauft).',
  tooMany: `Ein Stand zeigt höchstens ${ITEMS_MAX_PER_STAND} Angebote. Entferne zuerst eines.`,
  itemNotFound: 'Dieses Angebot gibt es nicht.',
  editForbidden: 'Angebote eines Stands ändern nur sein Inhaber, der Veranstalter und Admins.',
  standNotListing: 'Angebote zeigt nur ein Stand, der angemeldet ist (nicht zurückgezogen oder abgelehnt).',
  queryTooShort: `Bitte gib mindestens ${ITEM_SEARCH_QUERY_MIN_LENGTH} Zeichen ein.`,
  queryTooLong: `Die Suche darf höchstens ${ITEM_SEARCH_QUERY_MAX_LENGTH} Zeichen lang sein.`,
  placeRequired: 'Bitte wähle einen Ort, um den herum gesucht wird.',
  radiusInvalid: `Der Umkreis ist eine Zahl von 1 bis ${ITEM_SEARCH_RADIUS_MAX_KM} Kilometern.`,
  dayInvalid: 'Ein Datum der Suche ist ein Tag (JJJJ-MM-TT).',
  limitInvalid: `limit ist eine ganze Zahl von 1 bis ${ITEM_SEARCH_LIMIT_MAX}, offset eine ganze Zahl ab 0.`,
} as const;

const cents = z
  .number({ error: ITEM_MESSAGES.centsInvalid })
  .int(ITEM_MESSAGES.centsInvalid)
  .min(0, ITEM_MESSAGES.centsInvalid)
  .max(ITEM_PRICE_MAX_CENTS, ITEM_MESSAGES.centsInvalid);

/** A price: fixed (cents), negotiable ("VB", optionally with an asking price) or free ("zu verschenken"). */
const ZItemPrice = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('fixed'), cents }),
    z.object({ kind: z.literal('negotiable'), cents: cents.optional() }),
    z.object({ kind: z.literal('free') }).transform(() => ({ kind: 'free' as const })),
  ],
  { error: ITEM_MESSAGES.priceInvalid },
);
export type TItemPrice = z.infer<typeof ZItemPrice>;

/**
 * One item as everyone reads it. `photo`: the path of its one photo under its stand's media
 * (`stands/{standId}/items/{itemId}/{photoId}.jpg`, `.thumb.jpg` beside it), or null.
 * `status` is `held` while an accepted hold lasts (holds.ts).
 */
export const ZItem = z.object({
  id: ZId,
  standId: ZId,
  title: z.string(),
  price: z.object({ kind: z.enum(ITEM_PRICE_KINDS), cents: z.number().int().nonnegative().optional() }),
  category: z.string(),
  photo: z.string().nullable(),
  status: z.enum(ITEM_STATUSES),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TItem = z.infer<typeof ZItem>;

const itemFields = {
  title: requiredText(ITEM_MESSAGES.titleRequired, {
    min: ITEM_TITLE_MIN_LENGTH,
    minMessage: ITEM_MESSAGES.titleRequired,
    max: ITEM_TITLE_MAX_LENGTH,
    maxMessage: ITEM_MESSAGES.titleTooLong,
  }),
  price: ZItemPrice,
  category: ZStandCategory,
};

/** Answer of the item photo calls: the item's photo path after the change (null: none). */
export const ZItemPhotoResponse = z.object({ photo: z.string().nullable() });
export type TItemPhotoResponse = z.infer<typeof ZItemPhotoResponse>;

/** POST /api/stands/{id}/items. */
export const ZItemCreate = z.object(itemFields);
export type TItemCreate = z.infer<typeof ZItemCreate>;

/** PUT /api/items/{id}: the whole item again, and whether it is sold (left out: as it was). */
export const ZItemUpdate = z.object({
  ...itemFields,
  sold: ZBoolean.optional(),
});
export type TItemUpdate = z.infer<typeof ZItemUpdate>;

const searchDay = calendarDay(ITEM_MESSAGES.dayInvalid).optional();
const wholeNumber = (min: number, max: number) =>
  z
    .string({ error: ITEM_MESSAGES.limitInvalid })
    .regex(/^\d{1,6}$/, ITEM_MESSAGES.limitInvalid)
    .transform(Number)
    .refine((n) => n >= min && n <= max, ITEM_MESSAGES.limitInvalid);

/** GET /api/items/search: text, place and radius; optionally the market days from/to (Berlin days). */
export const ZItemSearchQuery = z.object({
  q: z
    .string({ error: ITEM_MESSAGES.queryTooShort })
    .trim()
    .min(ITEM_SEARCH_QUERY_MIN_LENGTH, ITEM_MESSAGES.queryTooShort)
    .max(ITEM_SEARCH_QUERY_MAX_LENGTH, ITEM_MESSAGES.queryTooLong),
  lat: z.coerce.number({ error: ITEM_MESSAGES.placeRequired }).min(-90, ITEM_MESSAGES.placeRequired).max(90, ITEM_MESSAGES.placeRequired),
  lng: z.coerce.number({ error: ITEM_MESSAGES.placeRequired }).min(-180, ITEM_MESSAGES.placeRequired).max(180, ITEM_MESSAGES.placeRequired),
  radiusKm: z.coerce
    .number({ error: ITEM_MESSAGES.radiusInvalid })
    .min(1, ITEM_MESSAGES.radiusInvalid)
    .max(ITEM_SEARCH_RADIUS_MAX_KM, ITEM_MESSAGES.radiusInvalid)
    .default(ITEM_SEARCH_RADIUS_DEFAULT_KM),
  from: searchDay,
  to: searchDay,
  limit: wholeNumber(1, ITEM_SEARCH_LIMIT_MAX).default(20),
  offset: wholeNumber(0, 100_000).default(0),
});
export type TItemSearchQuery = z.infer<typeof ZItemSearchQuery>;

/**
 * One hit: an item of an approved stand at an upcoming market, or (`item: null`) a stand whose
 * description matched. The point is the stand's as its public read shows it (the cell's centre for
 * an approximate stand before the day), and the distance is measured to that point.
 */
export const ZItemSearchHit = z.object({
  item: ZItem.nullable(),
  stand: z.object({ id: ZId, label: z.string(), latitude: z.number().nullable(), longitude: z.number().nullable(), locationApproximate: z.boolean() }),
  event: z.object({ id: ZId, name: z.string(), startDateTime: ZIsoDateTime, endDateTime: ZIsoDateTime, location: z.string() }),
  distanceKm: z.number().nonnegative(),
});
export type TItemSearchHit = z.infer<typeof ZItemSearchHit>;
