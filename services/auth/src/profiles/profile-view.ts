import type { TExhibitorProfile } from '@flohmarkt/contracts';
import type { ExhibitorFigures } from '../read-models/exhibitor-figures.js';
import type { ExhibitorProfileEntity } from './exhibitor-profile.entity.js';

/** Read shape; the figures come from the exhibitor figures read model (a user's, not the row's). */
export function toExhibitorProfile(p: ExhibitorProfileEntity, figures: ExhibitorFigures): TExhibitorProfile {
  return {
    id: p.id,
    userId: p.userId,
    bio: p.bio,
    specialties: p.specialties,
    kleinanzeigenUrl: p.kleinanzeigenUrl,
    vintedUrl: p.vintedUrl,
    totalStands: figures.totalStands,
    avgRating: figures.avgRating,
    visibility: p.visibility,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
