import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { API_ERRORS, isId, type TExhibitorProfileCreate, type TExhibitorProfileUpdate } from '@flohmarkt/contracts';
import { fail } from '@flohmarkt/server-kit';
import { isUniqueViolation } from '../database.js';
import { announceProfile } from '../users/profile-announcement.js';
import { ExhibitorProfileEntity } from './exhibitor-profile.entity.js';

const ONE_PROFILE_PER_USER = 'IDX_exhibitor_profiles_user_id';

@Injectable()
export class ExhibitorProfilesService {
  constructor(@InjectRepository(ExhibitorProfileEntity) private readonly profiles: Repository<ExhibitorProfileEntity>) {}

  /** GET /exhibitor-profiles?userId=: zero or one profile (a malformed id simply has none). */
  async listForUser(userId: string): Promise<ExhibitorProfileEntity[]> {
    return isId(userId) ? this.profiles.find({ where: { userId } }) : [];
  }

  async findForUser(userId: string): Promise<ExhibitorProfileEntity | null> {
    return isId(userId) ? this.profiles.findOneBy({ userId }) : null;
  }

  async get(id: string): Promise<ExhibitorProfileEntity> {
    const profile = isId(id) ? await this.profiles.findOneBy({ id }) : null;
    if (!profile) throw fail.notFound(API_ERRORS.profileNotFound);
    return profile;
  }

  /**
   * The session's user gets their one profile; a second is a 409. The unique index settles two
   * creates racing each other, so the pre-check is only there for the common case.
   */
  async create(userId: string, input: TExhibitorProfileCreate): Promise<ExhibitorProfileEntity> {
    if (await this.profiles.existsBy({ userId })) throw fail.conflict(API_ERRORS.profileExists);
    try {
      return await this.savedAnnounced(this.profiles.create({ ...input, userId }));
    } catch (err) {
      if (isUniqueViolation(err, ONE_PROFILE_PER_USER)) throw fail.conflict(API_ERRORS.profileExists);
      throw err;
    }
  }

  /** A field left out keeps its value (ZExhibitorProfileUpdate); null or blank clears it. */
  async update(profile: ExhibitorProfileEntity, input: TExhibitorProfileUpdate): Promise<ExhibitorProfileEntity> {
    for (const key of ['bio', 'specialties', 'kleinanzeigenUrl', 'vintedUrl', 'visibility'] as const) {
      const value = input[key];
      if (value !== undefined) (profile as unknown as Record<string, unknown>)[key] = value;
    }
    return this.savedAnnounced(profile);
  }

  /**
   * Saves the profile and, in the same transaction, announces the user again (UserProfileChanged): the
   * stands service learns the visibility with it, so stands stop linking to a profile made private.
   */
  private savedAnnounced(profile: ExhibitorProfileEntity): Promise<ExhibitorProfileEntity> {
    return this.profiles.manager.transaction(async (m) => {
      const saved = await m.getRepository(ExhibitorProfileEntity).save(profile);
      await announceProfile(m, saved.userId);
      return saved;
    });
  }
}
