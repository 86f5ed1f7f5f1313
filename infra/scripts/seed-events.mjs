#!/usr/bin/env node
/**
 * `npm run seed:events -- --count 100000`: generated flea markets in the database that `npm start`
 * uses, for trying the landing map and lists at national scale. Spread over German towns by
 * population (most near the big cities, some in the countryside), starting over the next four
 * months (a tenth in the past month, so "Nur kommende" has something to hide).
 *
 * - Idempotent: the generated events carry one organiser id of their own; a run tops them up to
 *   `--count` or removes the surplus, and never touches any other event.
 * - `--clear` removes all generated events.
 * - Written straight into the events service's table (the API would take hours for 100,000), with
 *   the map's cell counts rebuilt once at the end. The events exist for the events service only
 *   (never announced to the others), so their stand registration is switched off.
 *
 *   npm start                                   (in one terminal: the embedded PostgreSQL runs with it)
 *   npm run seed:events -- --count 100000       (in another; DATABASE_URL if npm start uses one)
 *
 * Afterwards the events service's job `index-streets` puts the generated addresses into the address
 * search's street index ('Marktplatz, Köln' is found by 'marktplatz koeln').
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_PORTS } from '@flohmarkt/launcher/ports';

const DATABASE_URL = process.env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${DEFAULT_PORTS.postgres}/flohmarkt`;
/** The organiser of every generated event, and only of them: how a run finds its own rows. */
const SEEDED_ORGANISER = '5eed5eed-0000-4000-8000-000000000001';
const say = (line = '') => process.stdout.write(`${line}\n`);

/** The 40 largest German cities (population in thousands, 2022) and their centres. */
const TOWNS = [
  ['Berlin', 52.52, 13.405, 3755],
  ['Hamburg', 53.5511, 9.9937, 1892],
  ['München', 48.1372, 11.5755, 1512],
  ['Köln', 50.9375, 6.9603, 1084],
  ['Frankfurt am Main', 50.1109, 8.6821, 773],
  ['Stuttgart', 48.7758, 9.1829, 633],
  ['Düsseldorf', 51.2277, 6.7735, 629],
  ['Leipzig', 51.3397, 12.3731, 616],
  ['Dortmund', 51.5136, 7.4653, 593],
  ['Essen', 51.4556, 7.0116, 584],
  ['Bremen', 53.0793, 8.8017, 577],
  ['Dresden', 51.0504, 13.7373, 564],
  ['Hannover', 52.3759, 9.732, 545],
  ['Nürnberg', 49.4521, 11.0767, 523],
  ['Duisburg', 51.4344, 6.7623, 503],
  ['Bochum', 51.4818, 7.2162, 366],
  ['Wuppertal', 51.2562, 7.1508, 358],
  ['Bielefeld', 52.0302, 8.5325, 335],
  ['Bonn', 50.7374, 7.0982, 336],
  ['Münster', 51.9607, 7.6261, 320],
  ['Mannheim', 49.4875, 8.466, 315],
  ['Karlsruhe', 49.0069, 8.4037, 308],
  ['Augsburg', 48.3705, 10.8978, 301],
  ['Wiesbaden', 50.0782, 8.2398, 283],
  ['Mönchengladbach', 51.1805, 6.4428, 268],
  ['Gelsenkirchen', 51.5177, 7.0857, 263],
  ['Aachen', 50.7753, 6.0839, 252],
  ['Braunschweig', 52.2689, 10.5268, 251],
  ['Kiel', 54.3233, 10.1228, 247],
  ['Chemnitz', 50.8278, 12.9214, 245],
  ['Halle (Saale)', 51.4969, 11.9688, 242],
  ['Magdeburg', 52.1205, 11.6276, 239],
  ['Freiburg im Breisgau', 47.999, 7.8421, 237],
  ['Krefeld', 51.3388, 6.5853, 228],
  ['Mainz', 49.9929, 8.2473, 220],
  ['Lübeck', 53.8655, 10.6866, 218],
  ['Erfurt', 50.9848, 11.0299, 214],
  ['Oberhausen', 51.4963, 6.8638, 210],
  ['Rostock', 54.0924, 12.0991, 209],
  ['Kassel', 51.3127, 9.4797, 204],
];
const KINDS = ['Flohmarkt', 'Trödelmarkt', 'Hofflohmarkt', 'Kinderflohmarkt', 'Nachtflohmarkt', 'Bücherflohmarkt', 'Straßenflohmarkt', 'Kleidermarkt'];
const PLACES = ['Marktplatz', 'Schulhof', 'Kirchplatz', 'Stadtpark', 'Parkplatz am Rathaus', 'Messegelände', 'Vereinsheim', 'Innenhof'];

function option(name) {
  const i = process.argv.indexOf(name);
  return i < 0 ? undefined : process.argv[i + 1];
}

const clear = process.argv.includes('--clear');
const count = Number(option('--count') ?? (clear ? 0 : Number.NaN));
if (!Number.isInteger(count) || count < 0 || count > 5_000_000) {
  process.stderr.write('Aufruf: npm run seed:events -- --count <Anzahl bis 5000000> | --clear\n');
  process.exit(2);
}

const db = new pg.Client({ connectionString: DATABASE_URL });
try {
  await db.connect();
} catch (err) {
  process.stderr.write(`Keine Verbindung zu ${DATABASE_URL.replace(/:[^:@/]+@/, ':…@')} (${err.message}). Läuft npm start?\n`);
  process.exit(1);
}
try {
  const started = performance.now();
  const have = (await db.query('SELECT count(*)::int AS n FROM events.events WHERE organizer_id = $1', [SEEDED_ORGANISER])).rows[0].n;
  const wanted = clear ? 0 : count;
  if (wanted === have) {
    say(`${have} generierte Flohmärkte sind schon da, nichts zu tun.`);
    process.exit(0);
  }
  await db.query('BEGIN');
  // Row by row the map's cell counts would cost minutes at these sizes: off for the load, rebuilt once.
  await db.query('ALTER TABLE events.events DISABLE TRIGGER "TRG_events_map_cells"');
  if (wanted > have) await insert(wanted - have, have);
  if (wanted < have) {
    await db.query(`DELETE FROM events.events WHERE id IN (SELECT id FROM events.events WHERE organizer_id = $1 ORDER BY created_at DESC, id LIMIT $2)`, [
      SEEDED_ORGANISER,
      have - wanted,
    ]);
  }
  await db.query('SELECT events.event_map_cells_rebuild()');
  await db.query('ALTER TABLE events.events ENABLE TRIGGER "TRG_events_map_cells"');
  await db.query('COMMIT');
  await db.query('ANALYZE events.events');
  await db.query('ANALYZE events.event_map_cells');
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  say(`${wanted} generierte Flohmärkte (vorher ${have}) in ${seconds} s. Entfernen: npm run seed:events -- --clear`);
  indexStreets();
} catch (err) {
  await db.query('ROLLBACK').catch(() => undefined);
  throw err;
} finally {
  await db.end();
}

/**
 * The address search's street index learns the new events' streets from the events service's one-off
 * job (the service indexes what it writes itself; these rows came in through SQL). Deleted events
 * take theirs along by a trigger.
 */
function indexStreets() {
  const job = fileURLToPath(new URL('../../services/events/dist/index-streets.js', import.meta.url));
  if (!existsSync(job)) {
    say('Straßen für die Adresssuche nicht eingelesen: erst npm run build, dann noch einmal.');
    return;
  }
  const run = spawnSync(process.execPath, [job], { env: { ...process.env, DATABASE_URL }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`index-streets: ${run.stderr || run.stdout}`);
  const { addresses, ms } = JSON.parse(run.stdout.trim().split('\n').pop());
  say(`${addresses} Adressen in den Straßen-Index der Adresssuche aufgenommen (${(ms / 1000).toFixed(1)} s).`);
}

/**
 * `n` more events, numbered on from `from`. A town is drawn by population; 85 % of the events lie
 * within a spread that grows with the town (about 3 km for a small city, 15 km for Berlin), the
 * rest anywhere in the country's box.
 */
async function insert(n, from) {
  const names = TOWNS.map((t) => t[0]);
  const weights = TOWNS.map((t) => t[3]);
  const sum = weights.reduce((a, b) => a + b, 0);
  let share = 0;
  const cumulative = weights.map((w) => (share += w / sum));
  await db.query(
    `WITH raw AS (
        SELECT g, random() AS pick, random() < 0.85 AS near, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5
        FROM generate_series($1::int + 1, $1::int + $2::int) g),
      towns AS (
        SELECT ord AS town, cum, name, lat, lng, pop
        FROM unnest($3::float8[], $4::text[], $5::float8[], $6::float8[], $7::float8[]) WITH ORDINALITY AS t(cum, name, lat, lng, pop, ord)),
      placed AS (
        SELECT r.*, t.name AS town_name,
          -- Box-Muller: a normal spread around the centre, in kilometres scaled by the town's size.
          CASE WHEN r.near THEN t.lat + sqrt(-2 * ln(greatest(r.r1, 1e-9))) * cos(2 * pi() * r.r2) * (2 + sqrt(t.pop) / 4) / 111.2
               ELSE 47.4 + r.r1 * 7.4 END AS lat,
          CASE WHEN r.near THEN t.lng + sqrt(-2 * ln(greatest(r.r1, 1e-9))) * sin(2 * pi() * r.r2) * (2 + sqrt(t.pop) / 4) / 70.0
               ELSE 6.0 + r.r2 * 8.9 END AS lng,
          date_trunc('day', now()) + ((-30 + floor(r.r3 * 150)) * interval '1 day') + ((7 + floor(r.r4 * 8)) * interval '1 hour') AS starts
        FROM raw r CROSS JOIN LATERAL (SELECT * FROM towns WHERE towns.cum >= r.pick ORDER BY towns.cum LIMIT 1) t)
    INSERT INTO events.events (name, description, location, latitude, longitude, start_date_time, end_date_time, organizer_id, allow_stand_registration)
    SELECT ($8::text[])[1 + (g % array_length($8::text[], 1))] || ' ' || CASE WHEN near THEN town_name ELSE 'auf dem Land' END || ' Nr. ' || g,
      'Generierter Flohmarkt (npm run seed:events) zum Ausprobieren der Karte mit vielen Märkten.',
      ($9::text[])[1 + (g % array_length($9::text[], 1))] || ', ' || CASE WHEN near THEN town_name ELSE 'Deutschland' END,
      round(least(54.9, greatest(47.3, lat))::numeric, 6), round(least(15.0, greatest(5.9, lng))::numeric, 6),
      starts, starts + CASE WHEN r5 < 0.05 THEN interval '1 day 8 hours' ELSE interval '6 hours' END,
      $10::uuid, false
    FROM placed`,
    [from, n, cumulative, names, TOWNS.map((t) => t[1]), TOWNS.map((t) => t[2]), weights, KINDS, PLACES, SEEDED_ORGANISER],
  );
}
