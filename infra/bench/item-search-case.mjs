import pg from 'pg';
import { SEARCH_ITEMS, STAND_CATEGORIES } from '@flohmarkt/contracts';
import { UNHEARD_OF_TSQUERY, itemSearchStatement, matchEstimateStatement, searchWayOf } from '@flohmarkt/stands/dist/item-search/item-search.js';
import { searchTerms } from '@flohmarkt/stands/dist/item-search/search-terms.js';
import { COMMON_WORD, RARE_WORDS, TYPO_WORD, seedItemMarkets } from './items-seed.mjs';
import { formatRow, measure, percentile } from './load.mjs';
import { CITIES } from './seed-sql.mjs';

/**
 * The item search (issue 35, item 6): `markets` upcoming markets with `items` items (items-seed.mjs),
 * then GET /api/items/search, 10 km around the first city (where the rare word's few items are),
 * one request in flight, with a very common word, a rare word and a typo'd word: through the gateway,
 * directly against the stands service, and its SQL alone. The SQL is the service's own: its tsquery
 * step (search-terms.js, run against a recorder of its statements; the service keeps a text's tsquery
 * when no word of it is a typo, so then it is not repeated), the planner's estimate that
 * picks the way in (matchEstimateStatement, searchWayOf; the service keeps it for minutes, so it is
 * not repeated) and its search statement (itemSearchStatement, which brings the page's items,
 * markets and what the stands' labels and points are made of), run back to back on one connection
 * as the service runs them.
 */
export async function itemSearchCase(stack, { say, requests, markets, items }) {
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    const started = performance.now();
    const seeded = await seedItemMarkets(db, { markets, items, categories: [...STAND_CATEGORIES] });
    say(
      `\nitem search: seeded ${seeded.markets} markets, ${seeded.stands} stands, ${seeded.items} items (vocabulary ${seeded.words} words) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await db.query('SET search_path = stands');
    const city = CITIES[0];
    const words = [
      ['common word', COMMON_WORD],
      ['rare word', RARE_WORDS[0]],
      ["typo'd word", TYPO_WORD],
    ];
    say(`${requests} requests each, 1 in flight, 10 km around ${city.name}\n`);
    for (const [kind, word] of words) {
      const params = { q: word, lat: String(city.lat), lng: String(city.lng), radiusKm: '10' };
      const search = `search?${new URLSearchParams(params)}`;
      const answer = await fetch(`${stack.publicUrl}/api/items/${search}`);
      const hits = await answer.json();
      const name = `items: ${kind} „${word}“`;
      say(`${name}: ${answer.headers.get('x-total-count')} hits in 10 km, ${hits.length} on the first page`);
      const g = await measure(() => `${stack.publicUrl}/api/items/${search}`, {
        requests,
        concurrency: 1,
        headers: { 'accept-encoding': 'gzip, deflate, br', 'cache-control': 'no-cache' },
      });
      const d = await measure(() => `${stack.urls.stands}/items/${search}`, {
        requests,
        concurrency: 1,
        headers: { 'x-internal-token': stack.env.GATEWAY_TOKEN },
      });
      const sql = await sqlAlone(db, params, requests);
      say(formatRow(`${name} (gateway)`, g));
      say(formatRow(`${name} (service directly)`, d));
      say(formatRow(`${name} (SQL alone, ${sql.statements} statements)`, sql));
      say(`${''.padEnd(44)} plan: ${sql.plan}\n`);
    }
  } finally {
    await db.end();
  }
}

/** The service's statements for one query, each run `requests` times back to back: their time together. */
async function sqlAlone(db, params, requests) {
  const statements = [];
  const recorder = {
    query: async (sql, parameters) => {
      statements.push({ sql, parameters });
      return (await db.query(sql, parameters)).rows;
    },
  };
  const query = SEARCH_ITEMS.query.parse(params);
  const { tsquery, lasting } = await searchTerms(recorder, query.q);
  if (lasting) statements.length = 0;
  // The service keeps a word's estimate for minutes, so a repeated search runs it once, as here.
  const estimateOf = async (q) => {
    const { sql, parameters } = matchEstimateStatement(q);
    return (await db.query(sql, parameters)).rows;
  };
  const way = searchWayOf(await estimateOf(tsquery), await estimateOf(UNHEARD_OF_TSQUERY), query.radiusKm);
  // As the service runs it: a named prepared statement of the connection.
  statements.push({ name: `item-search-${way}`, ...itemSearchStatement(tsquery, query, new Date(), way) });
  const runOnce = async () => {
    const t = performance.now();
    for (const { name, sql, parameters } of statements) await db.query({ name, text: sql, values: parameters });
    return performance.now() - t;
  };
  for (let i = 0; i < 50; i++) await runOnce();
  const times = [];
  const started = performance.now();
  for (let i = 0; i < requests; i++) times.push(await runOnce());
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const search = statements.at(-1);
  const [
    {
      'QUERY PLAN': [explained],
    },
  ] = (await db.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${search.sql}`, search.parameters)).rows;
  const nodes = (node) => [node, ...(node.Plans ?? []).flatMap(nodes)];
  const used = [
    ...new Set(
      nodes(explained.Plan).flatMap((n) => (n['Index Name'] ? [`${n['Node Type'] === 'Index Only Scan' ? 'index-only ' : ''}${n['Index Name']}`] : [])),
    ),
  ];
  return {
    statements: statements.length,
    rps: requests / seconds,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    plan: `from the ${way}: ${used.join(', ')}; planning ${explained['Planning Time'].toFixed(2)} ms, execution ${explained['Execution Time'].toFixed(2)} ms`,
  };
}
