import { z } from 'zod';
import { ZId, ZIsoDateTime, requiredText } from './fields.js';
import { LIMITS } from './limits.js';
import { VALIDATION } from './validation-messages.js';

export const ROLES = ['admin', 'organizer', 'participant'] as const;
export const ZRole = z.enum(ROLES, { error: VALIDATION.invalidRole });
export type TRole = z.infer<typeof ZRole>;

export const ROLE_LABELS: Record<TRole, string> = {
  admin: 'Admin',
  organizer: 'Organisator',
  participant: 'Teilnehmer',
};

/** GET /api/auth/user: the signed-in user with the role as it is now. */
export const ZAuthUser = z.object({
  id: ZId,
  email: z.string(),
  // Names come from the identity provider and may be missing until the profile is edited.
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: ZRole,
});
export type TAuthUser = z.infer<typeof ZAuthUser>;

/** GET /api/users/{id}. */
export const ZUser = ZAuthUser.extend({
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TUser = z.infer<typeof ZUser>;

/** GET /api/admin/users rows; counts are optional so a plain user list also fits. */
export const ZAdminUser = ZUser.extend({
  eventCount: z.number().int().nonnegative().optional(),
  standCount: z.number().int().nonnegative().optional(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** PUT /api/users/{id}: the profile rules of docs/product.md#profiles-and-sellers. E-mail and role are not editable here. */
export const ZUserUpdate = z.object({
  firstName: requiredText(VALIDATION.firstNameRequired, {
    max: LIMITS.nameMaxLength,
    maxMessage: VALIDATION.firstNameTooLong,
  }),
  lastName: requiredText(VALIDATION.lastNameRequired, {
    max: LIMITS.nameMaxLength,
    maxMessage: VALIDATION.lastNameTooLong,
  }),
});
export type TUserUpdate = z.infer<typeof ZUserUpdate>;

/** PATCH /api/admin/users/{id}/role. */
export const ZRoleUpdate = z.object({ role: ZRole });
