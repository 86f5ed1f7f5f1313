import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { fail } from '@flohmarkt/server-kit';
import { API_ERRORS, containsPattern, isId, type TRole, type TUserUpdate } from '@flohmarkt/contracts';
import type { AdminUserFilter } from '../admin/admin-user-filter.js';
import { isUniqueViolation } from '../database.js';
import { AUTH_CONFIG, type TAuthEnv } from '../config.js';
import { announceProfile } from './profile-announcement.js';
import { UserEntity } from './user.entity.js';

/** Who the provider says signed in: `iss` + `sub` are the identity, the rest may change. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string;
  /** The provider's `email_verified === true`; anything else counts as unverified. */
  emailVerified: boolean;
  /**
   * The provider said outright that it has not verified the e-mail (`email_verified: false`,
   * providerSaysEmailUnverified). No account is made or linked for it. A missing claim is not that.
   */
  emailUnverified?: boolean;
  firstName?: string | null;
  lastName?: string | null;
  picture?: string | null;
}

/**
 * Whether the provider's claims say outright that the e-mail is not verified: `email_verified` false
 * (some providers send it as the string "false"). A missing claim says nothing.
 */
export function providerSaysEmailUnverified(claims: Record<string, unknown>): boolean {
  return claims.email_verified === false || claims.email_verified === 'false';
}

/** Why a sign-in is refused although the provider accepted the person (409, or 403 for an unverified e-mail; one German sentence each). */
export const SIGN_IN_REFUSALS = {
  unverifiedEmail: 'Dein Anmeldedienst hat deine E-Mail-Adresse noch nicht bestätigt. Bestätige sie dort zuerst und melde dich dann erneut an.',
  unverifiedEmailTaken:
    'Zu dieser E-Mail-Adresse gibt es schon ein Konto; bestätige die Adresse zuerst bei deinem Anmeldedienst und melde dich dann erneut an.',
  emailTaken: 'Zu dieser E-Mail-Adresse gibt es schon ein Konto, das mit einem anderen Zugang beim Anmeldedienst verbunden ist.',
} as const;

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    @Inject(AUTH_CONFIG) private readonly config: TAuthEnv,
  ) {}

  /**
   * The account for this provider identity: found by `iss` + `sub`, else a user not linked to one yet
   * is linked once by the same verified e-mail, else a new one is made. An e-mail alone never opens
   * an account that is linked to someone else, nor an unlinked one while unverified. An e-mail the
   * provider says outright it has not verified makes and links no account (403): an account's address
   * is mailed as its owner's (stand notices, reminders, holds), so it must be theirs.
   * Names from the provider fill empty fields only, so a name the user edited in their profile is
   * not overwritten; the stored e-mail follows the provider's verified one. A verified e-mail in
   * ADMIN_EMAILS raises the role to admin; sign-in never lowers a role. Every sign-in announces
   * the names (UserProfileChanged) with the save: rare enough to need no check for a change.
   */
  async signIn(identity: ProviderIdentity): Promise<UserEntity> {
    const email = identity.email.trim().toLowerCase();
    const user = (await this.findLinked(identity)) ?? (await this.linkOrCreate(identity, email));
    user.firstName = user.firstName || identity.firstName || null;
    user.lastName = user.lastName || identity.lastName || null;
    if (identity.picture) user.profileImageUrl = identity.picture;
    if (identity.emailVerified && this.config.ADMIN_EMAILS.includes(email)) user.role = 'admin';
    const saved = await this.saveAnnounced(user);
    if (identity.emailVerified && saved.email !== email) await this.followEmail(saved, email);
    return saved;
  }

  private findLinked(identity: ProviderIdentity): Promise<UserEntity | null> {
    return this.users.findOneBy({ oidcIssuer: identity.issuer, oidcSubject: identity.subject });
  }

  private async linkOrCreate(identity: ProviderIdentity, email: string): Promise<UserEntity> {
    if (identity.emailUnverified) throw fail.forbidden(SIGN_IN_REFUSALS.unverifiedEmail);
    const holder = await this.users.findOneBy({ email });
    if (holder) {
      // The same person's parallel first sign-in made it a moment ago.
      if (holder.oidcIssuer === identity.issuer && holder.oidcSubject === identity.subject) return holder;
      if (holder.oidcSubject !== null) throw fail.conflict(SIGN_IN_REFUSALS.emailTaken);
      if (!identity.emailVerified) throw fail.conflict(SIGN_IN_REFUSALS.unverifiedEmailTaken);
      // Only while still unlinked: of two first sign-ins at once, one links and the other is refused.
      const linked = await this.users
        .createQueryBuilder()
        .update()
        .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject })
        .where('id = :id AND oidc_subject IS NULL', { id: holder.id })
        .execute();
      if (!linked.affected) return this.linkedOrRefused(identity);
      return this.users.findOneByOrFail({ id: holder.id });
    }
    const isAdmin = identity.emailVerified && this.config.ADMIN_EMAILS.includes(email);
    await this.users.manager.transaction(async (m) => {
      const inserted = await m
        .createQueryBuilder()
        .insert()
        .into(UserEntity)
        .values({
          email,
          oidcIssuer: identity.issuer,
          oidcSubject: identity.subject,
          firstName: identity.firstName || null,
          lastName: identity.lastName || null,
          profileImageUrl: identity.picture || null,
          role: isAdmin ? 'admin' : 'participant',
        })
        .orIgnore()
        .returning('id')
        .execute();
      for (const { id } of inserted.raw as { id: string }[]) await announceProfile(m, id);
    });
    return this.linkedOrRefused(identity);
  }

  /** After a lost race: the same person's parallel sign-in made the account, or someone else took the e-mail. */
  private async linkedOrRefused(identity: ProviderIdentity): Promise<UserEntity> {
    const user = await this.findLinked(identity);
    if (!user) throw fail.conflict(SIGN_IN_REFUSALS.emailTaken);
    return user;
  }

  /** The provider's verified e-mail changed: ours follows, unless another account has that address. */
  private async followEmail(user: UserEntity, email: string): Promise<void> {
    try {
      // The stands service mails stand notices to this address: it hears of the change with it.
      await this.users.manager.transaction(async (m) => {
        await m.getRepository(UserEntity).update({ id: user.id }, { email });
        await announceProfile(m, user.id);
      });
      user.email = email;
    } catch (err) {
      if (!isUniqueViolation(err, 'UQ_users_email')) throw err;
    }
  }

  async get(id: string): Promise<UserEntity> {
    const user = isId(id) ? await this.users.findOneBy({ id }) : null;
    if (!user) throw fail.notFound(API_ERRORS.userNotFound);
    return user;
  }

  /**
   * Creating an event makes the creator an organizer. Idempotent; an admin stays admin, and a
   * user deleted in the meantime is simply not there any more.
   */
  async appointOrganizer(id: string): Promise<void> {
    if (!isId(id)) return;
    await this.users.update({ id, role: 'participant' }, { role: 'organizer' });
  }

  /** PUT /users/:id after the permission check: the names of the profile form (docs/product.md#profiles-and-sellers). */
  async updateNames(user: UserEntity, names: TUserUpdate): Promise<UserEntity> {
    user.firstName = names.firstName;
    user.lastName = names.lastName;
    return this.saveAnnounced(user);
  }

  /** Saves the user and announces their names in the same transaction: both happen or neither. */
  private saveAnnounced(user: UserEntity): Promise<UserEntity> {
    return this.users.manager.transaction(async (m) => {
      const saved = await m.getRepository(UserEntity).save(user);
      await announceProfile(m, saved.id);
      return saved;
    });
  }

  /** PATCH /admin/users/:id/role. The gateway re-reads the user on every request: it applies at once. */
  async setRole(user: UserEntity, role: TRole): Promise<UserEntity> {
    if (user.role === role) return user;
    user.role = role;
    return this.users.save(user);
  }

  /** The admin list: everyone (or those the filter matches), newest first (id breaks ties so the order is stable). */
  async listNewestFirst(filter: AdminUserFilter = { q: null, role: null }): Promise<UserEntity[]> {
    const query = this.users.createQueryBuilder('u').orderBy('u.created_at', 'DESC').addOrderBy('u.id', 'DESC');
    if (filter.role) query.andWhere('u.role = :role', { role: filter.role });
    if (filter.q) {
      query.andWhere(
        `(u.email ILIKE :pattern OR u.first_name ILIKE :pattern OR u.last_name ILIKE :pattern OR concat_ws(' ', u.first_name, u.last_name) ILIKE :pattern)`,
        { pattern: containsPattern(filter.q) },
      );
    }
    return query.getMany();
  }
}
