import type { TStand } from '@flohmarkt/contracts';
import { cardBadges } from '@/lib/card-badges';

/** The badges of a stand card: 2 product, 1 food, 1 activity, '+N mehr' or 'Allgemein'. */
export function CategoryBadges({ stand }: { stand: Pick<TStand, 'categories' | 'foodCategories' | 'activityCategories'> }) {
  const { badges, more, general } = cardBadges(stand);
  return (
    <ul className="badge-list" aria-label="Kategorien">
      {general ? (
        <li className="badge">Allgemein</li>
      ) : (
        badges.map((badge) => (
          <li key={`${badge.kind}:${badge.label}`} className={`badge badge--${badge.kind}`}>
            {badge.label}
          </li>
        ))
      )}
      {more > 0 ? <li className="badge badge--more">+{more} mehr</li> : null}
    </ul>
  );
}
