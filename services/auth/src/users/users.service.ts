import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { fail } from '@flohmarkt/server-kit';
import { API_ERRORS, type TRole, type TUserUpdate } from '@flohmarkt/contracts';
import { AUTH_CONFIG, type TAuthEnv } from '../config.js';
import { UserEntity } from './user.entity.js';

export interface IdentityClaims {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  picture?: string | null;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(AUTH_CONFIG) private readonly config: TAuthEnv,
  ) {}

  /**
   * Finds the person by lower-cased e-mail or creates them. Names from the provider fill empty
   * fields only, so a name the user edited in their profile is not overwritten at the next sign-in.
   * ADMIN_EMAILS raises the role to admin; sign-in never lowers a role.
   */
  async upsertFromClaims(claims: IdentityClaims): Promise<UserEntity> {
    const email = claims.email.trim().toLowerCase();
    const isAdmin = this.config.ADMIN_EMAILS.includes(email);
    await this.users
      .createQueryBuilder()
      .insert()
      .values({
        email,
        firstName: claims.firstName || null,
        lastName: claims.lastName || null,
        profileImageUrl: claims.picture || null,
        role: isAdmin ? 'admin' : 'participant',
      })
      .orIgnore()
      .execute();
    const user = await this.users.findOneByOrFail({ email });
    user.firstName = user.firstName || claims.firstName || null;
    user.lastName = user.lastName || claims.lastName || null;
    if (claims.picture) user.profileImageUrl = claims.picture;
    if (isAdmin) user.role = 'admin';
    return this.users.save(user);
  }

  async get(id: string): Promise<UserEntity> {
    const user = isUuid(id) ? await this.users.findOneBy({ id }) : null;
    if (!user) throw fail.notFound(API_ERRORS.userNotFound);
    return user;
  }

  /**
   * Creating an event makes the creator an organizer. Idempotent; an admin stays admin, and a
   * user deleted in the meantime is simply not there any more.
   */
  async appointOrganizer(id: string): Promise<void> {
    if (!isUuid(id)) return;
    await this.users.update({ id, role: 'participant' }, { role: 'organizer' });
  }

  /** PUT /users/:id after the permission check: the names of section 5's profile form. */
  async updateNames(user: UserEntity, names: TUserUpdate): Promise<UserEntity> {
    user.firstName = names.firstName;
    user.lastName = names.lastName;
    return this.users.save(user);
  }

  /** PATCH /admin/users/:id/role. The gateway re-reads the user on every request: it applies at once. */
  async setRole(user: UserEntity, role: TRole): Promise<UserEntity> {
    if (user.role === role) return user;
    user.role = role;
    return this.users.save(user);
  }

  /** The admin list: everyone, newest first (id breaks ties so the order is stable). */
  async listNewestFirst(): Promise<UserEntity[]> {
    return this.users.find({ order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** One query for a whole list (stand cards, admin lists): never one call per row. */
  async getMany(ids: string[]): Promise<UserEntity[]> {
    const valid = [...new Set(ids.filter(isUuid))];
    return valid.length ? this.users.findBy({ id: In(valid) }) : [];
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
