import type { TAuthUser, TUser } from '@flohmarkt/contracts';
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
