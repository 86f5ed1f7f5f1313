import { z } from 'zod';
import { ZHoldMinutes } from './holds.js';
import { ZActivityCategory, ZFoodCategory, ZStandCategory } from './categories.js';
import { ZStandPhotoState } from './internal-media.js';
import { ZStandAddress, ZStandAddressInput } from './stand-address.js';
import {
  ZBoolean,
  ZId,
  ZIsoDateTime,
  ZNumericString,
  categoryList,
  latitudeInput,
  longitudeInput,
  optionalEmail,
  optionalText,
  requiredLatitudeInput,
  requiredLongitudeInput,
  requiredText,
  standNumberInput,
  textInput,
} from './fields.js';
import { LIMITS } from './limits.js';
import { ZLiveState } from './live.js';
import { ZConfirmationState } from './market-day.js';
import { API_ERRORS } from './messages.js';
import { VALIDATION } from './validation-messages.js';
import { DRAFT_LIST_STATUSES, REJECTION_REASON_MAX_LENGTH, STAND_STATUSES } from './stand-statuses.js';

export const ZStandStatus = z.enum(STAND_STATUSES, { error: VALIDATION.invalidStandStatus });

/**
 * Privacy per stand (docs/product.md#privacy): `approximate` shows the public a ~200 m cell until 00:00
 * Europe/Berlin of the event's first day; `number` shows the public the stand number (or "Aussteller")
 * instead of the person's name. Owner, organiser and admins always see the exact position and the name.
 */
const LOCATION_PRECISIONS = ['exact', 'approximate'] as const;
export const ZLocationPrecision = z.enum(LOCATION_PRECISIONS, { error: VALIDATION.invalidLocationPrecision });
export type TLocationPrecision = z.infer<typeof ZLocationPrecision>;
const NAME_DISPLAYS = ['name', 'number'] as const;
export const ZNameDisplay = z.enum(NAME_DISPLAYS, { error: VALIDATION.invalidNameDisplay });
export type TNameDisplay = z.infer<typeof ZNameDisplay>;
/** Edge length of the public grid cell of an approximate stand, in metres. */
export const APPROXIMATE_CELL_METRES = 200;

export const ZStandExhibitor = z.object({
  id: ZId,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  // false: the user made their profile private; the stand shows the name without a link to the profile (absent: public).
  profilePublic: z.boolean().optional(),
});
export type TStandExhibitor = z.infer<typeof ZStandExhibitor>;

/**
 * Read shape of every stand answer. Category lists are plain strings here: a read
 * must not break on a stored value if the fixed lists are ever revised.
 */
export const ZStand = z.object({
  id: ZId,
  eventId: ZId,
  // null: a guest stand.
  exhibitorId: ZId.nullable(),
  standNumber: z.string().nullable(),
  description: z.string().nullable(),
  categories: z.array(z.string()),
  foodCategories: z.array(z.string()),
  activityCategories: z.array(z.string()),
  photos: z.array(z.string()),
  // One entry per path of `photos`, in the same order: whether it can be shown yet (docs/product.md#photos).
  photoStates: z.array(ZStandPhotoState),
  latitude: ZNumericString.nullable(),
  longitude: ZNumericString.nullable(),
  status: ZStandStatus,
  isApproved: z.boolean(),
  isDraft: z.boolean(),
  acceptsPayPal: z.boolean(),
  guestFirstName: z.string().nullable(),
  guestLastName: z.string().nullable(),
  exhibitor: ZStandExhibitor.nullable(),
  // Set when an uploaded photo could not be processed and was dropped (docs/product.md#photos).
  photoError: z.string().nullable().optional(),
  // The organiser's reason, while the stand is rejected; null otherwise. Rejected stands are read only
  // by their owner, the organiser and admins, so nobody else ever sees it.
  rejectionReason: z.string().nullable().optional(),
  // How the organiser reaches the person behind the stand: the signed-in seller's account e-mail or the
  // guest's given one; null when none is known. Only in the organiser's and admins' reads, never in a public one.
  contactEmail: z.string().nullable().optional(),
  // 1-based place on the event's waitlist while `waitlisted` (read by owner, organiser, admins, the guest's link); null otherwise.
  waitlistPosition: z.number().int().positive().nullable().optional(),
  // The stand's privacy choices (LOCATION_PRECISIONS, NAME_DISPLAYS).
  locationPrecision: ZLocationPrecision.optional(),
  nameDisplay: ZNameDisplay.optional(),
  // true: latitude/longitude are the centre of the ~200 m cell, not the stand (public reads before the event day).
  locationApproximate: z.boolean().optional(),
  // Live status on the event day (issue 19, live.ts): null outside the day or while nobody set one.
  liveState: ZLiveState.nullable().optional(),
  liveUpdatedAt: ZIsoDateTime.nullable().optional(),
  // The stand's address (issue 33); the public's read of an approximate stand has no house number before the event day.
  address: ZStandAddress.nullable().optional(),
  // What the stand is called where no title is fixed (stand-address.ts standLabel): number, public address, display name or "Stand ohne Nummer".
  label: z.string(),
  // How many items the stand lists (issue 35, items.ts); absent where a read does not count them.
  itemCount: z.number().int().nonnegative().optional(),
  // How long after the market's start an accepted hold of an item lasts (holds.ts): the seller's choice, in every read, so visitors know.
  holdMinutes: z.number().int().optional(),
  // Where the stand is in the reconfirmation (issue 36, market-day.ts): in the reads of its owner, the organiser and the team only.
  confirmation: ZConfirmationState.optional(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TStand = z.infer<typeof ZStand>;

const standNumber = standNumberInput();
const foodCategories = categoryList(ZFoodCategory);
const activityCategories = categoryList(ZActivityCategory);

/**
 * POST /api/stands (register form). exhibitorId is stripped: the owner is the
 * session's user. The 15 km rule needs the event and is checked by the server
 * with standDistanceError().
 */
export const ZStandCreate = z.object({
  eventId: z.guid({ error: VALIDATION.eventIdRequired }),
  standNumber: standNumber.default(null),
  description: requiredText(VALIDATION.standDescriptionMinLength, {
    min: LIMITS.standDescriptionMinLength,
  }),
  categories: categoryList(ZStandCategory, {
    min: LIMITS.standCategoriesMin,
    minMessage: VALIDATION.standCategoriesRequired,
  }),
  foodCategories: foodCategories.default([]),
  activityCategories: activityCategories.default([]),
  acceptsPayPal: ZBoolean.default(false),
  latitude: requiredLatitudeInput(VALIDATION.standLocationRequired),
  longitude: requiredLongitudeInput(VALIDATION.standLocationRequired),
  address: ZStandAddressInput.nullable().default(null),
  locationPrecision: ZLocationPrecision.default('exact'),
  nameDisplay: ZNameDisplay.default('name'),
});

/**
 * PUT /api/stands/{id} (edit form). Description, categories and location are
 * required; an optional field left out keeps its stored value. `photos` may only
 * reorder or remove stored entries (the server checks that); uploads go through
 * the photo call.
 */
export const ZStandUpdate = z.object({
  standNumber,
  description: requiredText(VALIDATION.standDescriptionRequired),
  categories: categoryList(ZStandCategory, {
    min: LIMITS.standCategoriesMin,
    minMessage: VALIDATION.standEditCategoriesRequired,
  }),
  foodCategories: foodCategories.optional(),
  activityCategories: activityCategories.optional(),
  acceptsPayPal: ZBoolean.optional(),
  photos: z
    .array(textInput(VALIDATION.invalidPhotoList), { error: VALIDATION.invalidPhotoList })
    .max(LIMITS.maxPhotosPerStand, API_ERRORS.tooManyPhotos)
    .optional(),
  latitude: requiredLatitudeInput(VALIDATION.standLocationRequired),
  longitude: requiredLongitudeInput(VALIDATION.standLocationRequired),
  // Left out: kept as stored; null: removed.
  address: ZStandAddressInput.nullable().optional(),
  // Left out: kept as stored.
  locationPrecision: ZLocationPrecision.optional(),
  nameDisplay: ZNameDisplay.optional(),
  // Left out: kept as stored (default 60 minutes).
  holdMinutes: ZHoldMinutes.optional(),
});

/** The stand page's separate location editor, when it saves only the position. */
export const ZStandLocationUpdate = z.object({
  latitude: requiredLatitudeInput(VALIDATION.standLocationRequired),
  longitude: requiredLongitudeInput(VALIDATION.standLocationRequired),
});

/** An optional name of someone without an account: trimmed, and blank or left out is null. */
const optionalGuestName = (maxMessage: string) => optionalText(LIMITS.nameMaxLength, maxMessage).transform((v) => v ?? null);

/** A position may be left out, but only whole (both coordinates null or neither). */
const positionComplete = (v: { latitude: number | null; longitude: number | null }) => (v.latitude === null) === (v.longitude === null);
const POSITION_INCOMPLETE = { message: VALIDATION.coordinatesIncomplete, path: ['longitude'] };

/**
 * The fields of a stand entered for someone without an account (a guest's own form, the organiser's
 * walk-up entry): everything but the first name, whose rule differs. The position is optional.
 */
function standForSomeoneFields() {
  return {
    guestLastName: optionalGuestName(VALIDATION.lastNameTooLong),
    standNumber: standNumber.default(null),
    description: requiredText(VALIDATION.guestDescriptionMinLength, {
      min: LIMITS.standDescriptionMinLength,
    }),
    categories: categoryList(ZStandCategory, {
      min: LIMITS.standCategoriesMin,
      minMessage: VALIDATION.guestCategoriesRequired,
    }),
    foodCategories: foodCategories.default([]),
    activityCategories: activityCategories.default([]),
    acceptsPayPal: ZBoolean.default(false),
    latitude: latitudeInput().default(null),
    longitude: longitudeInput().default(null),
    address: ZStandAddressInput.nullable().default(null),
  };
}

/**
 * POST /api/events/{id}/guest-stands. The event comes from the path and photos
 * only through the upload call, so eventId and photos in the body are stripped.
 * The position is optional but, when given, must be complete.
 */
export const ZGuestStandCreate = z
  .object({
    guestFirstName: requiredText(VALIDATION.guestFirstNameRequired, {
      max: LIMITS.nameMaxLength,
      maxMessage: VALIDATION.firstNameTooLong,
    }),
    ...standForSomeoneFields(),
    // Optional: where the manage link and the news about the stand go. Stored in lower case.
    guestEmail: optionalEmail().transform((v) => (v ? v.toLowerCase() : null)),
    locationPrecision: ZLocationPrecision.default('exact'),
    nameDisplay: ZNameDisplay.default('name'),
  })
  .refine(positionComplete, POSITION_INCOMPLETE);

/** PATCH /api/stands/{id}/reject: an optional reason, shown to the stand's owner (blank: none). */
export const ZStandReject = z.object({
  reason: optionalText(REJECTION_REASON_MAX_LENGTH, VALIDATION.rejectionReasonTooLong).default(null),
});

/** GET /api/admin/stand-stats (admins): stands by state, for the dashboard's counters. */
export const ZAdminStandStats = z.object({ approved: z.number().int(), pending: z.number().int(), rejected: z.number().int() });
export type TAdminStandStats = z.infer<typeof ZAdminStandStats>;

/**
 * POST /api/events/{id}/walk-up-stands: the organiser (or an admin) enters a stand for someone on
 * site. The guest form's fields, but the name is optional and there is no e-mail (nobody to send a
 * manage link to); the stand is approved at once.
 */
export const ZWalkUpStandCreate = z
  .object({
    guestFirstName: optionalGuestName(VALIDATION.firstNameTooLong),
    ...standForSomeoneFields(),
  })
  .refine(positionComplete, POSITION_INCOMPLETE);
export type TWalkUpStandCreateInput = z.input<typeof ZWalkUpStandCreate>;

/**
 * GET /api/events/{id}/draft-stands?status=pending,waitlisted: one status or several, comma
 * separated; without it the pending ones (what the list always showed).
 */
export const ZDraftListQuery = z.object({
  status: z
    .string({ error: VALIDATION.invalidStandStatusFilter })
    .optional()
    .transform((raw, ctx) => {
      const parts = (raw ?? 'pending')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const allowed = DRAFT_LIST_STATUSES as readonly string[];
      if (!parts.length || parts.some((p) => !allowed.includes(p))) {
        ctx.addIssue({ code: 'custom', message: VALIDATION.invalidStandStatusFilter });
        return z.NEVER;
      }
      return [...new Set(parts)] as (typeof DRAFT_LIST_STATUSES)[number][];
    }),
});

/**
 * A stand of the review list: `duplicateOf` names the other pending, approved or waitlisted stands
 * of the same event with the same person's name or within 20 m (a likely double registration).
 */
export const ZDraftListStand = ZStand.extend({
  duplicateOf: z.array(ZId),
});
export type TDraftListStand = z.infer<typeof ZDraftListStand>;

/** Two stands closer than this (metres) at one event are shown as possible duplicates. */
export const DUPLICATE_STAND_DISTANCE_M = 20;

/** The most stands one bulk review may decide. */
const BULK_REVIEW_MAX_STANDS = 500;

const standIdList = z
  .array(z.guid({ error: VALIDATION.invalidStandIdList }), { error: VALIDATION.invalidStandIdList })
  .max(BULK_REVIEW_MAX_STANDS, VALIDATION.invalidStandIdList)
  .default([]);

/**
 * PATCH /api/events/{id}/stands/review: approve some stands and reject others in one transaction;
 * the reason goes to every rejected one. At least one id; no id in both lists.
 */
export const ZStandBulkReview = z
  .object({
    approve: standIdList,
    reject: standIdList,
    reason: optionalText(REJECTION_REASON_MAX_LENGTH, VALIDATION.rejectionReasonTooLong).default(null),
  })
  .refine((v) => v.approve.length + v.reject.length > 0, { message: API_ERRORS.reviewNothingSelected, path: ['approve'] })
  .refine((v) => !v.approve.some((id) => v.reject.includes(id)), { message: API_ERRORS.reviewStandTwice, path: ['reject'] });

/**
 * One area of the organiser's overview: a street (`kind: 'street'`, named by the geocoder from the
 * stands' positions, where one is configured) or a grid cell of about 100 m (`kind: 'cell'`, named
 * "Bereich N" north to south, west to east) for the stands whose street is not known.
 */
const ZStandArea = z.object({
  name: z.string(),
  kind: z.enum(['street', 'cell']),
  /** The cell's centre, or the middle of the street's stands. */
  latitude: z.number(),
  longitude: z.number(),
  approved: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
});
export type TStandArea = z.infer<typeof ZStandArea>;

/**
 * GET /api/events/{id}/stand-overview (organiser or admin): the exact counters of the event's
 * stands and where the approved and pending ones stand. `freePlaces` = maxStands − approved −
 * pending (never below 0); null without a cap.
 */
export const ZStandOverview = z.object({
  approved: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  waitlisted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative(),
  maxStands: z.number().int().positive().nullable(),
  freePlaces: z.number().int().nonnegative().nullable(),
  /** Approved and pending stands by area, the thinnest first. */
  areas: z.array(ZStandArea),
  /** Approved and pending stands without a position (guests may leave it out). */
  withoutPosition: z.number().int().nonnegative(),
});
export type TStandOverview = z.infer<typeof ZStandOverview>;
