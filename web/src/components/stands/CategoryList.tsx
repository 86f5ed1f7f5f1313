/** The first `shown` product categories as badges and '+n' for the rest (profile: 2, my stands: 3). */
export function CategoryList({ categories, shown }: { categories: string[]; shown: number }) {
  if (categories.length === 0) return <span className="badge">Allgemein</span>;
  const rest = categories.length - shown;
  return (
    <ul className="badge-list" aria-label="Kategorien">
      {categories.slice(0, shown).map((category) => (
        <li key={category} className="badge badge--category">
          {category}
        </li>
      ))}
      {rest > 0 ? (
        <li className="badge badge--more" aria-label={`und ${rest} weitere`}>
          +{rest}
        </li>
      ) : null}
    </ul>
  );
}
