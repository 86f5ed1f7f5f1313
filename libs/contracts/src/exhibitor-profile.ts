import { z } from 'zod';
import { ZId, ZIsoDateTime, ZNumericString, optionalHttpUrl, optionalText, textInput } from './fields.js';
import { LIMITS } from './limits.js';
import { VALIDATION } from './validation-messages.js';

/**
 * Read shape (GET /api/exhibitor-profiles?userId=). avgRating is a decimal
 * column and travels as a numeric string like the coordinates, e.g. '4.50'.
 */
/**
 * Who sees a seller's public page (docs/product.md#privacy): `public` (the default, as before) or
 * `private`: the exhibitor page, the user page, the profile and the user's stand and review lists
 * answer 404 (lists: empty) to everyone but the user and admins, and their stands stop linking to them.
 */
const PROFILE_VISIBILITIES = ['public', 'private'] as const;
const ZProfileVisibility = z.enum(PROFILE_VISIBILITIES, { error: VALIDATION.invalidProfileVisibility });
export type TProfileVisibility = z.infer<typeof ZProfileVisibility>;

export const ZExhibitorProfile = z.object({
  id: ZId,
  userId: ZId,
  bio: z.string().nullable(),
  specialties: z.array(z.string()),
  kleinanzeigenUrl: z.string().nullable(),
  vintedUrl: z.string().nullable(),
  totalStands: z.number().int().nonnegative(),
  avgRating: ZNumericString,
  visibility: ZProfileVisibility,
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TExhibitorProfile = z.infer<typeof ZExhibitorProfile>;

const specialties = z
  .array(textInput(VALIDATION.invalidSpecialty).trim().max(LIMITS.nameMaxLength, VALIDATION.invalidSpecialty), { error: VALIDATION.invalidSpecialty })
  .max(LIMITS.specialtiesMax, VALIDATION.tooManySpecialties)
  // Blank entries come from an empty tag input; duplicates add nothing.
  .transform((list) => [...new Set(list.filter((s) => s !== ''))]);

const profileFields = {
  bio: optionalText(),
  specialties: specialties.optional(),
  kleinanzeigenUrl: optionalHttpUrl(),
  vintedUrl: optionalHttpUrl(),
  visibility: ZProfileVisibility.optional(),
};

/**
 * POST /api/exhibitor-profiles. A userId in the body is stripped:
 * the profile belongs to the session's user. A second profile is a 409.
 */
export const ZExhibitorProfileCreate = z.object({
  bio: profileFields.bio.default(null),
  specialties: specialties.default([]),
  kleinanzeigenUrl: profileFields.kleinanzeigenUrl.default(null),
  vintedUrl: profileFields.vintedUrl.default(null),
  visibility: ZProfileVisibility.default('public'),
});
export type TExhibitorProfileCreate = z.infer<typeof ZExhibitorProfileCreate>;

/** PUT /api/exhibitor-profiles/{id}: a field left out keeps its value; null or blank clears it. */
export const ZExhibitorProfileUpdate = z.object(profileFields);
export type TExhibitorProfileUpdate = z.infer<typeof ZExhibitorProfileUpdate>;

/**
 * GET /api/exhibitors/{userId}: the public exhibitor page. A user without a
 * profile still answers, with empty profile fields.
 */
export const ZExhibitor = z.object({
  id: ZId,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  specialties: z.array(z.string()),
  totalStands: z.number().int().nonnegative(),
  avgRating: ZNumericString,
  kleinanzeigenUrl: z.string().nullable(),
  vintedUrl: z.string().nullable(),
  // "Member since" on the stand page's exhibitor card.
  memberSince: ZIsoDateTime,
});
export type TExhibitor = z.infer<typeof ZExhibitor>;
