#!/usr/bin/env node
/**
 * `npm run bench:api`: 100,000 events and 200,000 stands in a scratch database, then throughput
 * and latency of the landing query, event detail and a 300-stand event's stands, through the
 * gateway and directly against the service, the product's throughput at 50 connections as a share
 * of a plain node:http + pg server doing the same reads (reference-server.mjs), and the landing
 * query's SQL time alone.
 * The landing map's viewport call (a city box at zoom 12, Germany at zoom 6) is measured too, and
 * again after topping the events up to each further size of `BENCH_SIZES` (e.g.
 * `BENCH_SIZES=100000,1000000`: how it grows at a million events; the first size replaces BENCH_EVENTS).
 * Prints figures; asserts nothing. `--sql-only` skips the HTTP cases; `--viewport-only` measures the
 * viewport call alone (no stands, lists or side-by-side runs); `--no-build` skips the build.
 * The four-way comparison of event detail (issue 32): cached through the gateway against a node:http
 * server answering the same bytes from memory, uncached (`no-cache`) against node:http + pg doing the
 * same two queries. `--quick` runs only that, BENCH_RUNS times (default 3; the share's median is
 * printed); `--profile` also records the gateway's CPU profile during each of its runs and prints
 * where its time went (cpu-profile-summary.mjs).
 * The item search (issue 35) at BENCH_ITEMS items (default 1,000,000) over BENCH_ITEM_MARKETS markets
 * (default 100,000), one request in flight, BENCH_ITEM_REQUESTS each (default 500), through the
 * gateway, the service and its SQL alone (item-search-case.mjs) runs last; `--items-only` runs only
 * that: `npm run bench:api -- --items-only`.
 */
import pg from 'pg';
import { LIMITS } from '@flohmarkt/contracts';
import { formatRow, measure } from './load.mjs';
import { startReferenceServer } from './reference-server.mjs';
import { hasWrk, wrkMeasure } from './wrk.mjs';
import { profiledRun } from './cpu-profile-summary.mjs';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEAP_OPTIONS } from '@flohmarkt/launcher/heap-options';
import { buildAll, startScratchStack } from './scratch-stack.mjs';
import { landingStatements } from './event-statements.mjs';
import { CITIES, seedEvents, seedStands } from './seed-sql.mjs';
import { itemSearchCase } from './item-search-case.mjs';

const SIZES = (process.env.BENCH_SIZES ?? process.env.BENCH_EVENTS ?? '100000').split(',').map((n) => Number(n.trim()));
if (!SIZES.every((n, i) => Number.isInteger(n) && n > 0 && (i === 0 || n > SIZES[i - 1])))
  throw new Error('BENCH_SIZES: growing whole numbers, e.g. 100000,1000000');
const EVENTS = SIZES[0];
const STANDS = Number(process.env.BENCH_STANDS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** Connections of the side-by-side run against the reference server (as the issue's wrk runs). */
const REFERENCE_CONCURRENCY = 50;
const say = (line) => process.stdout.write(`${line}\n`);
const VIEWPORT_ONLY = process.argv.includes('--viewport-only');
const QUICK = process.argv.includes('--quick');
const ITEMS_ONLY = process.argv.includes('--items-only');
const ITEMS = Number(process.env.BENCH_ITEMS ?? 1_000_000);
const ITEM_MARKETS = Number(process.env.BENCH_ITEM_MARKETS ?? 100_000);
const ITEM_REQUESTS = Number(process.env.BENCH_ITEM_REQUESTS ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 3 : 1));
/** Where the gateway writes its CPU profiles with `--profile` (cpu-profile-preload.mjs), else null. */
const PROFILE_DIR = process.argv.includes('--profile') ? mkdtempSync(path.join(os.tmpdir(), 'bench-profile-')) : null;

/**
 * The landing map's viewport call (GET /api/events/viewport) as a browser of 1280 x 800 pixels asks
 * it: Köln at zoom 10 (a found place), 11 and 12 (a city; events listed as markers when at most 500
 * are in view) and Germany at zoom 6 (the whole country, clustered), all events and upcoming ones.
 * Each row of the measurement asks the same box; the events service adds it up anew every time
 * (no-cache), so the figure is the query's, not the gateway's memory.
 */
const KOELN_ZOOM_12 = 'bbox=6.7408,50.8509,7.1798,51.0237';
const VIEWPORTS = [
  ['Köln, zoom 10', 'bbox=6.0823,50.5914,7.8383,51.2818&zoom=10'],
  ['Köln, zoom 11', 'bbox=6.5213,50.7643,7.3993,51.1098&zoom=11'],
  ['Köln, zoom 12', `${KOELN_ZOOM_12}&zoom=12`],
  ['Köln, zoom 12, upcoming', `${KOELN_ZOOM_12}&zoom=12&upcoming=true`],
  ['Germany, zoom 6', 'bbox=5.5,47,15.5,55.2&zoom=6'],
  ['Germany, zoom 6, upcoming', 'bbox=5.5,47,15.5,55.2&zoom=6&upcoming=true'],
];

if (!process.argv.includes('--no-build')) buildAll();
const preload = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cpu-profile-preload.mjs');
const stack = await startScratchStack(
  PROFILE_DIR ? { appEnv: { gateway: { NODE_OPTIONS: `${HEAP_OPTIONS.gateway} --import ${preload}`, CPU_PROFILE_DIR: PROFILE_DIR } } } : {},
);
try {
  if (!ITEMS_ONLY) {
    const db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const t = performance.now();
    await seedEvents(db, EVENTS);
    const [{ id: bigEvent }] = (await db.query(`SELECT id FROM events.events WHERE start_date_time > now() ORDER BY start_date_time LIMIT 1`)).rows;
    if (!VIEWPORT_ONLY) await seedStands(db, STANDS, bigEvent, 300);
    say(`seeded ${EVENTS} events and ${VIEWPORT_ONLY ? 0 : STANDS} stands in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const someIds = (await db.query('SELECT id FROM events.events ORDER BY random() LIMIT 200')).rows.map((r) => r.id);
    await db.end();

    const landing = (base) => (i) => `${base}?${new URLSearchParams(landingQuery(CITIES[i % CITIES.length]))}`;
    const internal = { 'x-internal-token': stack.env.GATEWAY_TOKEN };
    /** One case through the gateway and directly against its service, `concurrency` in flight: both rows printed. */
    const measureBoth = async (name, viaGateway, direct, concurrency) => {
      // As a browser asks: answers from 8 KB on come brotli-compressed, and the figure includes packing and unpacking.
      // no-cache: the hop itself, not the gateway's memory of anonymous reads (the side-by-side runs show both).
      const g = await measure(viaGateway, {
        requests: REQUESTS,
        concurrency,
        headers: { 'accept-encoding': 'gzip, deflate, br', 'cache-control': 'no-cache' },
      });
      const d = await measure(direct, { requests: REQUESTS, concurrency, headers: internal });
      say(formatRow(`${name} (gateway)`, g));
      say(formatRow(`${name} (service directly)`, d));
      return { g, d };
    };
    // As the landing page asks: its list (5 events) and its map (up to the API's limit of 500).
    const landingList = (base) => (i) => `${landing(base)(i)}&limit=${LIMITS.landingListPreview}`;
    const landingMap = (base) => (i) => `${landing(base)(i)}&limit=${LIMITS.eventListMaxLimit}`;
    const cases = QUICK
      ? []
      : VIEWPORT_ONLY
        ? viewportCases(stack)
        : [
            ...viewportCases(stack),
            ['landing: upcoming within 50 km (list of 5)', landingList(`${stack.publicUrl}/api/events`), landingList(`${stack.urls.events}/events`)],
            ['landing: upcoming within 50 km (map, ≤ 500)', landingMap(`${stack.publicUrl}/api/events`), landingMap(`${stack.urls.events}/events`)],
            [
              'event detail',
              (i) => `${stack.publicUrl}/api/events/${someIds[i % someIds.length]}`,
              (i) => `${stack.urls.events}/events/${someIds[i % someIds.length]}`,
            ],
            ['stands of a 300-stand event', () => `${stack.publicUrl}/api/events/${bigEvent}/stands`, () => `${stack.urls.stands}/events/${bigEvent}/stands`],
          ];
    // One request at a time shows the latency of the path itself; several in flight show throughput,
    // with the load generator, gateway, services and PostgreSQL all sharing the two cores.
    for (const concurrency of process.argv.includes('--sql-only') || QUICK ? [] : [1, CONCURRENCY]) {
      say(`\n${REQUESTS} requests each, ${concurrency} in flight (2 cores shared by client, gateway, services and PostgreSQL)\n`);
      for (const [name, viaGateway, direct] of cases) {
        const { g, d } = await measureBoth(name, viaGateway, direct, concurrency);
        say(
          `${''.padEnd(44)} gateway hop: +${(g.p50 - d.p50).toFixed(2)} ms p50, +${(g.p99 - d.p99).toFixed(2)} ms p99, ratio ${(g.p50 / d.p50).toFixed(2)}x\n`,
        );
      }
    }

    // Per-core efficiency: the product's throughput at 50 connections as a share of a plain node:http
    // (+ pg) server doing the same reads on the same database (reference-server.mjs), in the same run.
    if (!process.argv.includes('--sql-only') && !VIEWPORT_ONLY) {
      // By the city's index in CITIES (names have umlauts, paths would be percent-encoded).
      const landingSql = [];
      for (const c of QUICK ? [] : CITIES) {
        landingSql[landingSql.length] = await landingStatements(stack.databaseUrl, { ...landingQuery(c), limit: String(LIMITS.landingListPreview) });
      }
      // The in-memory yardstick answers the very bytes the gateway keeps for each event (an anonymous read, as wrk's).
      const memory = new Map();
      for (const id of someIds) {
        const res = await fetch(`${stack.publicUrl}/api/events/${id}`);
        memory.set(id, { type: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) });
      }
      say(
        `event detail answers ${[...new Set([...memory.values()].map((m) => m.body.length))]
          .sort((a, b) => a - b)
          .slice(0, 3)
          .join(', ')}… bytes`,
      );
      const reference = await startReferenceServer(stack.databaseUrl, { landing: landingSql, memory });
      // wrk where installed (the generator must not be the bottleneck); else fetch from this process, said so.
      const measureSideBySide = (origin, paths, headers = {}) =>
        hasWrk()
          ? wrkMeasure(origin, paths, { connections: REFERENCE_CONCURRENCY, seconds: 10, headers })
          : measure((i) => `${origin}${paths[i % paths.length]}`, { requests: REQUESTS, concurrency: REFERENCE_CONCURRENCY, headers });
      if (!hasWrk())
        say('\n(wrk is not installed: `apt-get install wrk`; the side-by-side figures below come from fetch in this process, which tops out near 2,000 req/s)');
      const profiled = (name, run) => async () => {
        if (!PROFILE_DIR) return run();
        const { result, summary } = await profiledRun(stack.entries.gateway.child, PROFILE_DIR, run);
        say(`\ngateway CPU profile, ${name}:\n${summary}\n`);
        return result;
      };
      // wrk resolves `localhost` to ::1 first, where the gateway (127.0.0.1) does not listen.
      const gatewayOrigin = stack.publicUrl.replace('//localhost:', '//127.0.0.1:');
      const shares = new Map();
      try {
        say(
          `\nper-core efficiency: ${hasWrk() ? 'wrk, 10 s each' : `${REQUESTS} requests each`}, ${REFERENCE_CONCURRENCY} connections, against a plain node:http server (targets: cached event detail ≥ 30 % of one answering from memory; uncached ≥ 50 % of node:http + pg, landing list ≥ 40 %, p99 ≤ 3x)\n`,
        );
        // Anonymous reads of events are answered from the gateway's memory while no write intervened
        // (gateway/src/http/public-read-cache.ts); `Cache-Control: no-cache` (a reload) takes the whole
        // path through the events service, which signed-in callers always take.
        const uncached = { 'cache-control': 'no-cache' };
        const eventPaths = someIds.map((id) => `/api/events/${id}`);
        const UNCACHED_DETAIL = 'event detail, no-cache vs node:http + pg';
        const pairs = [
          ['event detail, cached vs in-memory node:http', someIds.map((id) => `/memory/${id}`), eventPaths],
          [UNCACHED_DETAIL, someIds.map((id) => `/events/${id}`), eventPaths, uncached],
          ...(QUICK
            ? []
            : [
                ['landing list of 5 within 50 km', CITIES.map((_, i) => `/landing/${i}`), CITIES.map((_, i) => landingList('/api/events')(i))],
                ['landing list of 5, no-cache', CITIES.map((_, i) => `/landing/${i}`), CITIES.map((_, i) => landingList('/api/events')(i)), uncached],
              ]),
        ];
        for (let run = 1; run <= RUNS; run++) {
          if (RUNS > 1) say(`run ${run} of ${RUNS}`);
          for (const [name, ref, product, extra = {}] of pairs) {
            // Back to back, reference first: the machine's other load moves both alike.
            const r = await measureSideBySide(reference.url, ref);
            const p = await profiled(name, () => measureSideBySide(gatewayOrigin, product, { 'accept-encoding': 'gzip, deflate, br', ...extra }))();
            say(formatRow(`${name} (reference)`, r));
            say(formatRow(`${name} (product, gateway)`, p));
            say(
              `${''.padEnd(44)} share of the reference: ${((100 * p.rps) / r.rps).toFixed(0)} % of its throughput, p99 ${(p.p99 / r.p99).toFixed(1)}x its p99\n`,
            );
            // The events service on its own, straight at it: the part of the distance that is not the gateway's (ADR 0009 part 8).
            if (name === UNCACHED_DETAIL) {
              const alone = await measureSideBySide(
                stack.urls.events,
                someIds.map((id) => `/events/${id}`),
                internal,
              );
              say(formatRow(`${name} (events service alone)`, alone));
              say(`${''.padEnd(44)} share of the reference: ${((100 * alone.rps) / r.rps).toFixed(0)} % without the gateway\n`);
            }
            shares.set(name, [...(shares.get(name) ?? []), { r, p }]);
          }
        }
      } finally {
        await reference.stop();
      }
      say('side by side, median share of the runs (gateway req/s / reference req/s):');
      for (const [name, runs] of shares) {
        const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        const share = median(runs.map(({ r, p }) => (100 * p.rps) / r.rps));
        say(
          `  ${name.padEnd(44)} ${runs.map(({ p }) => p.rps.toFixed(0)).join(' · ')} vs ${runs.map(({ r }) => r.rps.toFixed(0)).join(' · ')} req/s: ${share.toFixed(0)} %`,
        );
      }
    }
    // The landing query's SQL alone: the events service's own search code runs once with a logger
    // that keeps its statements; each is then run with EXPLAIN ANALYZE (TIMING OFF: per-node clocks
    // would inflate plans with many small loops), and the median of 7 runs is printed.
    const SQL_ALONE = !VIEWPORT_ONLY && !QUICK;
    if (SQL_ALONE) say('\nlanding query SQL alone, upcoming within 50 km (planning + execution of all its statements, median of 7):');
    for (const c of SQL_ALONE ? CITIES : []) {
      const query = landingQuery(c);
      const list = await explainAll(await landingStatements(stack.databaseUrl, { ...query, limit: String(LIMITS.landingListPreview) }));
      const map = await explainAll(await landingStatements(stack.databaseUrl, { ...query, limit: String(LIMITS.eventListMaxLimit) }));
      const all = await explainAll(await landingStatements(stack.databaseUrl, query));
      const plans = [list, map, all];
      say(
        `  ${c.name.padEnd(18)} list of 5: ${list.ms.toFixed(2).padStart(5)} ms · map of 500: ${map.ms.toFixed(2).padStart(5)} ms · all ${String(all.rows).padStart(4)} in radius: ${all.ms.toFixed(2).padStart(6)} ms · ` +
          `indexes: ${[...new Set(plans.flatMap((p) => p.indexes))].join(', ')}${plans.some((p) => p.seqScan) ? ' · SEQUENTIAL SCAN' : ''}`,
      );
    }
    if (SQL_ALONE) say(`event detail: 1 SQL statement in the events service (the approved-stand count is on the event row, no call to stands)`);

    // The viewport call as the events grow (BENCH_SIZES): the same boxes, more events in them.
    if (!process.argv.includes('--sql-only') && !QUICK) {
      await viewportAnswers(stack, EVENTS);
      for (const size of SIZES.slice(1)) {
        const grow = new pg.Client({ connectionString: stack.databaseUrl });
        await grow.connect();
        const started = performance.now();
        const before = (await grow.query('SELECT count(*)::int AS n FROM events.events')).rows[0].n;
        await seedEvents(grow, size - before);
        await grow.end();
        say(`\ntopped up to ${size} events in ${((performance.now() - started) / 1000).toFixed(1)} s (bulk insert, then one rebuild of the map's cell counts)`);
        await viewportAnswers(stack, size);
        for (const concurrency of [1, CONCURRENCY]) {
          say(`\nviewport at ${size} events: ${REQUESTS} requests each, ${concurrency} in flight\n`);
          for (const [name, viaGateway, direct] of viewportCases(stack)) await measureBoth(name, viaGateway, direct, concurrency);
        }
      }
    }
  }
  // Last: its markets are the stands service's own rows (event_facts) and change nothing above.
  if (!QUICK) await itemSearchCase(stack, { say, requests: ITEM_REQUESTS, markets: ITEM_MARKETS, items: ITEMS });
} finally {
  await stack.stop();
}

/** The landing page's query around a city: upcoming events within 50 km. */
function landingQuery(city) {
  return { upcoming: 'true', lat: String(city.lat), lng: String(city.lng), radiusKm: '50' };
}

function viewportCases(stack) {
  return [
    ...VIEWPORTS.map(([name, query]) => [
      `viewport: ${name}`,
      () => `${stack.publicUrl}/api/events/viewport?${query}`,
      () => `${stack.urls.events}/events/viewport?${query}`,
    ]),
    // For comparison, in the same run: the same box as whole events, as the viewport listed them before its lean markers.
    ['list: Köln zoom-12 box, whole events', () => `${stack.publicUrl}/api/events?${KOELN_ZOOM_12}`, () => `${stack.urls.events}/events?${KOELN_ZOOM_12}`],
  ];
}

/** What each viewport answers at this size: clustered or not, how many in view, how large. */
async function viewportAnswers(stack, size) {
  say(`\nviewport answers at ${size} events:`);
  for (const [name, query] of VIEWPORTS) {
    const res = await fetch(`${stack.publicUrl}/api/events/viewport?${query}`, { headers: { 'cache-control': 'no-cache' } });
    const text = await res.text();
    const body = JSON.parse(text);
    const shape = body.clustered ? `${body.clusters.length} clusters` : `${body.events.length} events listed`;
    say(`  ${name.padEnd(28)} ${res.status} · total ${body.total} · in view ${body.inView} · ${shape} · ${(text.length / 1024).toFixed(1)} KB`);
  }
}

async function explainAll(statements) {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const runs = [];
    let plans = [];
    for (let run = 0; run < 8; run++) {
      plans = [];
      for (const { sql, parameters } of statements) {
        await db.query('BEGIN');
        await db.query('SET LOCAL max_parallel_workers_per_gather = 0');
        plans.push((await db.query(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sql}`, parameters)).rows[0]['QUERY PLAN'][0]);
        await db.query('COMMIT');
      }
      // The first run plans and reads cold; the service's pool runs these statements hot.
      if (run > 0) runs.push(plans.reduce((sum, p) => sum + p['Planning Time'] + p['Execution Time'], 0));
    }
    const nodes = plans.flatMap((p) => planNodes(p.Plan));
    return {
      ms: runs.sort((x, y) => x - y)[Math.floor(runs.length / 2)],
      rows: plans.reduce((sum, p) => sum + p.Plan['Actual Rows'], 0),
      indexes: nodes.map((n) => n['Index Name']).filter(Boolean),
      seqScan: nodes.some((n) => n['Node Type'] === 'Seq Scan'),
    };
  } finally {
    await db.end();
  }
}

function planNodes(node) {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}
