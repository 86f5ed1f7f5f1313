/**
 * Bulk data for benchmarks, written straight into the owners' schemas (the services are the only
 * readers; going through the API would take minutes for 300,000 rows).
 * Events are spread over Germany with more of them around big cities, half of them upcoming.
 */
export const CITIES = [
  { name: 'Berlin', lat: 52.52, lng: 13.405 },
  { name: 'Hamburg', lat: 53.5511, lng: 9.9937 },
  { name: 'München', lat: 48.1372, lng: 11.5755 },
  { name: 'Köln', lat: 50.9375, lng: 6.9603 },
  { name: 'Frankfurt am Main', lat: 50.1109, lng: 8.6821 },
  { name: 'Leipzig', lat: 51.3397, lng: 12.3731 },
];

/**
 * `count` more events. The map's cell counts (events.event_map_cells, kept by a row trigger) are
 * rebuilt once afterwards instead of row by row: at a million rows that is a minute, not an hour.
 */
export async function seedEvents(client, count) {
  await client.query('ALTER TABLE events.events DISABLE TRIGGER "TRG_events_map_cells"');
  try {
    await insertEvents(client, count);
    await client.query('SELECT events.event_map_cells_rebuild()');
  } finally {
    await client.query('ALTER TABLE events.events ENABLE TRIGGER "TRG_events_map_cells"');
  }
  // What autovacuum does to a table soon after a bulk insert: statistics, and the visibility map
  // that lets index-only scans skip the table.
  await client.query('VACUUM ANALYZE events.events');
  await client.query('VACUUM ANALYZE events.event_map_cells');
}

async function insertEvents(client, count) {
  const lats = CITIES.map((c) => c.lat).join(',');
  const lngs = CITIES.map((c) => c.lng).join(',');
  // The city is drawn per row (a volatile expression of the row, not a subquery, which PostgreSQL
  // would evaluate once for all rows); 60 % of the events lie within about 70 km of one of them.
  await client.query(`
    WITH raw AS (
      SELECT g, 1 + floor(random() * ${CITIES.length})::int AS city, random() < 0.6 AS near,
        random() AS r1, random() AS r2, random() AS r3, random() AS r4
      FROM generate_series(1, ${count}) g),
    placed AS (
      SELECT g, r4,
        CASE WHEN near THEN (ARRAY[${lats}])[city] + (r1 - 0.5) * 1.2 ELSE 47.4 + r1 * 7.5 END AS lat,
        CASE WHEN near THEN (ARRAY[${lngs}])[city] + (r2 - 0.5) * 1.8 ELSE 6.0 + r2 * 8.9 END AS lng
      FROM raw)
    INSERT INTO events.events (name, description, location, latitude, longitude, start_date_time, end_date_time, organizer_id)
    SELECT 'Flohmarkt ' || g, 'Großer Trödelmarkt mit vielen Ständen.', 'Marktplatz ' || g,
      round(least(54.9, greatest(47.3, lat))::numeric, 6),
      round(least(15.0, greatest(5.9, lng))::numeric, 6),
      now() - interval '180 days' + (r4 * 365) * interval '1 day',
      now() - interval '180 days' + (r4 * 365) * interval '1 day' + interval '6 hours',
      gen_random_uuid()
    FROM placed`);
}

/** Stands spread over random events, plus `bigEventStands` approved stands at one event. */
export async function seedStands(client, count, bigEventId, bigEventStands) {
  await client.query(
    `
    INSERT INTO stands.stands (event_id, exhibitor_id, stand_number, description, categories, status, latitude, longitude)
    SELECT $1, gen_random_uuid(), g::text, 'Kleidung, Bücher und Spielzeug aus zweiter Hand.', ARRAY['Kleidung','Bücher','Spielzeug'], 'approved', 52.52, 13.405
    FROM generate_series(1, $2::int) g`,
    [bigEventId, bigEventStands],
  );
  await client.query(
    `
    WITH ids AS (SELECT array_agg(id) AS all_ids FROM events.events)
    INSERT INTO stands.stands (event_id, exhibitor_id, description, categories, status)
    SELECT all_ids[1 + floor(random() * array_length(all_ids, 1))::int], gen_random_uuid(), 'Trödel aller Art.', ARRAY['Verschiedenes'],
      CASE WHEN random() < 0.8 THEN 'approved' ELSE 'pending' END
    FROM ids, generate_series(1, $1::int)`,
    [count - bigEventStands],
  );
  // The approved counts as the stands service would have announced them (EventStandCountChanged,
  // version 1) and the events service stored them: the read model that event reads answer from.
  await client.query(`INSERT INTO stands.approved_count_versions (event_id, version) SELECT DISTINCT event_id, 1 FROM stands.stands`);
  await client.query(`
    UPDATE events.events e SET approved_stands = c.n, approved_stands_version = 1
    FROM (SELECT event_id, count(*)::int AS n FROM stands.stands WHERE status = 'approved' GROUP BY event_id) c
    WHERE e.id = c.event_id`);
  await client.query('VACUUM ANALYZE stands.stands');
  await client.query('VACUUM ANALYZE events.events');
}
