#!/usr/bin/env node
/**
 * `npm run bench:api`: 100,000 events and 200,000 stands in a scratch database, then throughput
 * and latency of the landing query, event detail and a 300-stand event's stands, through the
 * gateway and directly against the service, and the landing query's SQL time alone.
 * Prints figures; asserts nothing.
 */
import pg from 'pg';
import { formatRow, measure } from './load.mjs';
import { buildAll, startScratchStack } from './scratch-stack.mjs';
import { CITIES, seedEvents, seedStands } from './seed-sql.mjs';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const STANDS = Number(process.env.BENCH_STANDS ?? 200_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const say = (line) => process.stdout.write(`${line}\n`);

if (!process.argv.includes('--no-build')) buildAll();
const stack = await startScratchStack();
try {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  let t = performance.now();
  await seedEvents(db, EVENTS);
  const [{ id: bigEvent }] = (await db.query(`SELECT id FROM events.events WHERE start_date_time > now() ORDER BY start_date_time LIMIT 1`)).rows;
  await seedStands(db, STANDS, bigEvent, 300);
  say(`seeded ${EVENTS} events and ${STANDS} stands in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const someIds = (await db.query('SELECT id FROM events.events ORDER BY random() LIMIT 200')).rows.map((r) => r.id);

  const landing = (base) => (i) => {
    const c = CITIES[i % CITIES.length];
    return `${base}?upcoming=true&lat=${c.lat}&lng=${c.lng}&radiusKm=50`;
  };
  const internal = { 'x-internal-token': stack.env.INTERNAL_TOKEN };
  const landingList = (base) => (i) => `${landing(base)(i)}&limit=5`;
  const cases = [
    ['landing: upcoming within 50 km (all, map)', landing(`${stack.publicUrl}/api/events`), landing(`${stack.urls.events}/events`)],
    ['landing: upcoming within 50 km (list of 5)', landingList(`${stack.publicUrl}/api/events`), landingList(`${stack.urls.events}/events`)],
    ['event detail', (i) => `${stack.publicUrl}/api/events/${someIds[i % someIds.length]}`, (i) => `${stack.urls.events}/events/${someIds[i % someIds.length]}`],
    ['stands of a 300-stand event', () => `${stack.publicUrl}/api/events/${bigEvent}/stands`, () => `${stack.urls.stands}/events/${bigEvent}/stands`],
  ];
  // One request at a time shows the latency of the path itself; several in flight show throughput,
  // with the load generator, gateway, services and PostgreSQL all sharing the two cores.
  for (const concurrency of [1, CONCURRENCY]) {
    say(`\n${REQUESTS} requests each, ${concurrency} in flight (2 cores shared by client, gateway, services and PostgreSQL)\n`);
    for (const [name, viaGateway, direct] of cases) {
      const g = await measure(viaGateway, { requests: REQUESTS, concurrency });
      const d = await measure(direct, { requests: REQUESTS, concurrency, headers: internal });
      say(formatRow(`${name} (gateway)`, g));
      say(formatRow(`${name} (service directly)`, d));
      say(`${''.padEnd(44)} gateway hop: +${(g.p50 - d.p50).toFixed(2)} ms p50, +${(g.p99 - d.p99).toFixed(2)} ms p99, ratio ${(g.p50 / d.p50).toFixed(2)}x\n`);
    }
  }

  // The landing query's SQL alone, as the events service sends it (two reads: running, later).
  t = performance.now();
  const c = CITIES[0];
  const plans = [];
  for (const part of ['e.end_date_time >= $4 AND e.start_date_time < $4', 'e.start_date_time >= $4']) {
    await db.query('BEGIN');
    await db.query('SET LOCAL max_parallel_workers_per_gather = 0');
    const box = { dLat: 50 / 111.2, dLng: 50 / (111.2 * Math.cos((c.lat * Math.PI) / 180)) };
    const sql = `EXPLAIN (ANALYZE, FORMAT JSON) SELECT e.* FROM events.events e
      WHERE e.latitude BETWEEN $1::numeric - ${box.dLat} AND $1::numeric + ${box.dLat}
        AND e.longitude BETWEEN $2::numeric - ${box.dLng} AND $2::numeric + ${box.dLng}
        AND 2 * 6371 * asin(least(1, sqrt(power(sin(radians(e.latitude - $1::numeric) / 2), 2)
          + cos(radians($1::double precision)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - $2::numeric) / 2), 2)))) <= $3
        AND ${part}
      ORDER BY e.start_date_time, e.id`;
    const today = new Date(new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Berlin' }) + 'T00:00:00+01:00');
    const [{ 'QUERY PLAN': [plan] }] = (await db.query(sql, [c.lat, c.lng, 50, today])).rows;
    await db.query('COMMIT');
    plans.push(plan);
  }
  const sqlMs = plans.reduce((sum, p) => sum + p['Execution Time'], 0);
  const seqScan = JSON.stringify(plans).includes('"Seq Scan"');
  const [{ count: inRadius }] = (await db.query(`SELECT count(*)::int AS count FROM events.events e WHERE e.end_date_time >= now() AND 2 * 6371 * asin(least(1, sqrt(power(sin(radians(e.latitude - $1) / 2), 2) + cos(radians($1)) * cos(radians(e.latitude)) * power(sin(radians(e.longitude - $2) / 2), 2)))) <= 50`, [c.lat, c.lng])).rows;
  say(`landing query SQL (EXPLAIN ANALYZE, both reads, ${inRadius} upcoming events within 50 km of ${c.name}): ${sqlMs.toFixed(2)} ms; sequential scan: ${seqScan ? 'YES' : 'no'}`);
  say(`event detail: 1 SQL statement in the events service (plus one stand-count call to the stands service)`);
  await db.end();
} finally {
  await stack.stop();
}
