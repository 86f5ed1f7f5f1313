const AUDIENCES = [
  {
    title: 'Für Organisatoren',
    points: [
      'Eigene Eventseite mit allen Ständen auf der Karte',
      'Kategorie- und Angebotsfilter für Besucher',
      'Teilen per Link und QR-Code für Aushänge',
      'Gaststände für spontane Teilnehmer prüfen und freigeben',
    ],
  },
  {
    title: 'Für Aussteller',
    points: [
      'Kostenloses Verkäuferprofil mit Links zu Kleinanzeigen und Vinted',
      'Standanmeldung mit genauer Position auf der Karte',
      'Fotos von Stand und Angebot',
      'Ausführliche Produktkategorien',
    ],
  },
  {
    title: 'Für Besucher',
    points: [
      'Alle Infos zum Flohmarkt auf einen Blick',
      'Stände mit Fotos, filterbar nach Kategorien',
      'Profile der Aussteller mit Bewertungen',
      'Route zum Flohmarkt mit einem Klick',
    ],
  },
];

/** What the platform offers each audience (docs/product.md#users-and-roles). */
export function Benefits() {
  return (
    <section className="benefits container" aria-labelledby="benefits-title">
      <h2 id="benefits-title" className="section-title section-title--center">
        Alles, was ein Flohmarkt braucht
      </h2>
      <div className="benefits__grid">
        {AUDIENCES.map((audience) => (
          <div key={audience.title} className="benefits__card">
            <h3 className="benefits__title">{audience.title}</h3>
            <ul className="benefits__list">
              {audience.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
