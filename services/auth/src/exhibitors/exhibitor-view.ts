import type { TExhibitor } from '@flohmarkt/contracts';
import type { ExhibitorProfileEntity } from '../profiles/exhibitor-profile.entity.js';
import type { UserEntity } from '../users/user.entity.js';
import type { ExhibitorFigures } from '../read-models/exhibitor-figures.js';

/**
 * The public exhibitor page. Every user has one: without a profile row the profile fields are
 * empty (bio null, no specialties, no links), so the stand page's exhibitor link never breaks.
 */
export function toExhibitor(user: UserEntity, profile: ExhibitorProfileEntity | null, figures: ExhibitorFigures): TExhibitor {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    bio: profile?.bio ?? null,
    specialties: profile?.specialties ?? [],
    totalStands: figures.totalStands,
    avgRating: figures.avgRating,
    kleinanzeigenUrl: profile?.kleinanzeigenUrl ?? null,
    vintedUrl: profile?.vintedUrl ?? null,
    memberSince: user.createdAt.toISOString(),
  };
}
