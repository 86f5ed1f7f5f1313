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

export async function seedEvents(client, count) {
  const cities = CITIES.map((c) => `(${c.lat}, ${c.lng})`).join(',');
  await client.query(`
    WITH city(lat, lng) AS (VALUES ${cities}),
    raw AS (
      SELECT g,
        CASE WHEN random() < 0.6
          THEN (SELECT lat FROM city OFFSET floor(random() * ${CITIES.length}) LIMIT 1) + (random() - 0.5) * 1.2
          ELSE 47.4 + random() * 7.5 END AS lat,
        random() AS r1, random() AS r2
      FROM generate_series(1, ${count}) g)
    INSERT INTO events.events (name, description, location, latitude, longitude, start_date_time, end_date_time, organizer_id)
    SELECT 'Flohmarkt ' || g, 'Großer Trödelmarkt mit vielen Ständen.', 'Marktplatz ' || g,
      round(least(54.9, greatest(47.3, lat))::numeric, 6),
      round((6.0 + r1 * 8.9)::numeric, 6),
      now() - interval '180 days' + (r2 * 365) * interval '1 day',
      now() - interval '180 days' + (r2 * 365) * interval '1 day' + interval '6 hours',
      gen_random_uuid()
    FROM raw`);
  await client.query('ANALYZE events.events');
}

/** Stands spread over random events, plus `bigEventStands` approved stands at one event. */
export async function seedStands(client, count, bigEventId, bigEventStands) {
  await client.query(`
    INSERT INTO stands.stands (event_id, exhibitor_id, stand_number, description, categories, status, latitude, longitude)
    SELECT $1, gen_random_uuid(), g::text, 'Kleidung, Bücher und Spielzeug aus zweiter Hand.', ARRAY['Kleidung','Bücher','Spielzeug'], 'approved', 52.52, 13.405
    FROM generate_series(1, $2::int) g`, [bigEventId, bigEventStands]);
  await client.query(`
    WITH ids AS (SELECT array_agg(id) AS all_ids FROM events.events)
    INSERT INTO stands.stands (event_id, exhibitor_id, description, categories, status)
    SELECT all_ids[1 + floor(random() * array_length(all_ids, 1))::int], gen_random_uuid(), 'Trödel aller Art.', ARRAY['Verschiedenes'],
      CASE WHEN random() < 0.8 THEN 'approved' ELSE 'pending' END
    FROM ids, generate_series(1, $1::int)`, [count - bigEventStands]);
  await client.query('ANALYZE stands.stands');
}
