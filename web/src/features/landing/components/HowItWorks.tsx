const STEPS = [
  {
    title: 'Flohmarkt finden',
    text: 'Gib deinen Ort oder deine Postleitzahl ein und sieh alle Flohmärkte im Umkreis von 50 km auf der Karte.',
  },
  {
    title: 'Stand anmelden',
    text: 'Melde deinen Stand mit Beschreibung, Kategorien und genauer Position an – auch spontan ohne Konto als Gast.',
  },
  {
    title: 'Stöbern und verkaufen',
    text: 'Besucher sehen vorab, wer was anbietet, und finden deinen Stand direkt auf dem Lageplan des Flohmarkts.',
  },
];

/** 'So funktioniert's': three steps. */
export function HowItWorks() {
  return (
    <section className="how container" aria-labelledby="how-title">
      <h2 id="how-title" className="section-title section-title--center">
        So funktioniert&apos;s
      </h2>
      <ol className="how__list">
        {STEPS.map((step, index) => (
          <li key={step.title} className="how__card">
            <span className="how__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="how__title">{step.title}</h3>
            <p className="how__text">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
