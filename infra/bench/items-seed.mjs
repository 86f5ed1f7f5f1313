/**
 * Bulk data for the item search (issue 35): markets, their stands and the stands' items, written
 * straight into the stands service's schema (its read model of the markets, `event_facts`, stands for
 * the events service's rows: the search reads nothing else), each table in one generate_series
 * statement. Markets lie over Germany as seed-sql.mjs spreads events (60 % within about 70 km of a
 * big city), all upcoming; three stands per market on average, most at their own point near the
 * market (a fifth of those approximate), some without a point (shown at the market's); ten items per
 * market on average, titles from a German vocabulary where a few words are very common, plus made-up
 * model names that give the vocabulary (search_words) a realistic size for the typo step.
 */
import { CITIES } from './seed-sql.mjs';

/** The common words lead: a noun is drawn as NOUNS[n · r³], so the first few are in a large share of the titles. */
const NOUNS = [
  'Buch',
  'Kinderkleidung',
  'Spielzeug',
  'Tasse',
  'Jacke',
  'Puzzle',
  'Teller',
  'Lampe',
  'Schuhe',
  'Kinderbuch',
  'Vase',
  'Kleid',
  'Pullover',
  'Hose',
  'Roman',
  'Kochbuch',
  'Schallplatte',
  'Brettspiel',
  'Kerze',
  'Bilderrahmen',
  'Uhr',
  'Tischdecke',
  'Kissen',
  'Decke',
  'Fahrrad',
  'Kinderfahrrad',
  'Roller',
  'Helm',
  'Puppe',
  'Kuscheltier',
  'Bausteine',
  'Eisenbahn',
  'Autos',
  'Kamera',
  'Objektiv',
  'Radio',
  'Lautsprecher',
  'Kopfhörer',
  'Konsole',
  'Videospiel',
  'DVD',
  'CD',
  'Comic',
  'Zeitschrift',
  'Atlas',
  'Lexikon',
  'Gitarre',
  'Keyboard',
  'Geige',
  'Noten',
  'Werkzeugkoffer',
  'Bohrmaschine',
  'Schraubenzieher',
  'Gartenschere',
  'Blumentopf',
  'Gießkanne',
  'Stuhl',
  'Hocker',
  'Regal',
  'Spiegel',
  'Teppich',
  'Vorhang',
  'Besteck',
  'Gläser',
  'Schüssel',
  'Pfanne',
  'Topf',
  'Mixer',
  'Toaster',
  'Kaffeemaschine',
  'Handtasche',
  'Rucksack',
  'Gürtel',
  'Schal',
  'Mütze',
  'Handschuhe',
  'Stiefel',
  'Sandalen',
  'Turnschuhe',
  'Ohrringe',
  'Kette',
  'Armband',
  'Ring',
  'Briefmarken',
  'Münzen',
  'Postkarten',
  'Modellauto',
  'Modellbahn',
  'Figuren',
  'Gemälde',
  'Poster',
  'Skulptur',
  'Tennisschläger',
  'Fußball',
  'Skateboard',
  'Inliner',
  'Schlitten',
  'Zelt',
  'Schlafsack',
  'Angel',
];
const DETAILS = [
  'gut erhalten',
  'wie neu',
  'neuwertig',
  'gebraucht',
  'mit Gebrauchsspuren',
  'original verpackt',
  'Größe 104',
  'Größe 128',
  'Größe 38',
  'Größe 42',
  '20 Zoll',
  '24 Zoll',
  'Vintage',
  'aus Holz',
  'aus Glas',
  'aus Porzellan',
  'rot',
  'blau',
  'grün',
  'schwarz',
  'weiß',
  'groß',
  'klein',
  'für Kinder',
  'für Sammler',
  'Set',
  'Paket',
  'im Karton',
  'unbespielt',
  'handgemacht',
];
/** Syllables of the made-up model and brand names (some thousands of words in the vocabulary). */
const SYLLABLES = ['ka', 'lu', 'mo', 'ri', 'sen', 'tor', 'vel', 'xa', 'zen', 'bo', 'dra', 'fin', 'gal', 'hem', 'ix', 'jo', 'kel', 'mar', 'nu', 'pra'];
/** Words found in only a handful of items, some of them near the first city (`rareNear`): the rare-word case. */
export const RARE_WORDS = ['Grammophon', 'Rechenschieber', 'Zinnsoldaten', 'Spinnrad', 'Laterna'];
/** The very common word of the benchmark (a noun of many titles and, as „Bücher“, a category). */
export const COMMON_WORD = 'Buch';
/** A typo of a common word (one letter pair swapped): the typo step finds „Spielzeug“. */
export const TYPO_WORD = 'Spielzueg';

const STAND_DESCRIPTIONS = [
  'Kleidung, Bücher und Spielzeug aus zweiter Hand.',
  'Haushaltsauflösung: Geschirr, Möbel und Deko.',
  'Kinderkleidung und Spielzeug, alles gut erhalten.',
  'Schallplatten, CDs und alte Kameras.',
  'Werkzeug und Gartengeräte.',
  'Trödel aller Art.',
];

const sqlArray = (values) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * `markets` upcoming markets in `event_facts`, their stands and `items` items, the vocabulary refreshed
 * and statistics taken. Returns the counts written.
 */
export async function seedItemMarkets(client, { markets, items, categories }) {
  const lats = CITIES.map((c) => c.lat).join(',');
  const lngs = CITIES.map((c) => c.lng).join(',');
  // The markets, placed as seed-sql.mjs places events, each within the next 120 days.
  await client.query(`
    WITH raw AS (
      SELECT g, 1 + floor(random() * ${CITIES.length})::int AS city, random() < 0.6 AS near,
        random() AS r1, random() AS r2, random() AS r3
      FROM generate_series(1, ${markets}) g),
    placed AS (
      SELECT g, r3,
        CASE WHEN near THEN (ARRAY[${lats}])[city] + (r1 - 0.5) * 1.2 ELSE 47.4 + r1 * 7.5 END AS lat,
        CASE WHEN near THEN (ARRAY[${lngs}])[city] + (r2 - 0.5) * 1.8 ELSE 6.0 + r2 * 8.9 END AS lng
      FROM raw)
    INSERT INTO stands.event_facts (event_id, organizer_id, latitude, longitude, start_date_time, end_date_time,
      allow_stand_registration, name, location, status, deleted, version)
    SELECT gen_random_uuid(), gen_random_uuid(),
      round(least(54.9, greatest(47.3, lat))::numeric, 6)::text, round(least(15.0, greatest(5.9, lng))::numeric, 6)::text,
      date_trunc('hour', now()) + interval '1 day' + floor(r3 * 120) * interval '1 day' + interval '8 hours',
      date_trunc('hour', now()) + interval '1 day' + floor(r3 * 120) * interval '1 day' + interval '15 hours',
      true, 'Flohmarkt ' || g, 'Marktplatz ' || g, 'planned', false, 1
    FROM placed`);
  // Row triggers off while the rows go in (street announcements, wish-alert matches, the vocabulary):
  // nothing here waits on them, and the vocabulary is refreshed in one statement below.
  await client.query('ALTER TABLE stands.stands DISABLE TRIGGER USER');
  await client.query('ALTER TABLE stands.items DISABLE TRIGGER USER');
  try {
    // One to five stands per market: three quarters at their own point within about 1 km of the
    // market (a fifth of those approximate), the rest without a point; nine in ten approved.
    await client.query(`
      INSERT INTO stands.stands (event_id, exhibitor_id, description, categories, status, latitude, longitude, location_precision)
      SELECT e.event_id, gen_random_uuid(),
        CASE WHEN random() < 0.4 THEN (${sqlArray(STAND_DESCRIPTIONS)})[1 + floor(random() * ${STAND_DESCRIPTIONS.length})::int] END,
        ARRAY['Verschiedenes'], CASE WHEN random() < 0.9 THEN 'approved' ELSE 'pending' END,
        CASE WHEN own THEN round((e.latitude::numeric + (random() - 0.5) * 0.018)::numeric, 8) END,
        CASE WHEN own THEN round((e.longitude::numeric + (random() - 0.5) * 0.028)::numeric, 8) END,
        CASE WHEN own AND random() < 0.2 THEN 'approximate' ELSE 'exact' END
      -- Each lateral draw names a column of its row, so PostgreSQL draws anew for every row.
      FROM stands.event_facts e
        CROSS JOIN LATERAL generate_series(1, 1 + floor(random() * 5)::int + 0 * length(e.latitude)) n
        CROSS JOIN LATERAL (SELECT random() < 0.75 + 0 * n AS own) o`);
    // The items, on stands drawn at random: "<noun> <detail>", a third with a model name.
    await client.query(`
      WITH s AS (SELECT array_agg(id) AS ids FROM stands.stands),
      raw AS (
        SELECT g, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6, random() AS r7 FROM generate_series(1, ${items}) g)
      INSERT INTO stands.items (stand_id, title, price_kind, price_cents, category, status)
      SELECT s.ids[1 + floor(r1 * array_length(s.ids, 1))::int],
        (${sqlArray(NOUNS)})[1 + floor(${NOUNS.length} * r2 * r2 * r2)::int]
          || ' ' || (${sqlArray(DETAILS)})[1 + floor(r3 * ${DETAILS.length})::int]
          || CASE WHEN r4 < 0.33 THEN ' ' || initcap((${sqlArray(SYLLABLES)})[1 + floor(r4 * 3 * ${SYLLABLES.length})::int]
               || (${sqlArray(SYLLABLES)})[1 + (g % ${SYLLABLES.length})] || (${sqlArray(SYLLABLES)})[1 + ((g / ${SYLLABLES.length}) % ${SYLLABLES.length})]) ELSE '' END,
        CASE WHEN r5 < 0.1 THEN 'free' WHEN r5 < 0.3 THEN 'negotiable' ELSE 'fixed' END,
        CASE WHEN r5 >= 0.3 THEN 50 * (1 + floor(r6 * 100)::int) END,
        (${sqlArray(categories)})[1 + floor(r6 * ${categories.length})::int],
        CASE WHEN r7 < 0.05 THEN 'sold' WHEN r7 < 0.08 THEN 'held' ELSE 'available' END
      FROM raw, s`);
    // The rare words: in a handful of items each, three of them on approved stands near the first city.
    for (const [index, word] of RARE_WORDS.entries()) {
      await client.query(
        `UPDATE stands.items SET title = $1 || ' ' || title WHERE id IN (
           (SELECT i.id FROM stands.items i JOIN stands.stands s ON s.id = i.stand_id
            WHERE s.status = 'approved' AND s.latitude IS NOT NULL AND stands."km_between"($2::float8, $3::float8, s.latitude::float8, s.longitude::float8) < 8
              AND i.status = 'available' ORDER BY i.id OFFSET $4 LIMIT 3)
           UNION ALL (SELECT id FROM stands.items ORDER BY id DESC OFFSET $4 * 5 LIMIT 5))`,
        [word, CITIES[0].lat, CITIES[0].lng, index * 3],
      );
    }
  } finally {
    await client.query('ALTER TABLE stands.items ENABLE TRIGGER USER');
    await client.query('ALTER TABLE stands.stands ENABLE TRIGGER USER');
  }
  // The vocabulary as the product keeps it: every lexeme of the items' and descriptions' texts
  // (the statement migration SearchWords runs for rows written before its triggers).
  await client.query(`INSERT INTO stands.search_words ("word")
    SELECT unnest(tsvector_to_array(to_tsvector('german', "title" || ' ' || "category"))) FROM stands.items
    UNION SELECT unnest(tsvector_to_array(to_tsvector('german', coalesce("description", '')))) FROM stands.stands
    ON CONFLICT DO NOTHING`);
  // What autovacuum does soon after a bulk insert: statistics, and the visibility map for index-only scans.
  for (const table of ['event_facts', 'stands', 'items', 'search_words']) await client.query(`VACUUM ANALYZE stands.${table}`);
  const count = async (sql) => Number((await client.query(sql)).rows[0].n);
  return {
    markets: await count('SELECT count(*) AS n FROM stands.event_facts'),
    stands: await count('SELECT count(*) AS n FROM stands.stands'),
    items: await count('SELECT count(*) AS n FROM stands.items'),
    words: await count('SELECT count(*) AS n FROM stands.search_words'),
  };
}
