import { LIMITS, type TStand } from '@flohmarkt/contracts';
import { Link } from 'react-router-dom';
import { StandStatusBadge } from '@/components/stands/StandStatusBadge';
import { CategoryList } from '@/components/stands/CategoryList';
import { standTitle } from '@/lib/stand-title';
import { paths } from '@/lib/paths';

/** The latest 3 stands, newest first, with 2 categories each (+n) (docs/product.md#screens-and-routes). */
export function LatestStands({ stands }: { stands: TStand[] }) {
  const latest = [...stands].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, LIMITS.profileLatestStands);
  if (latest.length === 0) {
    return <p className="muted">Noch keine Stände. Melde auf der Seite eines Flohmarkts deinen ersten Stand an.</p>;
  }
  return (
    <ul className="stand-rows">
      {latest.map((stand) => (
        <li key={stand.id} className="stand-row">
          <div className="stand-row__main">
            <Link className="stand-row__title" to={paths.stand(stand.id)}>
              {standTitle(stand)}
            </Link>
            <StandStatusBadge status={stand.status} waitlistPosition={stand.waitlistPosition} />
          </div>
          <CategoryList categories={stand.categories} shown={LIMITS.profileStandCategoriesShown} />
        </li>
      ))}
    </ul>
  );
}
