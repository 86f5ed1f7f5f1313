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
 *   3. Lighthouse (mobile) on `/` and an event page with 50 approved stands, the median of three
 *      runs: performance, accessibility, best practices, FCP, LCP, TBT, CLS and speed index, beside
 *      the targets (≥ 95 / 100 / ≥ 95, LCP ≤ 2.0 s). Targets, not bars, unless --lighthouse-bars: a
 *      figure beyond its target is marked and listed, never a failure. Lighthouse
 *      is kept out of the default install (about 170 MB): `.ci/run` installs it into
 *      ~/.cache/flohmarkt/lighthouse; LIGHTHOUSE_BIN, the PATH or `npx --no-install` work too.
 *   4. Installability (infra/scripts/installability.mjs): Chromium's own check of the web app
 *      manifest and the service worker (Lighthouse 12 dropped its installable-manifest audit), and a
 *      maskable icon. A bar: an app that cannot be installed fails the audit.
 *
 * It starts the product (`infra/launcher/start.mjs` on a free port with a throw-away data
 * directory), signs in through the development identity provider, creates an event with 50
 * approved stands, and audits as a signed-out visitor. With `--url <origin>` (or AUDIT_URL) it
 * audits a running instance instead and creates its sample data there.
 *
 * Exit code 1 when a bar (axe, first-paint JavaScript) is missed, 2 when it could not measure.
 * Options: --url <origin>, --no-build, --keep (leave the stack up), --figures (print only: a missed
 * bar does not change the exit code; `npm test` runs it so), --runs <n> (Lighthouse runs per page,
 * the median is printed; 3 by default), --diagnose (what Lighthouse says costs time: LCP element and
 * its parts, render-blocking requests, request chains, unused JavaScript, main-thread work, layout
 * shifts), --save-reports <dir> (every run's full JSON report), --lighthouse-only (skip axe and the
 * first-paint check), --lighthouse-bars (performance ≥ 95 and LCP ≤ 2.0 s count as bars).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CHROMIUM_PATH as CHROMIUM, CHROMIUM_QUIET_FLAGS as QUIET_FLAGS } from '@flohmarkt/launcher/chromium';
import { freePort } from '@flohmarkt/launcher/ports';
import { installability } from './installability.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_DIST = path.join(ROOT, 'web/dist');
const BUDGET_KB = 120;
/** Lighthouse targets (issues 21 and 22): printed beside the figures; bars only with --lighthouse-bars. */
const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, lcpMs: 2000 };
const STANDS_ON_EVENT_PAGE = 50;
const LIGHTHOUSE_CACHE_BIN = path.join(os.homedir(), '.cache/flohmarkt/lighthouse/node_modules/.bin/lighthouse');

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const flag = (name) => args.includes(name);

/**
 * The audit must end on its own: one CI run waited an hour on a step that never finished. Each
 * step names itself here; the watchdog ends the audit when the whole has run longer than any
 * healthy run (about 3 minutes), saying which step it waited on.
 */
const WHOLE_AUDIT_MS = 15 * 60_000;
/** How long a browser, Lighthouse's version probe or the product may take to close or answer. */
const CLOSE_MS = 30_000;
let currentStep = 'starting';
let stopProduct = async () => undefined;
const watchdog = setTimeout(() => {
  process.stderr.write(`audit-web: gave up after ${WHOLE_AUDIT_MS / 60_000} min, waiting on: ${currentStep}\n`);
  void Promise.race([stopProduct(), new Promise((r) => setTimeout(r, CLOSE_MS))]).finally(() => process.exit(2));
}, WHOLE_AUDIT_MS);
watchdog.unref();

/** Resolves with the promise's value, or with `fallback()` once `ms` have passed without one. */
function within(promise, ms, fallback) {
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(fallback()), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

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
    env: { ...process.env, PORT: String(port), INTERNAL_PORTS: 'free', DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // The launcher stops its services in order; one that hangs must not keep the audit waiting.
      await within(exited, CLOSE_MS, () => child.kill('SIGKILL'));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, child);
  } catch (error) {
    out(log.slice(-4000));
    await stop();
    throw error;
  }
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

/** Calls the API from the page: same origin, with its cookie, like the web app. Answers the body of a 2xx, throws on anything else. */
async function apiFromPage(page, method, url, body) {
  const answer = await page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, {
        method: m,
        credentials: 'include',
        headers: b ? { 'Content-Type': 'application/json' } : {},
        body: b ? JSON.stringify(b) : undefined,
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    [method, url, body],
  );
  if (answer.status >= 300) throw new Error(`${method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * An event (upcoming, with coordinates) and its approved stands around its place: one registered by
 * a guest and approved by the organiser (the public path), the rest entered by the organiser as
 * walk-up stands (approved at once, and not held by the guest registrations' rate limit of 20 per
 * 10 minutes, so an audit of a running instance can seed 50).
 */
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
  const eventId = event.id;
  const GOODS = [['Bücher', 'Schallplatten'], ['Spielzeug', 'Kinderkleidung'], ['Deko', 'Vintage'], ['Verschiedenes']];
  const FIRST_NAMES = ['Gustav', 'Jana', 'Paul', 'Mia', 'Ole', 'Lena', 'Emil', 'Ida', 'Karl', 'Rosa'];
  let standId = null;
  for (let i = 0; i < STANDS_ON_EVENT_PAGE; i++) {
    const fields = {
      guestFirstName: FIRST_NAMES[i % FIRST_NAMES.length],
      guestLastName: 'Gast',
      standNumber: String(i + 1),
      description: 'Bücher, Schallplatten und Spielzeug aus zweiter Hand.',
      categories: GOODS[i % GOODS.length],
      foodCategories: i % 5 === 0 ? ['Kuchen'] : [],
      activityCategories: [],
      acceptsPayPal: i % 2 === 0,
      // A grid around the event's place (about 15 m apart, 10 rows).
      latitude: 52.4955 + 0.00014 * (i % 10),
      longitude: 13.4245 + 0.0002 * Math.floor(i / 10),
    };
    const stand = await apiFromPage(page, 'POST', `/api/events/${eventId}/${i === 0 ? 'guest' : 'walk-up'}-stands`, fields);
    if (i === 0) await apiFromPage(page, 'PATCH', `/api/stands/${stand.id}/approve-draft`);
    standId ??= stand.id;
  }
  const me = await apiFromPage(page, 'GET', '/api/auth/user');
  return { eventId, standId, organiserId: me.id };
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
  if (before.some((a) => !staticUrls.has(a.url)) || lateStatic.length) out("  note: the set differs from index.html's");
}

async function axeAudit(page, origin, pages) {
  const { AxeBuilder } = await import('@axe-core/playwright');
  out('axe-core, default rule set (WCAG 2.x A and AA, best practices) and label-content-name-mismatch: violations (nodes) by impact');
  for (const { name, url, ready } of pages) {
    await page.goto(`${origin}${url}`, { waitUntil: 'networkidle' });
    try {
      await page.waitForSelector(ready, { timeout: 15_000 });
    } catch (error) {
      const headings = await page.locator('h1').allInnerTexts();
      throw new Error(`${name}: ${ready} did not appear at ${page.url()} (h1: ${headings.join(' | ') || 'none'})`, { cause: error });
    }
    // Also the WCAG 2.5.3 rule axe still calls experimental (a name that does not contain the visible text).
    const result = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
    const byImpact = { critical: 0, serious: 0, moderate: 0, minor: 0 };
    for (const v of result.violations) byImpact[v.impact ?? 'minor'] += v.nodes.length;
    out(`  ${name.padEnd(26)} critical ${byImpact.critical}  serious ${byImpact.serious}  moderate ${byImpact.moderate}  minor ${byImpact.minor}`);
    for (const v of result.violations) {
      out(`    [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×) e.g. ${v.nodes[0]?.target.join(' ')}`);
      if (v.impact === 'serious' || v.impact === 'critical') failures.push(`${name}: ${v.id}`);
    }
  }
}

/** Lighthouse from LIGHTHOUSE_BIN, the PATH, the CI's cache install, or the project's own (it is optional). */
function lighthouseCommand() {
  const candidates = [
    process.env.LIGHTHOUSE_BIN && [process.env.LIGHTHOUSE_BIN, []],
    ['lighthouse', []],
    existsSync(LIGHTHOUSE_CACHE_BIN) && [LIGHTHOUSE_CACHE_BIN, []],
    ['npx', ['--no-install', 'lighthouse']],
  ].filter(Boolean);
  for (const [command, prefix] of candidates) {
    const probe = spawnSync(command, [...prefix, '--version'], { cwd: ROOT, encoding: 'utf8', timeout: CLOSE_MS, killSignal: 'SIGKILL' });
    if (probe.status === 0) return { command, prefix, version: probe.stdout.trim() };
  }
  return null;
}

/** One page through Lighthouse (mobile, its defaults): the parsed report, or the reason it failed. */
function lighthouseReport(tool, url) {
  const result = spawnSync(
    tool.command,
    [
      ...tool.prefix,
      url,
      '--quiet',
      '--output=json',
      '--only-categories=performance,accessibility,best-practices',
      `--chrome-flags=--headless=new ${QUIET_FLAGS.join(' ')}`,
    ],
    { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000, killSignal: 'SIGKILL' },
  );
  if (result.status !== 0) return { error: (result.stderr || String(result.error ?? 'no output')).trim().split('\n').pop() };
  return { report: JSON.parse(result.stdout) };
}

/** The figures we compare, from one report. */
function figuresOf(report) {
  const score = (id) => (report.categories[id]?.score == null ? null : Math.round(report.categories[id].score * 100));
  const metric = (id) => report.audits[id]?.numericValue ?? null;
  const failing = (id) =>
    (report.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && report.audits[ref.id]?.score < 1)
      .map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    siMs: metric('speed-index'),
    below: { accessibility: failing('accessibility'), 'best-practices': failing('best-practices') },
  };
}

const median = (values) => {
  const known = values.filter((v) => v !== null).sort((x, y) => x - y);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : null;
};

/**
 * What Lighthouse says costs time on the page (its insights and diagnostics that did not pass),
 * with the top rows of each: where to look before changing anything.
 */
const DIAGNOSTICS = [
  'lcp-breakdown-insight',
  'lcp-discovery-insight',
  'render-blocking-insight',
  'network-dependency-tree-insight',
  'document-latency-insight',
  'font-display-insight',
  'image-delivery-insight',
  'cache-insight',
  'unused-javascript',
  'unused-css-rules',
  'legacy-javascript-insight',
  'duplicated-javascript-insight',
  'mainthread-work-breakdown',
  'bootup-time',
  'dom-size-insight',
  'layout-shifts',
  'forced-reflow-insight',
  'long-tasks',
  'total-byte-weight',
];

function rowText(item) {
  const parts = [];
  const url = typeof item.url === 'string' ? item.url.replace(/^https?:\/\/[^/]+/, '') : null;
  if (url) parts.push(url);
  if (item.node?.snippet) parts.push(item.node.snippet.slice(0, 90));
  for (const key of ['label', 'subpart', 'groupLabel', 'group', 'name', 'reason'])
    if (typeof item[key] === 'string' && !parts.includes(item[key])) parts.push(item[key]);
  for (const key of ['duration', 'wastedMs', 'total', 'scripting', 'blockingDuration', 'startTime'])
    if (typeof item[key] === 'number') parts.push(`${key} ${Math.round(item[key])} ms`);
  for (const key of ['transferSize', 'totalBytes', 'wastedBytes']) if (typeof item[key] === 'number') parts.push(`${key} ${kb(item[key])}`);
  if (typeof item.score === 'number') parts.push(`shift ${item.score.toFixed(3)}`);
  return parts.join(' · ');
}

function tablesOf(details) {
  if (!details) return [];
  if (details.type === 'list' || details.type === 'list-section') return (details.items ?? []).flatMap((d) => tablesOf(d.value ?? d));
  if (details.type === 'table' || details.type === 'opportunity') return [details.items ?? []];
  // The LCP breakdown names its element: which text or image the page's largest paint was.
  if (details.type === 'node') return [[{ label: `element: ${details.nodeLabel ?? ''}`, node: details }]];
  if (details.type === 'network-tree' || details.type === 'criticalrequestchain') {
    const rows = [];
    const walk = (chains, depth) => {
      for (const [, node] of Object.entries(chains ?? {})) {
        const request = node.request ?? node;
        rows.push({
          url: `${'  '.repeat(depth)}${request.url ?? ''}`,
          transferSize: request.transferSize,
          duration: request.navStartToEndTime ?? (request.endTime && request.startTime ? (request.endTime - request.startTime) * 1000 : undefined),
        });
        walk(node.children, depth + 1);
      }
    };
    walk(details.chains, 0);
    return [rows];
  }
  return [];
}

function printDiagnostics(report) {
  for (const id of DIAGNOSTICS) {
    const audit = report.audits[id];
    if (!audit || (audit.score === 1 && !id.startsWith('lcp-') && id !== 'mainthread-work-breakdown' && id !== 'network-dependency-tree-insight')) continue;
    if (audit.scoreDisplayMode === 'notApplicable') continue;
    const tables = tablesOf(audit.details).filter((rows) => rows.length > 0);
    // An insight with nothing to say (no figure, no rows) is left out.
    if (!audit.displayValue && tables.length === 0) continue;
    out(`    ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
    for (const rows of tables) for (const item of rows.slice(0, 8)) out(`      ${rowText(item)}`);
  }
}

/**
 * Lighthouse's figures beside the targets, the median of `runs` runs per page (one run varies by a
 * few points on a shared machine). A figure beyond its target is marked; with `bars` the
 * performance and LCP targets count as bars (a missed one fails the audit).
 */
function lighthouse(origin, pages, { runs, diagnose, bars }) {
  const tool = lighthouseCommand();
  if (!tool) {
    out(
      'Lighthouse: skipped (not installed; it is kept out of the default install: `.ci/run` puts it into ~/.cache/flohmarkt/lighthouse, or set LIGHTHOUSE_BIN)',
    );
    return;
  }
  const t = LIGHTHOUSE_TARGETS;
  out(
    `Lighthouse ${tool.version}, mobile (simulated slow 4G, 4× CPU slowdown), median of ${runs} run(s) per page; ${bars ? 'performance and LCP are bars' : 'targets, not bars'}`,
  );
  const head = ['performance', 'access.', 'best pr.', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'];
  out(`  ${'page'.padEnd(30)} ${head.map((h) => h.padStart(11)).join('')}   performance of each run`);
  out(
    `  ${'target'.padEnd(30)} ${[`≥ ${t.performance}`, String(t.accessibility), `≥ ${t['best-practices']}`, '', `≤ ${(t.lcpMs / 1000).toFixed(1)} s`, '', '', ''].map((h) => h.padStart(11)).join('')}`,
  );
  const missed = [];
  for (const { name, url } of pages) {
    const reports = [];
    let error = null;
    for (let i = 0; i < runs; i++) {
      const result = lighthouseReport(tool, `${origin}${url}`);
      if (result.error) error = result.error;
      else reports.push(result.report);
    }
    // --save-reports <dir>: every run's full report, to open in Lighthouse's viewer or read with jq.
    const saveDir = option('--save-reports');
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      reports.forEach((report, i) => writeFileSync(path.join(saveDir, `${url === '/' ? 'landing' : 'event'}-${i + 1}.json`), JSON.stringify(report)));
    }
    if (!reports.length) {
      out(`  ${name.padEnd(30)} lighthouse failed: ${error}`);
      if (bars) failures.push(`${name}: Lighthouse could not run (${error})`);
      continue;
    }
    const each = reports.map(figuresOf);
    const m = Object.fromEntries(
      ['performance', 'accessibility', 'best-practices', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'siMs'].map((k) => [k, median(each.map((f) => f[k]))]),
    );
    const mark = (ok) => (ok === null ? '?' : ok ? ' ✓' : ' ✗');
    const scoreCell = (id) => {
      const value = m[id];
      if (value !== null && value < t[id])
        missed.push(`${name}: ${id} ${value} < ${t[id]}${each[0].below[id]?.length ? ` (${each[0].below[id].join(', ')})` : ''}`);
      return `${value ?? '?'}${mark(value === null ? null : value >= t[id])}`;
    };
    const seconds = (ms) => (ms === null ? '?' : `${(ms / 1000).toFixed(2)} s`);
    const lcpOk = m.lcpMs === null ? null : m.lcpMs <= t.lcpMs;
    if (lcpOk === false) missed.push(`${name}: LCP ${seconds(m.lcpMs)} > ${seconds(t.lcpMs)}`);
    if (bars && m.performance !== null && m.performance < t.performance) failures.push(`${name}: Lighthouse performance ${m.performance} < ${t.performance}`);
    if (bars && lcpOk === false) failures.push(`${name}: Lighthouse LCP ${seconds(m.lcpMs)} > ${seconds(t.lcpMs)}`);
    const cells = [
      scoreCell('performance'),
      scoreCell('accessibility'),
      scoreCell('best-practices'),
      seconds(m.fcpMs),
      `${seconds(m.lcpMs)}${mark(lcpOk)}`,
      m.tbtMs === null ? '?' : `${Math.round(m.tbtMs)} ms`,
      m.cls === null ? '?' : m.cls.toFixed(3),
      seconds(m.siMs),
    ];
    out(`  ${name.padEnd(30)} ${cells.map((c) => c.padStart(11)).join('')}   ${each.map((f) => f.performance).join(' / ')}`);
    if (diagnose) {
      // The run whose performance score is the median one: its diagnostics match the figures above.
      const typical = reports[each.findIndex((f) => f.performance === m.performance)] ?? reports[0];
      printDiagnostics(typical);
    }
  }
  for (const line of missed) out(`  beyond target: ${line}`);
}

async function main() {
  const given = option('--url') ?? process.env.AUDIT_URL;
  if (!flag('--no-build') && !given) out('Building the product (as npm start does) …');
  if (!flag('--no-build') && given) run(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], path.join(ROOT, 'web'));

  currentStep = 'starting the product';
  const product = given ? { origin: given.replace(/\/$/, ''), stop: async () => undefined } : await startProduct();
  stopProduct = product.stop;
  const { chromium } = await import('playwright-core');
  const profiles = [];
  /** Closes a browser; one that does not close in time is killed by its profile folder. */
  const closeBrowser = (context, dir) =>
    within(context.close(), CLOSE_MS, () => {
      out(`  (Chromium did not close within ${CLOSE_MS / 1000} s; its processes were killed)`);
      spawnSync('pkill', ['-9', '-f', dir]);
    });
  const browserContext = async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'flohmarkt-audit-chromium-'));
    profiles.push(dir);
    return chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM,
      headless: true,
      args: QUIET_FLAGS,
      locale: 'de-DE',
      viewport: { width: 1280, height: 900 },
    });
  };
  const lighthouseOnly = flag('--lighthouse-only');
  try {
    out('');
    firstPaintFromBuild();
    out('');

    currentStep = 'seeding the sample market';
    const organiser = await browserContext();
    const ids = await seed(organiser.pages()[0] ?? (await organiser.newPage()), product.origin);
    await closeBrowser(organiser, profiles.at(-1));

    // Everything below as a signed-out visitor (a fresh profile without the session cookie).
    if (!lighthouseOnly) {
      const visitor = await browserContext();
      const page = visitor.pages()[0] ?? (await visitor.newPage());
      currentStep = 'first paint in Chromium';
      await firstPaintInBrowser(visitor, product.origin, staticScripts);
      out('');
      currentStep = 'axe';
      await axeAudit(page, product.origin, [
        { name: '/', url: '/', ready: '.leaflet-container' },
        { name: '/events/{id}', url: `/events/${ids.eventId}`, ready: '.leaflet-container' },
        { name: '/stands/{id}', url: `/stands/${ids.standId}`, ready: '.leaflet-container' },
        { name: '/exhibitors/{id}', url: `/exhibitors/${ids.organiserId}`, ready: 'h1' },
        { name: '/impressum', url: '/impressum', ready: 'h1' },
        { name: '/datenschutz', url: '/datenschutz', ready: 'h1' },
        { name: '/legal-notice', url: '/legal-notice', ready: 'h1' },
      ]);
      out('');
      currentStep = 'installability';
      failures.push(...(await installability(visitor, product.origin, out)));
      currentStep = "closing the visitor's browser";
      await closeBrowser(visitor, profiles.at(-1));
      out('');
    }
    const runs = Number(option('--runs') ?? 3);
    if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number ≥ 1, not ${option('--runs')}`);
    currentStep = 'Lighthouse';
    lighthouse(
      product.origin,
      [
        { name: '/', url: '/' },
        { name: `/events/{id} (${STANDS_ON_EVENT_PAGE} stands)`, url: `/events/${ids.eventId}` },
      ],
      { runs, diagnose: flag('--diagnose'), bars: flag('--lighthouse-bars') },
    );
  } finally {
    // A browser left open by a step that threw still writes into its profile: ended first, or the
    // removal fails and its error hides the step's own.
    for (const dir of profiles) {
      spawnSync('pkill', ['-9', '-f', dir]);
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
      } catch {
        // A profile left in the temp folder costs nothing; a product left running (below, skipped by a throw here) would.
      }
    }
    currentStep = 'stopping the product';
    if (flag('--keep')) clearTimeout(watchdog);
    if (flag('--keep')) out(`\nThe product keeps running at ${product.origin} (stop it with Ctrl+C).`);
    else await product.stop();
  }

  out('');
  if (failures.length) {
    out(`${flag('--figures') ? 'Missed' : 'FAILED:'} ${failures.length} bar(s)`);
    for (const f of failures) out(`  - ${f}`);
    if (!flag('--figures')) process.exitCode = 1;
  } else {
    out('All bars met.');
  }
}

main().then(
  // Explicitly: a handle left open (a browser's pipe, a socket) must not keep the audit alive.
  () => (flag('--keep') ? undefined : process.exit()),
  (error) => {
    process.stderr.write(`audit-web: ${error.stack ?? error}\n`);
    process.exit(2);
  },
);
