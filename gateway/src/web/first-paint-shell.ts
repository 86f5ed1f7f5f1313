import { BRAND, SITE_BRAND } from '@flohmarkt/contracts';
import { escapeHtml } from '@flohmarkt/server-kit';

/**
 * What every first paint shares (event-first-paint.ts, landing-first-paint.ts): the page's largest
 * text used to appear only once the app's code (80 kB, most of it React) had arrived and rendered,
 * which a phone on slow 4G put at 2 s and more. The gateway writes it into #root instead, with the
 * site header and the brand colours, so the browser paints it right after the HTML and the CSS,
 * before any script. The app then renders the whole page in its place (createRoot replaces what #root
 * holds; the same classes put the same text at the same spot).
 *
 * Only what every visitor sees: no buttons, nothing that depends on who is signed in.
 */

/** The built logo's URL (the page's icon), or null when the page names none. */
export function logoOf(html: string): string | null {
  return html.match(/<link rel="icon"[^>]*href="(\/assets\/[^"]+\.svg)"/)?.[1] ?? null;
}

/** An image of the logo as the app draws it (web/src/components/layout/Logo.tsx), or nothing without one. */
function logoMarkup(logo: string | null, size: number, className: string): string {
  return logo ? `<img width="${size}" height="${size}" alt="" class="${className}" src="${escapeHtml(logo)}">` : '';
}

/**
 * The app's frame around `main` (web/src/components/layout): the site header's brand, as
 * Header.tsx draws it, without the sign-in button, which depends on the visitor.
 */
export function shellMarkup(logo: string | null, main: string): string {
  return (
    '<div class="app-shell"><header class="site-header"><div class="container site-header__inner">' +
    `<a class="brand" href="/">${logoMarkup(logo, 40, 'brand__logo')}<span class="brand__text"><span class="brand__title">${escapeHtml(SITE_BRAND.title)}</span>` +
    `<span class="brand__subtitle">${escapeHtml(SITE_BRAND.subtitle)}</span></span><span class="visually-hidden"> – zur Startseite</span></a>` +
    '</div></header>' +
    `<main class="app-main">${main}</main></div>`
  );
}

/**
 * The brand gradient's colours, which the app sets on <html> only when its script starts
 * (web/src/main.tsx): without them the header and the hero of the first paint would be white text on
 * the page's light background. On :root, as the app's design tokens compute the gradient there.
 */
const BRAND_COLOURS = `<style>:root{--brand-from:${BRAND.gradientFrom};--brand-to:${BRAND.gradientTo}}</style>`;

/**
 * index.html with the first paint in #root and the page's stylesheets (a route's lazily loaded CSS,
 * which may hold its styles) in the head. Null when the page has no empty #root to fill.
 */
export function withFirstPaint(html: string, markup: string, stylesheets: readonly string[] = []): string | null {
  const root = '<div id="root"></div>';
  if (!html.includes(root) || !html.includes('</head>')) return null;
  const links = stylesheets
    .filter((href) => !html.includes(`href="${href}"`))
    // Without crossorigin, as the Link header preloads them; the app's loader finds them and adds none.
    .map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join('');
  return html.replace('</head>', `${BRAND_COLOURS}${links}</head>`).replace(root, `<div id="root">${markup}</div>`);
}
