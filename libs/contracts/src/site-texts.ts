/**
 * Texts of the web app that the gateway also writes into a page's HTML for its first paint, before
 * any script runs (gateway/src/web/*-first-paint.ts). One source for both, so that nothing changes
 * on screen when the app takes over.
 */

/** The product's name and line beside the logo in the site header. */
export const SITE_BRAND = {
  title: 'Flohmarkt',
  subtitle: 'Flohmärkte in deiner Nähe',
} as const;

/** The top of the landing page (web/src/features/landing/components/Hero.tsx). */
export const LANDING_HERO = {
  eyebrow: 'Für Organisatoren, Aussteller und Besucher',
  title: 'Flohmärkte in deiner Nähe entdecken',
  lead: 'Finde Flohmärkte in deiner Umgebung, organisiere deinen eigenen Markt oder melde deinen Stand an – alles an einem Ort.',
  /** The promise in bold, then the rest of its sentence. */
  promise: 'Komplett kostenlos',
  promiseRest: ' – keine Gebühren, kein Abo, keine versteckten Kosten.',
} as const;
