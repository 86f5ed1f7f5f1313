import type { TStand } from '@flohmarkt/contracts';

// Under the section's heading „Kategorien“: the first group is not called that a second time.
const GROUPS = [
  { key: 'categories', title: 'Waren' },
  { key: 'foodCategories', title: 'Essen & Trinken' },
  { key: 'activityCategories', title: 'Aktionen' },
] as const;

/** The stand page's three category groups (a group without entries is left out). */
export function CategoryGroups({ stand }: { stand: TStand }) {
  const groups = GROUPS.filter((g) => stand[g.key].length > 0);
  if (groups.length === 0) return <p className="muted">Allgemein</p>;
  return (
    <div className="category-groups">
      {groups.map((group) => (
        <div key={group.key} className="category-groups__group">
          <h3 className="category-groups__title">{group.title}</h3>
          <ul className="badge-list">
            {stand[group.key].map((value) => (
              <li key={value} className={`badge badge--${group.key === 'categories' ? 'category' : group.key === 'foodCategories' ? 'food' : 'activity'}`}>
                {value}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
