import type { TAdminUser, TAuthUser, TPublicUser, TUser } from '@flohmarkt/contracts';
import type { UserEntity } from './user.entity.js';

export function toAuthUser(u: UserEntity): TAuthUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    profileImageUrl: u.profileImageUrl,
    role: u.role,
  };
}

export function toUser(u: UserEntity): TUser {
  return { ...toAuthUser(u), createdAt: u.createdAt.toISOString(), updatedAt: u.updatedAt.toISOString() };
}

/** The user page: the e-mail only when the caller may see it (see permissions.ts). */
export function toPublicUser(u: UserEntity, withEmail: boolean): TPublicUser {
  const { email, ...rest } = toUser(u);
  return withEmail ? { ...rest, email } : rest;
}

/** A row of the admin user list (stand and event counts are optional in the contract and left out). */
export function toAdminUser(u: UserEntity): TAdminUser {
  return toUser(u);
}
