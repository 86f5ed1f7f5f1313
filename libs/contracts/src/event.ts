import { z } from 'zod';
import {
  ZBoolean,
  ZId,
  ZIsoDateTime,
  ZNumericString,
  dateTimeInput,
  latitudeInput,
  longitudeInput,
  optionalDateTimeInput,
  optionalEmail,
  optionalHttpUrl,
  optionalText,
  requiredText,
} from './fields.js';
import { LIMITS } from './limits.js';
import { API_ERRORS } from './messages.js';
import { VALIDATION } from './validation-messages.js';
import { ZSeriesInput, seriesDates } from './event-series.js';
import { ZReconfirmation } from './market-day.js';

/**
 * Every event starts 'planned'; its organiser or an admin may cancel it (PATCH /api/events/{id}/cancel),
 * and nothing turns it back (docs/product.md#events).
 */
const EVENT_STATUSES = ['planned', 'cancelled'] as const;
export const ZEventStatus = z.enum(EVENT_STATUSES);
export type TEventStatus = z.infer<typeof ZEventStatus>;

/** Where an event stands in time, worked out at read time (eventPhase); a cancelled event is 'cancelled' whenever it is read. */
const EVENT_PHASES = ['upcoming', 'running', 'ended', 'cancelled'] as const;
export const ZEventPhase = z.enum(EVENT_PHASES);
export type TEventPhase = z.infer<typeof ZEventPhase>;

/** The cancellation's reason, shown on the event and told in the mails. */
export const EVENT_CANCEL_REASON_MAX_LENGTH = 500;

/** Read shape of GET /api/events and /api/events/{id}. */
export const ZEvent = z.object({
  id: ZId,
  name: z.string(),
  description: z.string().nullable(),
  rules: z.string().nullable(),
  location: z.string(),
  // Decimal columns answer as numeric strings; the client parses them.
  latitude: ZNumericString.nullable(),
  longitude: ZNumericString.nullable(),
  startDateTime: ZIsoDateTime,
  endDateTime: ZIsoDateTime,
  organizerId: ZId,
  status: ZEventStatus,
  /** The organiser's reason of a cancellation; null while planned or when none was given. */
  cancelReason: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  websiteLinkText: z.string().nullable(),
  allowStandRegistration: z.boolean(),
  /** Stand registration closes at this instant (null: open until the event ends). */
  registrationDeadline: ZIsoDateTime.nullable(),
  /** Whether the organiser gets the bundled mail about new registrations. */
  notifyOnRegistration: z.boolean(),
  /** The most stands the organiser takes (approved plus pending); null or absent: no cap. Beyond it registrations wait (`waitlisted`). */
  maxStands: z.number().int().positive().nullable().optional(),
  /**
   * Only when maxStands is set: maxStands − approved stands (never below 0). The events service
   * knows only the approved count (its read model), so pending registrations are not taken off
   * here; the organiser's stand-overview has the exact figure.
   */
  freePlaces: z.number().int().nonnegative().optional(),
  /** eventPhase at the moment of the read. */
  phase: ZEventPhase,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  // Approved stands; every list carries it (docs/product.md#events), a single read may too.
  standCount: z.number().int().nonnegative().optional(),
  /** Great-circle kilometres from the list's lat/lng; only in lists asked for with `sort=distance`. */
  distanceKm: z.number().nonnegative().optional(),
  /** The series the market is one date of (GET /api/series/{id}); null: a market on its own. */
  seriesId: ZId.nullable(),
  /** The market this one was copied from ("Kopieren"); null: not a copy. */
  copiedFromId: ZId.nullable(),
  /** "Bist du dabei?" before the day (issue 36, market-day.ts); every read of the events service carries it. */
  reconfirmation: ZReconfirmation.optional(),
});
export type TEvent = z.infer<typeof ZEvent>;

/** GET /api/series/{id}: every date of a series, the earliest first, cancelled ones too. */
export const ZSeries = z.object({ id: ZId, events: z.array(ZEvent) });
export type TSeries = z.infer<typeof ZSeries>;

/** Admin list rows: the count is always present there. */
export const ZAdminEvent = ZEvent.extend({
  standCount: z.number().int().nonnegative(),
});

/**
 * Issue 30: the map point and the location text must not disagree silently. A point more than this far
 * from the place the text names (its postcode or town, outside that town) is taken only with
 * `locationConfirmed: true`.
 */
export const LOCATION_POINT_AGREEMENT_KM = 3;

/** The start of the refusal below, so a form can tell it from other refusals and ask for confirmation. */
const POINT_FAR_FROM_LOCATION_PREFIX = 'Der Punkt auf der Karte';

/** 400 without `locationConfirmed`: names the point's town (when known), the distance and the typed place. */
export function pointFarFromLocationMessage(km: number, typedPlace: string, pointTown: string | null): string {
  const distance = new Intl.NumberFormat('de-DE', { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km);
  const where = pointTown ? ` bei ${pointTown}` : '';
  return `${POINT_FAR_FROM_LOCATION_PREFIX}${where} liegt ${distance} km von „${typedPlace}“ entfernt.`;
}

const eventFields = {
  name: requiredText(API_ERRORS.eventNameRequired, { max: LIMITS.eventNameMaxLength }),
  description: optionalText(),
  rules: optionalText(),
  location: requiredText(API_ERRORS.eventLocationRequired, { max: LIMITS.eventLocationMaxLength }),
  latitude: latitudeInput(),
  longitude: longitudeInput(),
  contactEmail: optionalEmail(),
  contactPhone: optionalText(LIMITS.nameMaxLength),
  websiteUrl: optionalHttpUrl(),
  websiteLinkText: optionalText(LIMITS.shortTextMaxLength),
  /** The organiser saw that the point lies far from the typed place and keeps it (LOCATION_POINT_AGREEMENT_KM). */
  locationConfirmed: ZBoolean.optional(),
};

/**
 * The optional cap on stands: a whole number from 1; null or blank means no cap; missing stays
 * undefined (callers add defaults). A numeric string from a form is taken.
 */
function maxStandsInput() {
  return z
    .union([z.number(), z.string(), z.null()], { error: VALIDATION.invalidMaxStands })
    .optional()
    .transform((raw, ctx): number | null | undefined => {
      if (raw === undefined) return undefined;
      if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
      const value = typeof raw === 'number' ? raw : /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isSafeInteger(value) || value < 1 || value > LIMITS.maxStandsMax) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.invalidMaxStands });
        return z.NEVER;
      }
      return value;
    });
}

type TDatesAndCoordinates = {
  startDateTime: string;
  endDateTime: string;
  registrationDeadline?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

// Shared cross-field rules. zod runs them only once every field is valid, so they
// can rely on normalised values (ISO strings in UTC, numbers).
function withEventRules<T extends z.ZodType<TDatesAndCoordinates>>(schema: T) {
  return schema
    .refine((v) => v.endDateTime >= v.startDateTime, {
      message: API_ERRORS.eventEndBeforeStart,
      path: ['endDateTime'],
    })
    .refine((v) => (v.latitude == null) === (v.longitude == null), {
      message: VALIDATION.coordinatesIncomplete,
      path: ['longitude'],
    })
    .refine((v) => v.registrationDeadline == null || v.registrationDeadline <= v.endDateTime, {
      message: API_ERRORS.registrationDeadlineAfterEnd,
      path: ['registrationDeadline'],
    });
}

/**
 * POST /api/events. An organizerId in the body is stripped with every other
 * unknown field: ownership comes from the session. Missing optional fields
 * become null, so the output is the complete row to insert.
 */
export const ZEventCreate = withEventRules(
  z.object({
    ...eventFields,
    latitude: eventFields.latitude.default(null),
    longitude: eventFields.longitude.default(null),
    description: eventFields.description.default(null),
    rules: eventFields.rules.default(null),
    startDateTime: dateTimeInput(VALIDATION.eventStartRequired),
    endDateTime: dateTimeInput(VALIDATION.eventEndRequired),
    contactEmail: eventFields.contactEmail.default(null),
    contactPhone: eventFields.contactPhone.default(null),
    websiteUrl: eventFields.websiteUrl.default(null),
    websiteLinkText: eventFields.websiteLinkText.default(null),
    allowStandRegistration: ZBoolean.default(true),
    registrationDeadline: optionalDateTimeInput().default(null),
    notifyOnRegistration: ZBoolean.default(true),
    maxStands: maxStandsInput().default(null),
    /** Off unless given (issue 36). */
    reconfirmation: ZReconfirmation.optional(),
    /** Makes the market the first date of a series (issue 34); each date becomes a market of its own. */
    series: ZSeriesInput.optional(),
  }),
).superRefine((v, ctx) => {
  if (v.series === undefined) return;
  const worked = seriesDates(v.startDateTime, v.endDateTime, v.series);
  if ('error' in worked) ctx.addIssue({ code: 'custom', message: worked.error, path: ['series'] });
});

/**
 * PUT /api/events/{id} from the edit form. Name, location and both dates are
 * required (edit-form messages); an optional field left out keeps its stored
 * value, while null or blank clears it.
 */
export const ZEventUpdate = withEventRules(
  z.object({
    ...eventFields,
    startDateTime: dateTimeInput(VALIDATION.eventEditStartRequired),
    endDateTime: dateTimeInput(VALIDATION.eventEditEndRequired),
    allowStandRegistration: ZBoolean.optional(),
    registrationDeadline: optionalDateTimeInput(),
    notifyOnRegistration: ZBoolean.optional(),
    // Left out keeps the stored cap; null or blank removes it. Below the approved stands: 400 (the service checks).
    maxStands: maxStandsInput(),
    // Left out keeps the stored settings (issue 36).
    reconfirmation: ZReconfirmation.optional(),
  }),
);

/** POST /api/events/{id}/copy: the new market's times; every other field comes from the market copied. */
export const ZEventCopy = z
  .object({
    startDateTime: dateTimeInput(VALIDATION.eventStartRequired),
    endDateTime: dateTimeInput(VALIDATION.eventEndRequired),
  })
  .refine((v) => v.endDateTime >= v.startDateTime, { message: API_ERRORS.eventEndBeforeStart, path: ['endDateTime'] });

/** PATCH /api/events/{id}/cancel: an optional reason; blank is none. */
export const ZEventCancel = z.object(
  {
    reason: optionalText(EVENT_CANCEL_REASON_MAX_LENGTH, VALIDATION.textTooLong(EVENT_CANCEL_REASON_MAX_LENGTH)).transform((v) => v ?? null),
  },
  { error: VALIDATION.invalidInput },
);
