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
