import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { layoutProblems } from './layout-probe.js';

/*
 * How the layout guard moves through the app and measures it. Speed matters (it runs in every `npm test`):
 * once the app is loaded, it moves to the next route as a click on a link would (history.pushState and a
 * popstate: react-router draws the page without loading the document and its scripts again), and it waits
 * for what the page shows, never for a fixed time.
 */

/** The app's own waiting signs: a spinner, or an element busy loading. */
const BUSY = '.spinner, [aria-busy="true"]';

export interface LayoutGuardOptions {
  baseUrl: string;
  /** How long a page may take to be drawn. */
  timeout: number;
  /** A folder for a screenshot of every failing page and width (E2E_SCREENSHOTS), or undefined. */
  screenshots?: string;
}

const atSignIn = (page: Page) => new URL(page.url()).pathname.startsWith('/oidc/');

/** A tab that stopped answering (its renderer busy or gone): the caller may go on in a new tab. */
export class PageHungError extends Error {}

/**
 * The same person's new tab in place of one that stopped answering: the old one is closed (not waited
 * for long: a hung renderer may never confirm), the new one starts with the context's cookies.
 */
export async function freshTab(old: Page): Promise<Page> {
  await Promise.race([old.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  return old.context().newPage();
}

/** How long one look into the page (a route change, a measurement) may take before the guard names it as hung. */
const LOOK_MS = 30_000;

/**
 * `work` (a call into the page), or an error naming `what` after LOOK_MS. Playwright's evaluate has no
 * time limit of its own: a page that never answers would hold the whole test until its timeout, which
 * names no route (one CI run lost three tests that way).
 */
async function withinLook<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageHungError(`${what}: the page did not answer within ${LOOK_MS / 1000} s`)), LOOK_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the tab shows the app (loaded from baseUrl), so a route change needs no new document. */
function showsApp(page: Page, baseUrl: string): boolean {
  const url = new URL(page.url());
  return url.origin === new URL(baseUrl).origin && !url.pathname.startsWith('/oidc/') && !url.pathname.startsWith('/api/');
}

/** Waits until the app has drawn the page: its main content, no waiting sign left. A spinner that stays is measured as it is. */
async function drawn(page: Page, timeout: number): Promise<void> {
  if (atSignIn(page)) return;
  await page.locator('main').first().waitFor({ state: 'visible', timeout });
  await page.waitForFunction((busy) => !document.querySelector(busy), BUSY, { timeout }).catch(() => undefined);
}

/**
 * Opens `url` (a path of the app) and waits until the app has drawn it. In a tab that shows the app already,
 * the route changes inside the app; the old page's elements must be gone before the new one counts as drawn.
 * A route that sends the person elsewhere (to sign in) is followed; the next route then loads the app anew.
 */
export async function openRoute(page: Page, url: string, options: LayoutGuardOptions): Promise<void> {
  if (showsApp(page, options.baseUrl)) {
    const changed = await withinLook(
      page
        .evaluate(async (target) => {
          const before = Array.from(document.querySelectorAll('main > *'));
          history.pushState(null, '', target);
          dispatchEvent(new PopStateEvent('popstate', { state: null }));
          // React draws the new route (or leaves for sign-in) within a few frames; the old page's elements go.
          // Timers, not animation frames: a tab the browser counts as hidden gets no frames and would wait for ever.
          const until = Date.now() + 10_000;
          while (Date.now() < until) {
            await new Promise((resolve) => setTimeout(resolve, 16));
            if (before.length === 0 || before.some((el) => !el.isConnected)) return true;
          }
          return false;
        }, url)
        .catch(() => true), // the document was left (a redirect to sign in): that is where the route leads.
      `opening ${url} inside the app`,
    );
    if (changed) {
      await page.waitForLoadState('domcontentloaded');
      return drawn(page, options.timeout);
    }
  }
  // A page left a moment ago may still be sending the person to sign in, which aborts this navigation once.
  await page
    .goto(`${options.baseUrl}${url}`, { waitUntil: 'domcontentloaded' })
    .catch(() => page.goto(`${options.baseUrl}${url}`, { waitUntil: 'domcontentloaded' }));
  await drawn(page, options.timeout);
}

/**
 * The page's problems, or null when it left for the identity provider's sign-in form (not the app's page).
 * A page that sends the person elsewhere (sign-in, a non-admin from /admin) is measured where it lands.
 */
async function measure(page: Page, label: string, width: number): Promise<string[] | null> {
  // A page that leaves once (sign-in, a redirect) is measured where it lands; one that keeps leaving is named.
  for (let attempt = 1; ; attempt++) {
    if (atSignIn(page)) return null;
    try {
      return await withinLook(page.evaluate(layoutProblems, width), `measuring ${label} at ${width} px`);
    } catch (error) {
      if (!String(error).includes('Execution context was destroyed') || attempt === 5) throw error;
      await page.waitForLoadState('load', { timeout: LOOK_MS });
    }
  }
}

/** The page's problems at the given widths (the tab is resized, the page stays), each prefixed with where it was seen. */
export async function layoutCheck(page: Page, label: string, widths: number[], options: LayoutGuardOptions): Promise<string[]> {
  const found: string[] = [];
  for (const width of widths) {
    if (page.viewportSize()?.width !== width) {
      await withinLook(page.setViewportSize({ width, height: page.viewportSize()?.height ?? 844 }), `resizing ${label} to ${width} px`);
    }
    const problems = await measure(page, label, width);
    if (problems === null) return found;
    if (problems.length === 0) continue;
    found.push(...problems.map((p) => `${label} at ${width} px: ${p}`));
    if (options.screenshots) {
      mkdirSync(options.screenshots, { recursive: true });
      await page.screenshot({ path: path.join(options.screenshots, `${label.replace(/[^a-z0-9]+/gi, '_')}-${width}.png`) });
    }
  }
  return found;
}
