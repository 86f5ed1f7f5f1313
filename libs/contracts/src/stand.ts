import { z } from 'zod';
import { ZActivityCategory, ZFoodCategory, ZStandCategory } from './categories.js';
import { ZStandPhotoState } from './internal-media.js';
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
import { API_ERRORS, VALIDATION } from './messages.js';

// One stand state, `status` (docs/product.md#review-and-stand-states); the flags are derived from it
// (isDraft = pending, isApproved = approved) and both appear in reads. `withdrawn`: the owner (or
// the guest, by the manage link) took the stand back; only the owner still sees it.
export const STAND_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export const ZStandStatus = z.enum(STAND_STATUSES, { error: VALIDATION.invalidStandStatus });
export type TStandStatus = z.infer<typeof ZStandStatus>;

export const STAND_STATUS_LABELS: Record<TStandStatus, string> = {
  pending: 'Wartend',
  approved: 'Genehmigt',
  rejected: 'Abgelehnt',
  withdrawn: 'Zurückgezogen',
};

/**
 * The statuses that hold a user's one place at an event: a rejected or withdrawn stand does not
 * block a new registration (docs/product.md#review-and-stand-states).
 */
export const ACTIVE_STAND_STATUSES = ['pending', 'approved'] as const satisfies readonly TStandStatus[];

/** The longest reason an organiser may give for a rejection. */
export const REJECTION_REASON_MAX_LENGTH = 500;

/** The derived flags, so every service computes them the same way. */
export function standFlags(status: TStandStatus): { isDraft: boolean; isApproved: boolean } {
  return { isDraft: status === 'pending', isApproved: status === 'approved' };
}

export const ZStandExhibitor = z.object({
  id: ZId,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
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
});
export type TStandCreate = z.infer<typeof ZStandCreate>;
export type TStandCreateInput = z.input<typeof ZStandCreate>;

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
});
export type TStandUpdate = z.infer<typeof ZStandUpdate>;
export type TStandUpdateInput = z.input<typeof ZStandUpdate>;

/** The stand page's separate location editor, when it saves only the position. */
export const ZStandLocationUpdate = z.object({
  latitude: requiredLatitudeInput(VALIDATION.standLocationRequired),
  longitude: requiredLongitudeInput(VALIDATION.standLocationRequired),
});
export type TStandLocationUpdate = z.infer<typeof ZStandLocationUpdate>;

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
    guestLastName: textInput(VALIDATION.invalidText)
      .trim()
      .max(LIMITS.nameMaxLength, VALIDATION.lastNameTooLong)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
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
    // Optional: where the manage link and the news about the stand go. Stored in lower case.
    guestEmail: optionalEmail().transform((v) => (v ? v.toLowerCase() : null)),
  })
  .refine((v) => (v.latitude === null) === (v.longitude === null), {
    message: VALIDATION.coordinatesIncomplete,
    path: ['longitude'],
  });
export type TGuestStandCreate = z.infer<typeof ZGuestStandCreate>;
export type TGuestStandCreateInput = z.input<typeof ZGuestStandCreate>;

/** PATCH /api/stands/{id}/reject: an optional reason, shown to the stand's owner (blank: none). */
export const ZStandReject = z.object({
  reason: optionalText(REJECTION_REASON_MAX_LENGTH, VALIDATION.rejectionReasonTooLong).default(null),
});
export type TStandReject = z.infer<typeof ZStandReject>;

/** GET /api/admin/stand-stats (admins): stands by state, for the dashboard's counters. */
export const ZAdminStandStats = z.object({ approved: z.number().int(), pending: z.number().int(), rejected: z.number().int() });
export type TAdminStandStats = z.infer<typeof ZAdminStandStats>;
