import { LANDING_HERO } from '@flohmarkt/contracts';
import { escapeHtml } from '@flohmarkt/server-kit';
import { shellMarkup } from './first-paint-shell.js';

/**
 * The landing page's first paint (first-paint-shell.ts says why): its hero, whose lead is the
 * page's largest text, in the HTML of `/`. Without the search form, which needs the app to work:
 * the app adds it below the promise, so nothing above it moves. Without the large logo beside the
 * text on wide screens too: it is centred on the hero's height, which grows by the form, so it would
 * jump down by the form's height; added by the app, it appears once, in its place. The hero is the
 * same for everyone, so the page is made once, when the gateway starts.
 */
export function landingFirstPaintMarkup(logo: string | null): string {
  // As web/src/features/landing/components/Hero.tsx draws it, with the texts from one place.
  return shellMarkup(
    logo,
    '<section class="hero brand-gradient" aria-labelledby="hero-title"><div class="container hero__inner"><div class="hero__content">' +
      `<p class="hero__eyebrow">${escapeHtml(LANDING_HERO.eyebrow)}</p>` +
      `<h1 id="hero-title" class="hero__title">${escapeHtml(LANDING_HERO.title)}</h1>` +
      `<p class="hero__lead">${escapeHtml(LANDING_HERO.lead)}</p>` +
      `<p class="hero__promise"><strong>${escapeHtml(LANDING_HERO.promise)}</strong>${escapeHtml(LANDING_HERO.promiseRest)}</p>` +
      '</div></div></section>',
  );
}
