import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_PATH as CHROMIUM, CHROMIUM_QUIET_FLAGS as QUIET_FLAGS } from '@flohmarkt/launcher/chromium';
import { HttpSession, type Person } from './browser-session.js';

/*
 * Chromium for the browser specs: one headless browser per person, each with a fresh profile in a
 * temporary folder (the development identity provider keeps a session of its own, so people must not
 * share one), and the few page steps every spec takes the same way.
 */

type ContextOptions = Omit<NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>, 'executablePath' | 'headless' | 'args'>;

export interface BrowserOptions extends ContextOptions {
  /** How the temporary profile folder's name starts (it names the spec in the temp dir). */
  profilePrefix?: string;
  /** Chromium's own language German (--lang=de-DE): its native date-time inputs show the German format. */
  germanUi?: boolean;
}

export interface LaunchedBrowser {
  context: BrowserContext;
  /** The tab the browser opened with. */
  page: Page;
  profileDir: string;
  /** Closes the browser and removes its profile folder (the folder also when closing failed). */
  close(): Promise<void>;
}

/** Chromium's flags: quiet, and in German where its own date-time inputs must show the German format. */
const chromiumArgs = (germanUi: boolean) => (germanUi ? ['--lang=de-DE', ...QUIET_FLAGS] : [...QUIET_FLAGS]);

/**
 * One headless Chromium whose contexts are a spec's people: each context has cookies and storage of
 * its own (the identity provider's session included), so people share no sign-in, without a browser
 * process and a profile folder each.
 */
export function launchSharedBrowser(options: { germanUi?: boolean } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs(options.germanUi ?? false) });
}

/** A headless Chromium with a profile of its own; the context options (locale, viewport, …) as given. */
export async function launchBrowser(options: BrowserOptions = {}): Promise<LaunchedBrowser> {
  const { profilePrefix = 'flohmarkt-chromium-', germanUi = false, ...contextOptions } = options;
  const profileDir = mkdtempSync(path.join(os.tmpdir(), profilePrefix));
  const removeProfile = () => rmSync(profileDir, { recursive: true, force: true });
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: chromiumArgs(germanUi),
      ...contextOptions,
    });
  } catch (error) {
    removeProfile();
    throw error;
  }
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    profileDir,
    async close() {
      try {
        await context.close();
      } finally {
        removeProfile();
      }
    },
  };
}

/** The browsers a spec file opens as it goes, closed together in its afterAll. */
export class Browsers {
  private readonly open: LaunchedBrowser[] = [];

  async launch(options?: BrowserOptions): Promise<LaunchedBrowser> {
    const browser = await launchBrowser(options);
    this.open.push(browser);
    return browser;
  }

  /** Closes every browser and removes every profile; one that fails to close keeps none of the others open. */
  async closeAll(): Promise<void> {
    for (const browser of this.open.splice(0)) await browser.close().catch(() => undefined);
  }
}

/** Fills in the development identity provider's form as the person would, once the page has got there. */
export async function fillSignInForm(page: Page, person: Person, timeout?: number): Promise<void> {
  await page.waitForURL(/\/oidc\//, { timeout });
  await page.locator('input[name="email"]').fill(person.email);
  await page.locator('input[name="firstName"]').fill(person.firstName);
  await page.locator('input[name="lastName"]').fill(person.lastName);
  await page.locator('form button[type="submit"]').click();
}

/**
 * Signs the browser in through /api/login and the provider's form, and waits until it is back: on
 * `returnTo` when given (sent as /api/login?returnTo=…), else on the home page.
 */
export async function signInBrowser(page: Page, publicUrl: string, person: Person, options: { returnTo?: string; timeout?: number } = {}): Promise<void> {
  const { returnTo, timeout } = options;
  await page.goto(returnTo === undefined ? `${publicUrl}/api/login` : `${publicUrl}/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  await fillSignInForm(page, person, timeout);
  await page.waitForURL(`${publicUrl}${returnTo ?? '/'}`, { timeout });
}

/** The browser cookies of a signed-in HTTP session (the product's and the identity provider's), for `publicUrl`. */
export function cookiesOf(session: HttpSession, publicUrl: string): { name: string; value: string; url: string }[] {
  return session
    .cookieHeader()
    .split('; ')
    .filter(Boolean)
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), url: publicUrl }));
}

/**
 * Signs a browser context in as `person` without the form in a tab: the same sign-in through the
 * development identity provider over HTTP (HttpSession), then its cookies into the context. For
 * people whose sign-in is not what the test is about; signInBrowser walks the form.
 */
export async function signInByCookies(context: BrowserContext, publicUrl: string, person: Person): Promise<void> {
  const session = new HttpSession(publicUrl);
  await session.signIn(person);
  const me = await session.fetch('/api/auth/user');
  if (me.status !== 200) throw new Error(`signing in ${person.email}: /api/auth/user answered ${me.status}`);
  await me.arrayBuffer();
  await context.addCookies(cookiesOf(session, publicUrl));
}

/**
 * Waits until the first match is visible. When it is not, and `failureShot` names a path (without
 * .png), what the page showed instead is saved there for the failure report.
 */
export async function waitVisible(locator: Locator, options: { timeout?: number; failureShot?: string } = {}): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout: options.timeout });
  } catch (error) {
    if (options.failureShot)
      await locator
        .page()
        .screenshot({ path: `${options.failureShot}-${Date.now()}.png`, fullPage: true })
        .catch(() => undefined);
    throw error;
  }
}

/** What the page's own fetch gets from the API (with the browser's cookies, if any): status and JSON body. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function pageApi(page: Page, pathname: string): Promise<{ status: number; body: any }> {
  return page.evaluate(async (target) => {
    const res = await fetch(target, { credentials: 'include' });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }, pathname);
}
