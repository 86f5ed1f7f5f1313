import { Logo } from '@/components/layout/Logo';

const HIGHLIGHTS = ['Eigene Eventseite mit Standkarte', 'Stände mit Fotos und Kategorien', 'Teilen per Link und QR-Code'];

/** Top of the landing page; the location search and the date picker join it later. */
export function Hero() {
  return (
    <section className="hero brand-gradient" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__content">
          <p className="hero__eyebrow">Für Veranstalter, Aussteller und Besucher</p>
          <h1 id="hero-title" className="hero__title">
            Flohmärkte in deiner Nähe entdecken
          </h1>
          <p className="hero__lead">
            Finde Flohmärkte in deiner Umgebung, organisiere deinen eigenen Markt oder melde deinen Stand an – alles an
            einem Ort.
          </p>
          <p className="hero__promise">
            <strong>Komplett kostenlos</strong> – keine Gebühren, kein Abo, keine versteckten Kosten.
          </p>
          <ul className="hero__highlights">
            {HIGHLIGHTS.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
        <div className="hero__art" aria-hidden="true">
          <Logo size={176} className="hero__logo" />
        </div>
      </div>
    </section>
  );
}
