import { z } from 'zod';

/*
 * What the stands service answers other services (`/internal/...`, never public), and the own
 * German sentences of its public answers that messages.ts does not hold yet.
 */

/** One user's exhibitor numbers: approved stands, and the average review rating on them (0 when none). */
export const ZExhibitorStat = z.object({
  totalStands: z.number().int().nonnegative(),
  avgRating: z.number().min(0).max(5),
});
export type TExhibitorStat = z.infer<typeof ZExhibitorStat>;

/** GET /internal/exhibitor-stats?userIds=a,b → numbers per user (zeros for every asked id without stands). */
export const ZExhibitorStats = z.record(z.string(), ZExhibitorStat);
export type TExhibitorStats = z.infer<typeof ZExhibitorStats>;

/** Own sentences (not inherited product texts) of the stands service's answers. */
export const STAND_API_ERRORS = {
  /** PUT /api/stands/{id} with a photo path the stand does not have. */
  photosOnlyReorder: 'Fotos können hier nur sortiert oder entfernt werden. Neue Fotos lädst du über den Foto-Upload hoch.',
  exhibitorIdRequired: 'Bitte gib an, von welchem Aussteller die Stände angezeigt werden sollen.',
  reviewOwnStand: 'Du kannst deinen eigenen Stand nicht bewerten.',
  reviewNotApproved: 'Nur freigegebene Stände können bewertet werden.',
  reviewBeforeStart: 'Bewertungen sind erst ab Beginn des Flohmarkts möglich.',
  reviewAlreadyGiven: 'Du hast diesen Stand bereits bewertet.',
} as const;
