import { z } from 'zod';
import {
  ZBoolean,
  ZId,
  ZIsoDateTime,
  ZNumericString,
  dateTimeInput,
  latitudeInput,
  longitudeInput,
  optionalEmail,
  optionalHttpUrl,
  optionalText,
  requiredText,
} from './fields.js';
import { LIMITS } from './limits.js';
import { API_ERRORS, VALIDATION } from './messages.js';

// Every event starts 'planned' (docs/product.md#events); no other value is shown, so the
// read shape keeps status an open string.
export const DEFAULT_EVENT_STATUS = 'planned';

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
  status: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  websiteLinkText: z.string().nullable(),
  allowStandRegistration: z.boolean(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  // Approved stands; every list carries it (docs/product.md#events), a single read may too.
  standCount: z.number().int().nonnegative().optional(),
});
export type TEvent = z.infer<typeof ZEvent>;

/** Admin list rows: the count is always present there. */
export const ZAdminEvent = ZEvent.extend({
  standCount: z.number().int().nonnegative(),
});
export type TAdminEvent = z.infer<typeof ZAdminEvent>;

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
};

type TDatesAndCoordinates = {
  startDateTime: string;
  endDateTime: string;
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
    });
}

/**
 * POST /api/events. organizerId (sent by older clients) is stripped with every
 * other unknown field: ownership comes from the session. Missing optional fields
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
  }),
);
export type TEventCreate = z.infer<typeof ZEventCreate>;
export type TEventCreateInput = z.input<typeof ZEventCreate>;

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
  }),
);
export type TEventUpdate = z.infer<typeof ZEventUpdate>;
export type TEventUpdateInput = z.input<typeof ZEventUpdate>;
