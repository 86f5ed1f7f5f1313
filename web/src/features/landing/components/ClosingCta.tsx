import { LOGIN_PATH } from '@/components/layout/nav-entries';

/** Closing call to action of the landing page. */
export function ClosingCta() {
  return (
    <section className="cta" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta__card brand-gradient">
          <h2 id="cta-title" className="cta__title">
            Bereit für deinen nächsten Flohmarkt?
          </h2>
          <p className="cta__text">Registriere dich kostenlos, erstelle deinen eigenen Flohmarkt oder melde deinen Stand an – in wenigen Minuten.</p>
          <a className="button button--accent button--large" href={LOGIN_PATH}>
            Kostenlos registrieren
          </a>
        </div>
      </div>
    </section>
  );
}
