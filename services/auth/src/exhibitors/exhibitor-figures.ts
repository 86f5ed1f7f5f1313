import { ZExhibitorStats } from '@flohmarkt/contracts';

/**
 * An exhibitor's figures as the auth service answers them: approved stands and the average rating
 * of the reviews on them, the rating as a numeric string with two decimals like the decimal(3,2)
 * column it is stored in ('4.50').
 */
export interface ExhibitorFigures {
  totalStands: number;
  avgRating: string;
}

export const NO_FIGURES: ExhibitorFigures = { totalStands: 0, avgRating: '0.00' };

export function formatRating(avg: number): string {
  return avg.toFixed(2);
}

/**
 * Figures for each asked user from the stands answer; a user the answer leaves out has no approved
 * stand, so zero. Null when the answer is not the agreed shape (treated like stands being away).
 */
export function figuresFromAnswer(userIds: string[], raw: unknown): Map<string, ExhibitorFigures> | null {
  // The stands service owns this answer (`GET /internal/exhibitor-stats`): checked, not trusted.
  const parsed = ZExhibitorStats.safeParse(raw);
  if (!parsed.success) return null;
  const figures = new Map<string, ExhibitorFigures>();
  for (const id of userIds) {
    const entry = parsed.data[id];
    figures.set(id, entry ? { totalStands: entry.totalStands, avgRating: formatRating(entry.avgRating) } : NO_FIGURES);
  }
  return figures;
}

/** The stored columns need writing when they no longer say what stands says. */
export function figuresDiffer(stored: ExhibitorFigures, current: ExhibitorFigures): boolean {
  return stored.totalStands !== current.totalStands || Number(stored.avgRating) !== Number(current.avgRating);
}
