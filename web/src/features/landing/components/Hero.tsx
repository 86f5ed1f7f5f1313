import { LANDING_HERO } from '@flohmarkt/contracts';
import type { ReactNode } from 'react';
import { Logo } from '@/components/layout/Logo';

/**
 * Top of the landing page, with the search form as its call to action. The gateway sends the same
 * texts, classes and order in the HTML of `/` (gateway/src/web/landing-first-paint.ts).
 */
export function Hero({ search }: { search: ReactNode }) {
  return (
    <section className="hero brand-gradient" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__content">
          <p className="hero__eyebrow">{LANDING_HERO.eyebrow}</p>
          <h1 id="hero-title" className="hero__title">
            {LANDING_HERO.title}
          </h1>
          <p className="hero__lead">{LANDING_HERO.lead}</p>
          <p className="hero__promise">
            <strong>{LANDING_HERO.promise}</strong>
            {LANDING_HERO.promiseRest}
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
