import type { TStand } from '@flohmarkt/contracts';

export type BadgeKind = 'category' | 'food' | 'activity';

export interface CardBadges {
  badges: Array<{ kind: BadgeKind; label: string }>;
  /** '+N mehr': the categories not shown, when the stand has more than 4 in total; else 0. */
  more: number;
  /** 'Allgemein' instead of badges when the stand has no category at all. */
  general: boolean;
}

export const CARD_BADGE_LIMITS = { category: 2, food: 1, activity: 1, total: 4 } as const;

/**
 * The badge rule of the stand cards (docs/product.md#categories): up to 2 product categories, 1 food and
 * 1 activity badge; '+N mehr' when the stand has more than 4 categories in total, N being the
 * ones not shown; 'Allgemein' when it has none.
 */
export function cardBadges(stand: Pick<TStand, 'categories' | 'foodCategories' | 'activityCategories'>): CardBadges {
  const badges = [
    ...stand.categories.slice(0, CARD_BADGE_LIMITS.category).map((label) => ({ kind: 'category' as const, label })),
    ...stand.foodCategories.slice(0, CARD_BADGE_LIMITS.food).map((label) => ({ kind: 'food' as const, label })),
    ...stand.activityCategories.slice(0, CARD_BADGE_LIMITS.activity).map((label) => ({ kind: 'activity' as const, label })),
  ];
  const total = stand.categories.length + stand.foodCategories.length + stand.activityCategories.length;
  return {
    badges,
    more: total > CARD_BADGE_LIMITS.total ? total - badges.length : 0,
    general: total === 0,
  };
}
