import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './support/stack.js';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Keeps Chromium quiet on a machine without internet (no background calls home).
const QUIET_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let stack: TestStack;
let context: BrowserContext;
let page: Page;
let profileDir: string;

beforeAll(async () => {
  stack = await startTestStack({ webDist: WEB_DIST });
  profileDir = mkdtempSync(path.join(os.tmpdir(), 'flohmarkt-chromium-'));
  context = await chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM, headless: true, args: QUIET_FLAGS, locale: 'de-DE' });
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await context?.close();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  await stack?.stop();
});

describe('sign-in in the browser', () => {
  it('signs in through the development provider, stays signed in after a reload, and signs out', async () => {
    await page.goto(stack.publicUrl);
    await page.getByRole('link', { name: 'Anmelden', exact: true }).first().click();

    await page.waitForURL(/\/oidc\//);
    await page.locator('input[name="email"]').fill('Greta.Beispiel@example.org');
    await page.locator('input[name="firstName"]').fill('Greta');
    await page.locator('input[name="lastName"]').fill('Beispiel');
    await expect.poll(() => page.locator('form button[type="submit"], form input[type="submit"]').count()).toBe(1);
    await page.locator('form button[type="submit"]').click();

    await page.waitForURL(`${stack.publicUrl}/`);
    const menuButton = page.getByRole('button', { name: 'Benutzermenü' });
    await menuButton.click();
    const menu = page.getByRole('region', { name: 'Benutzermenü' });
    await expect.poll(() => menu.getByText('Greta Beispiel').count()).toBeGreaterThan(0);
    await expect.poll(() => menu.getByText('greta.beispiel@example.org').count()).toBeGreaterThan(0);
    await expect.poll(() => menu.getByText('Teilnehmer').count()).toBeGreaterThan(0);

    await page.reload();
    await page.getByRole('button', { name: 'Benutzermenü' }).click();
    await expect.poll(() => page.getByRole('region', { name: 'Benutzermenü' }).getByText('Greta Beispiel').count()).toBeGreaterThan(0);

    await page.getByRole('region', { name: 'Benutzermenü' }).getByRole('link', { name: 'Abmelden' }).click();
    await page.waitForURL(`${stack.publicUrl}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Anmelden', exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Benutzermenü' }).count()).toBe(0);
  });

  it('shows the English 404 page for an unknown path', async () => {
    await page.goto(`${stack.publicUrl}/gibt-es-nicht`);
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0);
  });
});
