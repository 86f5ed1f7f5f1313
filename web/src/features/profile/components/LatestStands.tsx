import { LIMITS, type TStand } from '@flohmarkt/contracts';
import { CategoryList } from '@/components/stands/CategoryList';
import { StandRowHeading } from '@/components/stands/StandRowHeading';

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
          <StandRowHeading stand={stand} />
          <CategoryList categories={stand.categories} shown={LIMITS.profileStandCategoriesShown} />
        </li>
      ))}
    </ul>
  );
}
