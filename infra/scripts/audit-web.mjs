#!/usr/bin/env node
/**
 * `npm run audit:web`: the web app's quality bars, printed as figures.
 *
 *   1. First paint of `/`: the JavaScript the page needs before it can paint (the entry script and
 *      its modulepreloads in web/dist/index.html), gzip-compressed, against the 120 kB budget. The
 *      browser measurement below double-checks it: scripts requested before the first contentful
 *      paint, and what loads later (the map).
 *   2. axe-core (its default rules: WCAG 2.0/2.1 A and AA, best practices) on `/`, an event page, a
 *      stand page, an exhibitor page and the legal pages: no serious or critical violation allowed.
 *   3. Lighthouse, when it is installed (`npx lighthouse`); it is kept out of the default install.
 *
 * It builds the web app, starts the product (`infra/launcher/start.mjs` on a free port with a
 * throw-away data directory), signs in through the development identity provider, creates an event
 * with an approved stand, and audits as a signed-out visitor. With `--url <origin>` (or AUDIT_URL)
 * it audits a running instance instead and creates its sample data there.
 *
 * Exit code 1 when a bar is missed. Options: --url <origin>, --no-build, --keep (leave the stack up).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_DIST = path.join(ROOT, 'web/dist');
const BUDGET_KB = 120;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const QUIET_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const flag = (name) => args.includes(name);

const out = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const failures = [];
/** The scripts of index.html (entry and modulepreloads), filled by firstPaintFromBuild. */
let staticScripts = new Set();

function gzipSize(file) {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function run(command, commandArgs, cwd = ROOT) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit', env: { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false' } });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

/** 1. The scripts index.html makes the browser load before anything renders. */
function firstPaintFromBuild() {
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  const urls = [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
    ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]),
  ];
  const files = urls.map((url) => ({ url, gzip: gzipSize(path.join(WEB_DIST, url)) }));
  staticScripts = new Set(urls);
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  out('First paint of / (web/dist/index.html: entry script and modulepreloads, gzip -9, 1 kB = 1000 bytes)');
  for (const f of files) out(`  ${f.url.padEnd(48)} ${kb(f.gzip).padStart(9)}`);
  out(`  ${'total'.padEnd(48)} ${kb(total).padStart(9)}   budget ${BUDGET_KB} kB: ${total <= BUDGET_KB * 1000 ? 'ok' : 'EXCEEDED'}`);
  if (total > BUDGET_KB * 1000) failures.push(`first-paint JavaScript ${kb(total)} > ${BUDGET_KB} kB`);
  return total;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin, child, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the product stopped while starting (exit ${child.exitCode})`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${origin}/api/health did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Starts the whole product like `npm start`, on a free port and with a throw-away data directory. */
async function startProduct() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'flohmarkt-audit-'));
  // The embedded PostgreSQL runs as the OS user postgres when started as root: it must reach its
  // directory below this one (mkdtemp creates it for the owner only).
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, [path.join(ROOT, 'infra/launcher/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const origin = `http://localhost:${port}`;
  try {
    await waitForHealth(origin, child);
  } catch (error) {
    out(log.slice(-4000));
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, stop };
}

/** Signs in through the development identity provider's form (the page keeps the session cookie). */
async function signIn(page, origin) {
  await page.goto(`${origin}/api/login`);
  await page.waitForURL(/\/oidc\//);
  await page.locator('input[name="email"]').fill('audit.veranstalter@example.org');
  await page.locator('input[name="firstName"]').fill('Anna');
  await page.locator('input[name="lastName"]').fill('Audit');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${origin}/`);
}

/** Calls the API from the page: same origin, with its cookie, like the web app. */
async function apiFromPage(page, method, url, body) {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, { method: m, credentials: 'include', headers: b ? { 'Content-Type': 'application/json' } : {}, body: b ? JSON.stringify(b) : undefined });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    [method, url, body],
  );
}

/** An event (upcoming, with coordinates) and one approved stand. */
async function seed(page, origin) {
  await signIn(page, origin);
  const start = new Date(Date.now() + 7 * 86_400_000);
  start.setUTCHours(8, 0, 0, 0);
  const end = new Date(start.getTime() + 7 * 3_600_000);
  const event = await apiFromPage(page, 'POST', '/api/events', {
    name: 'Audit-Flohmarkt am Kanal',
    description: 'Ein Flohmarkt zum Prüfen der Barrierefreiheit.',
    rules: 'Aufbau ab 7 Uhr, bitte nichts zurücklassen.',
    location: 'Paul-Lincke-Ufer, 10999 Berlin',
    latitude: 52.4955,
    longitude: 13.4245,
    startDateTime: start.toISOString(),
    endDateTime: end.toISOString(),
    contactEmail: 'kontakt@example.org',
    contactPhone: '030 1234567',
    websiteUrl: 'https://example.org',
  });
  if (event.status !== 201 && event.status !== 200) throw new Error(`POST /api/events answered ${event.status}: ${JSON.stringify(event.body)}`);
  const eventId = event.body.id;
  const stand = await apiFromPage(page, 'POST', `/api/events/${eventId}/guest-stands`, {
    guestFirstName: 'Gustav',
    guestLastName: 'Gast',
    standNumber: '7',
    description: 'Bücher, Schallplatten und Spielzeug aus zweiter Hand.',
    categories: ['Bücher', 'Schallplatten', 'Spielzeug'],
    foodCategories: ['Kuchen'],
    activityCategories: [],
    acceptsPayPal: true,
    latitude: 52.4957,
    longitude: 13.4249,
  });
  if (stand.status !== 201 && stand.status !== 200) throw new Error(`POST guest-stands answered ${stand.status}: ${JSON.stringify(stand.body)}`);
  const approved = await apiFromPage(page, 'PATCH', `/api/stands/${stand.body.id}/approve-draft`);
  if (approved.status >= 300) throw new Error(`approve-draft answered ${approved.status}`);
  const me = await apiFromPage(page, 'GET', '/api/auth/user');
  return { eventId, standId: stand.body.id, organiserId: me.body.id };
}

/**
 * Checks in Chromium that the first paint needs only that JavaScript: every other script (the lazy
 * chunks: map, QR code, other pages) is held back for HOLD_MS, and the hero and the event list
 * must be on screen before any of it arrives.
 */
async function firstPaintInBrowser(context, origin, staticUrls) {
  const HOLD_MS = 3000;
  const page = await context.newPage();
  const arrived = [];
  await page.route('**/*.js', async (route) => {
    if (!staticUrls.has(new URL(route.request().url()).pathname)) await new Promise((r) => setTimeout(r, HOLD_MS));
    await route.continue().catch(() => undefined);
  });
  page.on('requestfinished', (request) => {
    const url = new URL(request.url()).pathname;
    if (url.endsWith('.js')) arrived.push({ url, at: Date.now() });
  });
  const started = Date.now();
  await page.goto(`${origin}/`, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  await page.locator('.event-list__item, .empty-state').first().waitFor({ timeout: 15_000 });
  const paintedAt = Date.now();
  await page.locator('.leaflet-container').waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.close();

  const sized = (list) => list.map((a) => ({ ...a, gzip: existsSync(path.join(WEB_DIST, a.url)) ? gzipSize(path.join(WEB_DIST, a.url)) : 0 }));
  const before = sized(arrived.filter((a) => a.at <= paintedAt));
  const after = sized(arrived.filter((a) => a.at > paintedAt));
  const sum = (list) => list.reduce((total, a) => total + a.gzip, 0);
  out(`In Chromium, with every lazy chunk held back ${HOLD_MS / 1000} s: hero and event list painted after ${paintedAt - started} ms`);
  out(`  JavaScript loaded by then: ${before.length} files, ${kb(sum(before))} gzip (${before.map((a) => path.basename(a.url)).join(', ')})`);
  out(`  loaded afterwards (map and other lazy chunks): ${after.length} files, ${kb(sum(after))} gzip`);
  for (const a of after) out(`    ${a.url.padEnd(46)} ${kb(a.gzip).padStart(9)}`);
  const lateStatic = after.filter((a) => staticUrls.has(a.url));
  if (sum(before) > BUDGET_KB * 1000) failures.push(`JavaScript before the first paint in Chromium ${kb(sum(before))} > ${BUDGET_KB} kB`);
  if (before.some((a) => !staticUrls.has(a.url)) || lateStatic.length) out('  note: the set differs from index.html\'s');
}

async function axeAudit(page, origin, pages) {
  const { AxeBuilder } = await import('@axe-core/playwright');
  out('axe-core, default rule set (WCAG 2.0/2.1 A and AA, best practices): violations (nodes) by impact');
  for (const { name, url, ready } of pages) {
    await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' });
    try {
      await page.waitForSelector(ready, { timeout: 15_000 });
    } catch (error) {
      const headings = await page.locator('h1').allInnerTexts();
      throw new Error(`${name}: ${ready} did not appear at ${page.url()} (h1: ${headings.join(' | ') || 'none'})`, { cause: error });
    }
    const result = await new AxeBuilder({ page }).analyze();
    const byImpact = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    for (const v of result.violations) byImpact[v.impact ?? 'minor'] += v.nodes.length;
    out(`  ${name.padEnd(26)} critical ${byImpact.critical}  serious ${byImpact.serious}  moderate ${byImpact.moderate}  minor ${byImpact.minor}`);
    for (const v of result.violations) {
      out(`    [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×) e.g. ${v.nodes[0]?.target.join(' ')}`);
      if (v.impact === 'serious' || v.impact === 'critical') failures.push(`${name}: ${v.id}`);
    }
  }
}

/** Lighthouse from LIGHTHOUSE_BIN, the PATH, or the project's own install (it is optional). */
function lighthouseCommand() {
  const candidates = [process.env.LIGHTHOUSE_BIN && [process.env.LIGHTHOUSE_BIN, []], ['lighthouse', []], ['npx', ['--no-install', 'lighthouse']]].filter(Boolean);
  for (const [command, prefix] of candidates) {
    const probe = spawnSync(command, [...prefix, '--version'], { cwd: ROOT, encoding: 'utf8' });
    if (probe.status === 0) return { command, prefix, version: probe.stdout.trim() };
  }
  return null;
}

function lighthouse(origin, urls) {
  const tool = lighthouseCommand();
  if (!tool) {
    out('Lighthouse: skipped (not installed; it is optional and kept out of the default install: `npm i -D lighthouse`, or LIGHTHOUSE_BIN)');
    return;
  }
  out(`Lighthouse ${tool.version} (mobile defaults; bars: performance ≥ 90, accessibility ≥ 95, CLS ≤ 0.05)`);
  for (const url of urls) {
    const result = spawnSync(
      tool.command,
      [...tool.prefix, `${origin}${url}`, '--quiet', '--output=json', '--only-categories=performance,accessibility,best-practices,seo', `--chrome-flags=--headless=new ${QUIET_FLAGS.join(' ')}`],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
    );
    if (result.status !== 0) {
      out(`  ${url}: lighthouse failed (${result.stderr.trim().split('\n').pop()})`);
      continue;
    }
    const report = JSON.parse(result.stdout);
    const scores = Object.values(report.categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`);
    const cls = report.audits['cumulative-layout-shift']?.numericValue;
    out(`  ${url.padEnd(30)} ${scores.join(' · ')} · CLS ${cls === undefined ? '?' : cls.toFixed(3)}`);
    const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
    if (score('performance') < 90) failures.push(`${url}: Lighthouse performance ${score('performance')} < 90`);
    if (score('accessibility') < 95) failures.push(`${url}: Lighthouse accessibility ${score('accessibility')} < 95`);
    if (cls === undefined || cls > 0.05) failures.push(`${url}: CLS ${cls} > 0.05`);
  }
}

async function main() {
  const given = option('--url') ?? process.env.AUDIT_URL;
  if (!flag('--no-build') && !given) out('Building the product (as npm start does) …');
  if (!flag('--no-build') && given) run(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], path.join(ROOT, 'web'));

  const product = given ? { origin: given.replace(/\/$/, ''), stop: async () => undefined } : await startProduct();
  const { chromium } = await import('playwright-core');
  const profiles = [];
  const browserContext = async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'flohmarkt-audit-chromium-'));
    profiles.push(dir);
    return chromium.launchPersistentContext(dir, { executablePath: CHROMIUM, headless: true, args: QUIET_FLAGS, locale: 'de-DE', viewport: { width: 1280, height: 900 } });
  };
  try {
    out('');
    firstPaintFromBuild();
    out('');

    const organiser = await browserContext();
    const ids = await seed(organiser.pages()[0] ?? (await organiser.newPage()), product.origin);
    await organiser.close();

    // Everything below as a signed-out visitor (a fresh profile without the session cookie).
    const visitor = await browserContext();
    const page = visitor.pages()[0] ?? (await visitor.newPage());
    await firstPaintInBrowser(visitor, product.origin, staticScripts);
    out('');
    await axeAudit(page, product.origin, [
      { name: '/', url: '/', ready: '.leaflet-container' },
      { name: '/events/{id}', url: `/events/${ids.eventId}`, ready: '.leaflet-container' },
      { name: '/stands/{id}', url: `/stands/${ids.standId}`, ready: '.leaflet-container' },
      { name: '/exhibitors/{id}', url: `/exhibitors/${ids.organiserId}`, ready: 'h1' },
      { name: '/impressum', url: '/impressum', ready: 'h1' },
      { name: '/datenschutz', url: '/datenschutz', ready: 'h1' },
      { name: '/legal-notice', url: '/legal-notice', ready: 'h1' },
    ]);
    await visitor.close();
    out('');
    lighthouse(product.origin, ['/', `/events/${ids.eventId}`]);
  } finally {
    for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
    if (flag('--keep')) out(`\nThe product keeps running at ${product.origin} (stop it with Ctrl+C).`);
    else await product.stop();
  }

  out('');
  if (failures.length) {
    out(`FAILED: ${failures.length} bar(s) missed`);
    for (const f of failures) out(`  - ${f}`);
    process.exitCode = 1;
  } else {
    out('All bars met.');
  }
}

main().catch((error) => {
  process.stderr.write(`audit-web: ${error.stack ?? error}\n`);
  process.exit(1);
});
