import type { ReactNode } from 'react';
import { Logo } from '@/components/layout/Logo';

/** Top of the landing page, with the search form as its call to action. */
export function Hero({ search }: { search: ReactNode }) {
  return (
    <section className="hero brand-gradient" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__content">
          <p className="hero__eyebrow">Für Veranstalter, Aussteller und Besucher</p>
          <h1 id="hero-title" className="hero__title">
            Flohmärkte in deiner Nähe entdecken
          </h1>
          <p className="hero__lead">Finde Flohmärkte in deiner Umgebung, organisiere deinen eigenen Markt oder melde deinen Stand an – alles an einem Ort.</p>
          <p className="hero__promise">
            <strong>Komplett kostenlos</strong> – keine Gebühren, kein Abo, keine versteckten Kosten.
          </p>
          {search}
        </div>
        <div className="hero__art" aria-hidden="true">
          <Logo size={176} className="hero__logo" />
        </div>
      </div>
    </section>
  );
}
