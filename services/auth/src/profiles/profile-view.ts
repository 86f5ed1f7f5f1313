import type { TExhibitorProfile } from '@flohmarkt/contracts';
import type { ExhibitorFigures } from '../exhibitors/exhibitor-figures.js';
import type { ExhibitorProfileEntity } from './exhibitor-profile.entity.js';

export function storedFigures(p: ExhibitorProfileEntity): ExhibitorFigures {
  return { totalStands: p.totalStands, avgRating: p.avgRating };
}

/** Read shape; `figures` are the current ones when known (else the stored columns). */
export function toExhibitorProfile(p: ExhibitorProfileEntity, figures: ExhibitorFigures = storedFigures(p)): TExhibitorProfile {
  return {
    id: p.id,
    userId: p.userId,
    bio: p.bio,
    specialties: p.specialties,
    kleinanzeigenUrl: p.kleinanzeigenUrl,
    vintedUrl: p.vintedUrl,
    totalStands: figures.totalStands,
    avgRating: figures.avgRating,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}
